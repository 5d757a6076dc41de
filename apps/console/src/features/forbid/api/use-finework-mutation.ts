import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { FINEWORK_QUERY_KEY } from './get-finework-summary';

/** A fine-work change: afterwards the tab's lists and every control view (`forbid` queries) are refetched. */
export function useFineworkMutation<TInput, TData>(
  mutationFn: (input: TInput) => Promise<TData>,
  mutationConfig?: Omit<UseMutationOptions<TData, Error, TInput>, 'mutationFn'>,
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TInput>({
    ...mutationConfig,
    mutationFn,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: FINEWORK_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['forbid'] }),
      ]);
      return mutationConfig?.onSuccess?.(...args);
    },
  });
}
