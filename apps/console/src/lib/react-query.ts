import { type Register, type UseMutationOptions } from '@tanstack/react-query';

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
