import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type GlobalReportListBody, platformStatisticsCalls as calls } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS } from './keys';

export type GlobalReportListInput = Partial<GlobalReportListBody>;

export const getGlobalReportList = (input: GlobalReportListInput) =>
  apiRequest(calls.msgList, { body: input });

export const getGlobalReportListQueryOptions = (input: GlobalReportListInput) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'global-report-list', input],
    queryFn: () => getGlobalReportList(input),
    staleTime: REPORT_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** The report tab's rows per day or week and app, a page at a time (levels 100 and 150). */
export const useGlobalReportList = (input: GlobalReportListInput) =>
  useQuery(getGlobalReportListQueryOptions(input));
