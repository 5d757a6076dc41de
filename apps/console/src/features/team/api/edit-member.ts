import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { teamCalls, type EditMemberRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { teamQueryKey } from './get-team';

export const editMember = async ({
  appId,
  ...body
}: z.input<typeof EditMemberRequest> & { appId: number }): Promise<void> => {
  await apiRequest(teamCalls.edit, { params: { appId }, body });
};

/** Gives a member another role (300, 400, 500). */
export const useEditMember = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof editMember> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: editMember,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
