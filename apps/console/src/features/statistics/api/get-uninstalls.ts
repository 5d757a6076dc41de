import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

export interface UninstallsQuery {
  start?: string;
  end?: string;
}

export const getUninstalls = (appId: number, query: UninstallsQuery) =>
  apiRequest(statisticsCalls.uninstalls, { params: { appId }, query });

export const getUninstallsQueryOptions = (appId: number, query: UninstallsQuery) =>
  queryOptions({
    queryKey: [...statisticsQueryKey(appId), 'uninstalls', query],
    queryFn: () => getUninstalls(appId, query),
    placeholderData: keepPreviousData,
    staleTime: STATISTICS_STALE_MS,
  });

/** Uninstalls per day over a range, and the messages that preceded them (issue 32 §4). */
export const useUninstalls = (appId: number, query: UninstallsQuery) =>
  useQuery(getUninstallsQueryOptions(appId, query));
