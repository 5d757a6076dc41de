import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls, type TrackingQuery } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY } from './keys';

export type TrackingInput = Partial<TrackingQuery>;

export const getTracking = (input: TrackingInput) => apiRequest(calls.tracking, { query: input });

export const getTrackingQueryOptions = (input: TrackingInput) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'tracking', input],
    queryFn: () => getTracking(input),
    placeholderData: keepPreviousData,
  });

/** System tracking records of a range (≤ 30 days), newest first, a page at a time (getUserActionTracking). */
export const useTracking = (input: TrackingInput) => useQuery(getTrackingQueryOptions(input));
