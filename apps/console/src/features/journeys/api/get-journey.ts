import { queryOptions, useQuery } from '@tanstack/react-query';
import { journeyCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { isLive, JOURNEY_POLL_MS } from '../lib/journey-status';
import { journeysQueryKey } from './get-journeys';

export const getJourney = (appId: number, msgId: number) =>
  apiRequest(journeyCalls.detail, { params: { appId, msgId } });

export const getJourneyQueryOptions = (appId: number, msgId: number) =>
  queryOptions({
    queryKey: [...journeysQueryKey(appId), 'detail', msgId],
    queryFn: () => getJourney(appId, msgId),
    staleTime: 0,
  });

/** One journey with its steps; refetched every 3 s while its estimate is counted (19) or it runs (0, 2, 4). */
export const useJourney = (appId: number, msgId: number | undefined) =>
  useQuery({
    ...getJourneyQueryOptions(appId, msgId ?? 0),
    enabled: msgId !== undefined && msgId > 0,
    refetchInterval: (query) =>
      query.state.data && isLive(query.state.data.status) ? JOURNEY_POLL_MS : false,
  });
