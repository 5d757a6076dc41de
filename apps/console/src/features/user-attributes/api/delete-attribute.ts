import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userAttributeCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { attributesQueryKey } from './get-attributes';

/** Deletes an attribute: its definition and its value on every user of the app. */
export const deleteAttribute = (appId: number, key: string) =>
  apiRequest(userAttributeCalls.remove, { params: { appId }, body: { key } });

export const useDeleteAttribute = (appId: number, onSuccess?: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (key: string) => deleteAttribute(appId, key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: attributesQueryKey(appId) });
      onSuccess?.();
    },
  });
};
