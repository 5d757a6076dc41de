import { useMutation } from '@tanstack/react-query';
import { callPath, uploadCalls, type ImageKind, type StoredImage } from '@beacon/shared';
import { currentLanguage } from '../../i18n';
import { uploadFile } from '../../lib/upload-file';

export interface UploadImageInput {
  appId: number;
  kind: ImageKind;
  file: File;
}

/** Posts an image as multipart `kind` + `file`; the server checks it against IMAGE_RULES[kind]. */
export function uploadImage({ appId, kind, file }: UploadImageInput): Promise<StoredImage> {
  return uploadFile(uploadCalls.image, file, currentLanguage(), {
    url: callPath(uploadCalls.image.path, { appId }),
    fields: { kind },
  });
}

export const useUploadImage = () => useMutation({ meta: { handlesErrors: true }, mutationFn: uploadImage });
