import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { teamCalls, type InviteRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { teamQueryKey } from './get-team';

export const inviteMember = ({ appId, ...body }: z.input<typeof InviteRequest> & { appId: number }) =>
  apiRequest(teamCalls.invite, { params: { appId }, body });

/** Invites a teammate by e-mail; the server mails the link. */
export const useInviteMember = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof inviteMember> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: inviteMember,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
