import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls, type StatMode } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

export const getYesterday = (appId: number, type: StatMode) =>
  apiRequest(statisticsCalls.yesterday, { params: { appId }, query: { type } });

export const getYesterdayQueryOptions = (appId: number, type: StatMode) =>
  queryOptions({
    queryKey: [...statisticsQueryKey(appId), 'yesterday', type],
    queryFn: () => getYesterday(appId, type),
    placeholderData: keepPreviousData,
    staleTime: STATISTICS_STALE_MS,
  });

/** Yesterday's figures and the day before's, for the cards. */
export const useYesterday = (appId: number, type: StatMode) =>
  useQuery(getYesterdayQueryOptions(appId, type));
