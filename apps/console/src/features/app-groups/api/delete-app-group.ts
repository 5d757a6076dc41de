import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appGroupCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { APP_GROUPS_QUERY_KEY } from './get-app-groups';

export const deleteAppGroup = async ({ groupId }: { groupId: number }): Promise<void> => {
  await apiRequest(appGroupCalls.remove, { params: { groupId } });
};

export const useDeleteAppGroup = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteAppGroup> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteAppGroup,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: APP_GROUPS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
