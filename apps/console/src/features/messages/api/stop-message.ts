import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey } from './get-messages';

/** Stop sending: no new sends after it answers. */
export const stopMessage = async ({ appId, msgId }: { appId: number; msgId: number }): Promise<void> => {
  await apiRequest(messageCalls.stop, { params: { appId, msgId } });
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
