import { useMutation, useQueryClient } from '@tanstack/react-query';
import { abTestCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { abTestsQueryKey } from './get-ab-tests';

/** Delete an A/B test with its arms (delMessageABtest). */
export const deleteAbTest = async ({ appId, msgId }: { appId: number; msgId: number }): Promise<void> => {
  await apiRequest(abTestCalls.remove, { params: { appId, msgId } });
};

export const useDeleteAbTest = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteAbTest> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteAbTest,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: abTestsQueryKey(variables.appId) });
    },
  });
};
