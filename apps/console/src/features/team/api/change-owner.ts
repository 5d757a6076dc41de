import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { teamCalls, type ChangeOwnerRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { teamQueryKey } from './get-team';

export const changeOwner = async ({
  appId,
  ...body
}: z.input<typeof ChangeOwnerRequest> & { appId: number }): Promise<void> => {
  await apiRequest(teamCalls.changeOwner, { params: { appId }, body });
};

/** Hands the app to another active member. */
export const useChangeOwner = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changeOwner> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: changeOwner,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
