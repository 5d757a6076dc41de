import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls, type StatMode } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

/** The dimension report's filters: the link's range as it is, the mode and comma lists ('' = all). */
export interface DimensionReportQuery {
  start?: string;
  end?: string;
  type: StatMode;
  country: string;
  version: string;
}

export const getDimensionReport = (appId: number, query: DimensionReportQuery) =>
  apiRequest(statisticsCalls.dimension, { params: { appId }, query });

export const getDimensionReportQueryOptions = (appId: number, query: DimensionReportQuery) =>
  queryOptions({
    queryKey: [...statisticsQueryKey(appId), 'dimension', query],
    queryFn: () => getDimensionReport(appId, query),
    placeholderData: keepPreviousData,
    staleTime: STATISTICS_STALE_MS,
  });

/** The dimension report by day, with its total and average rows. */
export const useDimensionReport = (appId: number, query: DimensionReportQuery) =>
  useQuery(getDimensionReportQueryOptions(appId, query));
