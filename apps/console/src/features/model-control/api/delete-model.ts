import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modelControlCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { MODELS_QUERY_KEY } from './get-models';

export const deleteModel = async ({ id }: { id: number }): Promise<void> => {
  await apiRequest(modelControlCalls.remove, { body: { id } });
};

export const useDeleteModel = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteModel> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteModel,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: MODELS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
