import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { tagsQueryKey } from './get-tags';

export const deleteTag = async ({
  appId,
  id,
  name,
}: {
  appId: number;
  id: number;
  name: string;
}): Promise<void> => {
  await apiRequest(tagCalls.remove, { params: { appId }, body: { id, name } });
};

export const useDeleteTag = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteTag> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteTag,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: tagsQueryKey(args[1].appId) });
      await queryClient.invalidateQueries({ queryKey: ['dictionaries', 'app', args[1].appId] });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
