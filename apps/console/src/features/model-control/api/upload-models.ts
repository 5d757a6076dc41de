import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MessageLang, modelControlCalls, type ModelUploadPreview } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';
import { type MutationConfig } from '../../../lib/react-query';
import { MODELS_QUERY_KEY } from './get-models';

/** Posts a models `.xlsx` as multipart `file` and returns the preview (nothing is applied yet). */
export function uploadModels({
  shieldType,
  file,
  lang,
}: {
  shieldType: 1 | 2;
  file: File;
  lang: MessageLang;
}): Promise<ModelUploadPreview> {
  return uploadFile(modelControlCalls.upload, file, lang, {
    url: `${modelControlCalls.upload.path}?shieldType=${shieldType}`,
  });
}

export const useUploadModels = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof uploadModels> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: uploadModels });

export const confirmUpload = ({ uploadId }: { uploadId: string }) =>
  apiRequest(modelControlCalls.confirmUpload, { body: { uploadId } });

export const useConfirmUpload = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof confirmUpload> } = {}) => {
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
