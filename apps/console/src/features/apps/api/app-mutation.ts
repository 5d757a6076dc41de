import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation on one app's settings that refreshes the app's info and details afterwards; errors are shown by the
 * caller (forms put invalid fields at the field).
 */
export function useAppMutation<V, R>(
  appId: number,
  fn: (vars: V) => Promise<R>,
  onSuccess?: (result: R) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: fn,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['apps', appId] });
      onSuccess?.(result);
    },
  });
}
