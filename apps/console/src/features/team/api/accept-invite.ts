import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const acceptInvite = (token: string) => apiRequest(teamCalls.acceptInvite, { body: { token } });

/** Joins the app as the signed-in user; every app list and app screen is refreshed. */
export const useAcceptInvite = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof acceptInvite> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: acceptInvite,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries();
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
