import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls, type StatMode } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS } from './keys';

export const getYesterday = (input: { type: StatMode }) => apiRequest(calls.yesterday, { query: input });

export const getYesterdayQueryOptions = (input: { type: StatMode }) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'yesterday', input],
    queryFn: () => getYesterday(input),
    staleTime: REPORT_STALE_MS,
  });

/** Every app together: yesterday and the day before, per statistics mode (level 100). */
export const useYesterday = (input: { type: StatMode }) => useQuery(getYesterdayQueryOptions(input));
