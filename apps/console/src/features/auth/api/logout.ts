import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

/** Signs out; SSO users sign out at the provider too. Returns the URL to leave for, or '' to stay. */
export const logout = async ({ sso }: { sso: boolean }): Promise<string> => {
  if (sso) return (await apiRequest(userCalls.ssoLogout)).url;
  await apiRequest(userCalls.logout);
  return '';
};

export const useLogout = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof logout> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: logout,
    onSettled: (...args) => {
      queryClient.clear();
      return mutationConfig?.onSettled?.(...args);
    },
  });
};
