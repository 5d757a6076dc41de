import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey, type ScopedTarget } from './get-messages';

/** Delete a message from the list. */
export const deleteMessage = async ({ appId, msgId, group = false }: ScopedTarget): Promise<void> => {
  await apiRequest(messageCalls.remove, { params: { appId, msgId }, query: group ? { group: '1' } : {} });
};

export const useDeleteMessage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteMessage> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteMessage,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(variables.appId) });
    },
  });
};
