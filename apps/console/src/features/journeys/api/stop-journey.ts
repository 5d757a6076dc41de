import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journeyCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { journeysQueryKey } from './get-journeys';

/** Stop a journey: every step not ended stops, and steps waiting their turn never enter. */
export const stopJourney = ({ appId, msgId }: { appId: number; msgId: number }) =>
  apiRequest(journeyCalls.stop, { params: { appId, msgId } });

export const useStopJourney = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof stopJourney> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: stopJourney,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: journeysQueryKey(variables.appId) });
    },
  });
};
