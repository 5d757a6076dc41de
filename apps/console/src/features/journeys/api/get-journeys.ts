import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { journeyCalls, type JourneyListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from '../../messages';
import { isLive, JOURNEY_POLL_MS } from '../lib/journey-status';

export const getJourneys = (appId: number, body: JourneyListRequest) =>
  apiRequest(journeyCalls.list, { params: { appId }, body });

/** Under the messages' key: what changes a message refreshes the journeys too. */
export const journeysQueryKey = (appId: number) => [...messagesQueryKey(appId), 'canvas'] as const;

export const getJourneysQueryOptions = (appId: number, body: JourneyListRequest) =>
  queryOptions({
    queryKey: [...journeysQueryKey(appId), 'list', body],
    queryFn: () => getJourneys(appId, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The journeys list; it refreshes every 3 s while a journey counts its estimate or runs. */
export const useJourneys = (appId: number, body: JourneyListRequest) =>
  useQuery({
    ...getJourneysQueryOptions(appId, body),
    refetchInterval: (query) =>
      (query.state.data?.msgs ?? []).some((r) => isLive(r.status)) ? JOURNEY_POLL_MS : false,
  });
