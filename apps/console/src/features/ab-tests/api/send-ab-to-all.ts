import { useMutation, useQueryClient } from '@tanstack/react-query';
import { abTestCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { abTestsQueryKey } from './get-ab-tests';

export interface SendAbToAllInput {
  appId: number;
  /** The test. */
  msgId: number;
  /** The arm sent to the devices in neither arm. */
  groupMsgId: number;
}

/** Send to all (fulfill): one arm, once per test, to the devices of the audience in neither arm. */
export const sendAbToAll = ({ appId, msgId, groupMsgId }: SendAbToAllInput) =>
  apiRequest(abTestCalls.sendToAll, { params: { appId, msgId, groupMsgId } });

export const useSendAbToAll = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof sendAbToAll> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: sendAbToAll,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: abTestsQueryKey(variables.appId) });
    },
  });
};
