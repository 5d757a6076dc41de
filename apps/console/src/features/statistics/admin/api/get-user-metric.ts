import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS, type RangeInput } from './keys';

export const getUserMetric = (input: RangeInput) => apiRequest(calls.userMetric, { query: input });

export const getUserMetricQueryOptions = (input: RangeInput) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'user-metric', input],
    queryFn: () => getUserMetric(input),
    staleTime: REPORT_STALE_MS,
  });

/** Each app's users over the range (level 100). */
export const useUserMetric = (input: RangeInput) => useQuery(getUserMetricQueryOptions(input));
