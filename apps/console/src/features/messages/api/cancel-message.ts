import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey, type ScopedTarget } from './get-messages';

/** Cancel a message that has not started. */
export const cancelMessage = async ({ appId, msgId, group = false }: ScopedTarget): Promise<void> => {
  await apiRequest(messageCalls.cancel, { params: { appId, msgId }, query: group ? { group: '1' } : {} });
};

export const useCancelMessage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof cancelMessage> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: cancelMessage,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(variables.appId) });
    },
  });
};
