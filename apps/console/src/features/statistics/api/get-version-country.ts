import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import type { DimensionReportQuery } from './get-dimension-report';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

export const getVersionCountry = (appId: number, query: DimensionReportQuery) =>
  apiRequest(statisticsCalls.versionCountry, { params: { appId }, query });

export const getVersionCountryQueryOptions = (appId: number, query: DimensionReportQuery) =>
  queryOptions({
    queryKey: [...statisticsQueryKey(appId), 'versionCountry', query],
    queryFn: () => getVersionCountry(appId, query),
    placeholderData: keepPreviousData,
    staleTime: STATISTICS_STALE_MS,
  });

/** The range's figures by country and by app version (the sub-report, and the version filter's options). */
export const useVersionCountry = (appId: number, query: DimensionReportQuery) =>
  useQuery(getVersionCountryQueryOptions(appId, query));
