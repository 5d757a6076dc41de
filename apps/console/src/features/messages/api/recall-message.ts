import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey, type ScopedTarget } from './get-messages';

/** Recall: the devices that got the message remove it. */
export const recallMessage = async ({ appId, msgId, group = false }: ScopedTarget): Promise<void> => {
  await apiRequest(messageCalls.retreat, { params: { appId, msgId }, query: group ? { group: '1' } : {} });
};

export const useRecallMessage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof recallMessage> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: recallMessage,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(variables.appId) });
    },
  });
};
