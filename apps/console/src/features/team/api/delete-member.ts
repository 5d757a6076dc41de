import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { teamCalls, type MemberRowRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { teamQueryKey } from './get-team';

export const deleteMember = async ({
  appId,
  ...body
}: z.input<typeof MemberRowRequest> & { appId: number }): Promise<void> => {
  await apiRequest(teamCalls.remove, { params: { appId }, body });
};

/** Removes a member from the app. */
export const useDeleteMember = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteMember> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: deleteMember,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
