import { useMutation } from '@tanstack/react-query';
import { callPath, iconCalls } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { type MutationConfig } from '../../../lib/react-query';
import { uploadFile } from '../../../lib/upload-file';

export const uploadIcon = ({ appId, file }: { appId: number; file: File }) =>
  uploadFile(
    { ...iconCalls.upload, path: callPath(iconCalls.upload.path, { appId }) },
    file,
    currentLanguage(),
  );

/** Uploads a small icon (checked again by the server); answers its /files URL. */
export const useUploadIcon = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof uploadIcon> } = {}) =>
  useMutation({ meta: { handlesErrors: true }, ...mutationConfig, mutationFn: uploadIcon });
