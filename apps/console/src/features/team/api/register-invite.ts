import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { teamCalls, type InviteRegisterRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const registerInvite = (body: z.input<typeof InviteRegisterRequest>) =>
  apiRequest(teamCalls.registerInvite, { body });

/** Creates the invited account, signs it in and joins the app in one step. */
export const useRegisterInvite = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof registerInvite> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: registerInvite,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries();
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
