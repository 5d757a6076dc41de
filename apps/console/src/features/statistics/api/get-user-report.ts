import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

export interface UserReportQuery {
  start?: string;
  end?: string;
}

export const getUserReport = (appId: number, query: UserReportQuery) =>
  apiRequest(statisticsCalls.users, { params: { appId }, query });

export const getUserReportQueryOptions = (appId: number, query: UserReportQuery) =>
  queryOptions({
    queryKey: [...statisticsQueryKey(appId), 'users', query],
    queryFn: () => getUserReport(appId, query),
    placeholderData: keepPreviousData,
    staleTime: STATISTICS_STALE_MS,
  });

/** Effective and new users per day, with yesterday and the day before. */
export const useUserReport = (appId: number, query: UserReportQuery) =>
  useQuery(getUserReportQueryOptions(appId, query));
