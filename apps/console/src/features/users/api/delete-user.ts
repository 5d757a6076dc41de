import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { USERS_QUERY_KEY } from './get-users';

export const deleteUser = async ({ email }: { email: string }): Promise<void> => {
  await apiRequest(userCalls.remove, { body: { email } });
};

export const useDeleteUser = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteUser> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
