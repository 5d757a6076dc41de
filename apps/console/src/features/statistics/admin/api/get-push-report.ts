import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls, type StatMode } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS, type RangeInput } from './keys';

export const getPushReport = (input: RangeInput & { type: StatMode }) =>
  apiRequest(calls.push, { query: input });

export const getPushReportQueryOptions = (input: RangeInput & { type: StatMode }) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'push-report', input],
    queryFn: () => getPushReport(input),
    staleTime: REPORT_STALE_MS,
  });

/** The push trend of every app and one row per app (level 100). */
export const usePushReport = (input: RangeInput & { type: StatMode }) =>
  useQuery(getPushReportQueryOptions(input));
