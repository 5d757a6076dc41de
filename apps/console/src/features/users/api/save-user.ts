import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { userCalls, type UserSaveRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { USERS_QUERY_KEY } from './get-users';

export const saveUser = (body: z.input<typeof UserSaveRequest>) => apiRequest(userCalls.save, { body });

export const useSaveUser = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveUser> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: saveUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
