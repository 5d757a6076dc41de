import {
  type QueryKey,
  type Register,
  useMutation,
  type UseMutationOptions,
  useQueryClient,
} from '@tanstack/react-query';

type AnyFn = (...args: never[]) => Promise<unknown>;

/** Extra options a mutation hook accepts (bulletproof-react style). */
export type MutationConfig<Fn extends AnyFn> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;

/** Extra options a query hook accepts. */
export interface QueryConfig {
  enabled?: boolean;
  retry?: boolean | number;
  staleTime?: number;
  meta?: Register['queryMeta'];
}

/**
 * A mutation that, once it succeeds, refetches the queries its change makes stale (`invalidates`, from the call's
 * variables), then runs the caller's own `onSuccess`.
 */
export function useInvalidatingMutation<TData, TVariables>({
  mutationFn,
  invalidates,
  mutationConfig,
  meta,
}: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  invalidates: (variables: TVariables) => QueryKey[];
  mutationConfig?: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> | undefined;
  meta?: Register['mutationMeta'];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...(meta && { meta }),
    ...mutationConfig,
    mutationFn,
    onSuccess: async (...args) => {
      for (const queryKey of invalidates(args[1])) await queryClient.invalidateQueries({ queryKey });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
}
