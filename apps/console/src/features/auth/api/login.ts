import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { userCalls, type LoginRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { SESSION_QUERY_KEY } from './get-login-status';

export const login = (body: z.input<typeof LoginRequest>) => apiRequest(userCalls.login, { body });

export const useLogin = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof login> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: login,
    onSuccess: (...args) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, args[0]);
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
