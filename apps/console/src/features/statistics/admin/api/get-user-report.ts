import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS, type RangeInput } from './keys';

export const getUserReport = (input: RangeInput) => apiRequest(calls.users, { query: input });

export const getUserReportQueryOptions = (input: RangeInput) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'user-report', input],
    queryFn: () => getUserReport(input),
    staleTime: REPORT_STALE_MS,
  });

/** Effective and new users of every app by day (level 100). */
export const useUserReport = (input: RangeInput) => useQuery(getUserReportQueryOptions(input));
