import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userGroupCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { userGroupsQueryKey } from './get-user-groups';

export const deleteUserGroup = async ({
  appId,
  id,
  name,
}: {
  appId: number;
  id: number;
  name: string;
}): Promise<void> => {
  await apiRequest(userGroupCalls.remove, { params: { appId }, body: { id, name } });
};

export const useDeleteUserGroup = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteUserGroup> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteUserGroup,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: userGroupsQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
