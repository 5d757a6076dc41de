import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callPath, Envelope, ErrorCodes, errorMessage, FieldError, StoredImage, uploadCalls, type ImageKind } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { ApiError } from '../../../lib/api-error';

const AnyEnvelope = Envelope(z.unknown());
const FieldList = z.object({ fields: z.array(FieldError) });

export interface UploadImageInput {
  appId: number;
  kind: ImageKind;
  file: File;
}

/** Posts an image as multipart `kind` + `file`; the server checks it against IMAGE_RULES[kind]. */
export async function uploadImage({ appId, kind, file }: UploadImageInput): Promise<StoredImage> {
  const lang = currentLanguage();
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(callPath(uploadCalls.image.path, { appId }), { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json', 'Accept-Language': lang } });
  } catch {
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  if (response.status === 401) throw new ApiError({ kind: 'unauthorized', code: 401, httpStatus: 401, message: errorMessage(401, lang) });
  const envelope = AnyEnvelope.safeParse(await response.json().catch(() => undefined));
  if (!envelope.success) throw new ApiError({ kind: 'server', code: 0, httpStatus: response.status, message: errorMessage(0, lang) });
  const { status, msg, data } = envelope.data;
  if (status !== ErrorCodes.SUCCESS) {
    const fields = FieldList.safeParse(data);
    throw new ApiError({ kind: 'business', code: status, httpStatus: response.status, message: msg || errorMessage(status, lang), fields: fields.success ? fields.data.fields : [] });
  }
  const parsed = StoredImage.safeParse(data);
  if (!parsed.success) throw new ApiError({ kind: 'server', code: 0, httpStatus: response.status, message: errorMessage(0, lang) });
  return parsed.data;
}

export const useUploadImage = () => useMutation({ meta: { handlesErrors: true }, mutationFn: uploadImage });
