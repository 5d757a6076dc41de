import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Envelope, ErrorCodes, errorMessage, FieldError, type MessageLang, modelControlCalls, ModelUploadPreview } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { type MutationConfig } from '../../../lib/react-query';
import { MODELS_QUERY_KEY } from './get-models';

const AnyEnvelope = Envelope(z.unknown());
const FieldList = z.object({ fields: z.array(FieldError) });

/** Posts a models `.xlsx` as multipart `file` and returns the preview (nothing is applied yet). */
export async function uploadModels({ shieldType, file, lang }: { shieldType: 1 | 2; file: File; lang: MessageLang }): Promise<ModelUploadPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${modelControlCalls.upload.path}?shieldType=${shieldType}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': lang },
    });
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
  const parsed = ModelUploadPreview.safeParse(data);
  if (!parsed.success) throw new ApiError({ kind: 'server', code: 0, httpStatus: response.status, message: errorMessage(0, lang) });
  return parsed.data;
}

export const useUploadModels = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof uploadModels> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: uploadModels });

export const confirmUpload = ({ uploadId }: { uploadId: string }) => apiRequest(modelControlCalls.confirmUpload, { body: { uploadId } });

export const useConfirmUpload = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof confirmUpload> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: confirmUpload,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: MODELS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
