import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey, type ScopedTarget } from './get-messages';

/** Stop sending: no new sends after it answers. */
export const stopMessage = async ({ appId, msgId, group = false }: ScopedTarget): Promise<void> => {
  await apiRequest(messageCalls.stop, { params: { appId, msgId }, query: group ? { group: '1' } : {} });
};

export const useStopMessage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof stopMessage> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: stopMessage,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(variables.appId) });
    },
  });
};
