import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { teamCalls, type MemberRowRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { teamQueryKey } from './get-team';

export const cancelInvite = async ({
  appId,
  ...body
}: z.input<typeof MemberRowRequest> & { appId: number }): Promise<void> => {
  await apiRequest(teamCalls.cancelInvite, { params: { appId }, body });
};

/** Withdraws a pending invitation (its link stops working). */
export const useCancelInvite = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof cancelInvite> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: cancelInvite,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
