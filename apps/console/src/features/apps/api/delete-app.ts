import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { APPS_QUERY_KEY } from './get-apps';

export const deleteApp = (appId: number, pkg: string) =>
  apiRequest(appCalls.remove, { params: { appId }, body: { pkg } });

/** Deletes the app once its package name was typed; the server's message is shown on failure. */
export const useDeleteApp = (appId: number, onSuccess?: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pkg: string) => deleteApp(appId, pkg),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY });
      onSuccess?.();
    },
  });
};
