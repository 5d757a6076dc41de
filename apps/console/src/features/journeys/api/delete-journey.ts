import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journeyCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { journeysQueryKey } from './get-journeys';

/** delMessageJourney: the journey and its steps (before it runs or after it ended). */
export const deleteJourney = ({ appId, msgId }: { appId: number; msgId: number }) =>
  apiRequest(journeyCalls.remove, { params: { appId, msgId } });

export const useDeleteJourney = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteJourney> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteJourney,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: journeysQueryKey(variables.appId) });
    },
  });
};
