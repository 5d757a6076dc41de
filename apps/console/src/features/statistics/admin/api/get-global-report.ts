import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type GlobalReportBody, platformStatisticsCalls as calls } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS } from './keys';

export type GlobalReportInput = Partial<GlobalReportBody>;

export const getGlobalReport = (input: GlobalReportInput) => apiRequest(calls.msgStat, { body: input });

export const getGlobalReportQueryOptions = (input: GlobalReportInput) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'global-report', input],
    queryFn: () => getGlobalReport(input),
    staleTime: REPORT_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** The report tab's figures by day or ISO week and their total (levels 100 and 150). */
export const useGlobalReport = (input: GlobalReportInput) => useQuery(getGlobalReportQueryOptions(input));
