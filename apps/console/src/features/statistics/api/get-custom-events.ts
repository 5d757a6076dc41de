import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customEventsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

export interface CustomEventsQuery {
  start?: string;
  end?: string;
}

export const getCustomEvents = (appId: number, query: CustomEventsQuery) =>
  apiRequest(customEventsCalls.report, { params: { appId }, query });

export const getCustomEventsQueryOptions = (appId: number, query: CustomEventsQuery) =>
  queryOptions({
    queryKey: [...statisticsQueryKey(appId), 'custom-events', query],
    queryFn: () => getCustomEvents(appId, query),
    placeholderData: keepPreviousData,
    staleTime: STATISTICS_STALE_MS,
  });

/** The app's custom events per UTC day and name over a range (issue 33 §2). */
export const useCustomEvents = (appId: number, query: CustomEventsQuery) =>
  useQuery(getCustomEventsQueryOptions(appId, query));
