import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GLOBAL_SETTINGS_QUERY_KEY } from './get-global-settings';

/**
 * A mutation of the global settings that refreshes `queryKey` afterwards. Failures show the error alert unless
 * `handlesErrors` (forms that put 400s at their fields).
 */
export function useSettingsMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  queryKey: readonly unknown[] = GLOBAL_SETTINGS_QUERY_KEY,
  handlesErrors = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors },
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
