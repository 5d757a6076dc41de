import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journeyCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { journeysQueryKey } from './get-journeys';

/** flowChartReCalculate: the estimate is counted again (status 18 or 20 → 19). */
export const recalcJourney = ({ appId, msgId }: { appId: number; msgId: number }) =>
  apiRequest(journeyCalls.reCalc, { params: { appId, msgId } });

export const useRecalcJourney = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof recalcJourney> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: recalcJourney,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: journeysQueryKey(variables.appId) });
    },
  });
};
