import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey } from './get-messages';

/** Delete a message from the list. */
export const deleteMessage = async ({ appId, msgId }: { appId: number; msgId: number }): Promise<void> => {
  await apiRequest(messageCalls.remove, { params: { appId, msgId } });
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
