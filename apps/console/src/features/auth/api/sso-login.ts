import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { SESSION_QUERY_KEY } from './get-login-status';

export const ssoLogin = (query: { code: string; state?: string }) =>
  apiRequest(userCalls.ssoLogin, { query });

export const useSsoLogin = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof ssoLogin> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: ssoLogin,
    onSuccess: (...args) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, args[0]);
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
