import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { abTestCalls, type AbTestListRequest, type AbTestRow } from '@beacon/shared';
import { useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey, needsRefresh, refreshInterval } from '../../messages';

export const getAbTests = (appId: number, body: AbTestListRequest) =>
  apiRequest(abTestCalls.list, { params: { appId }, body });

/** Under the messages' key: a stop, cancel or recall of the messages feature refreshes the A/B lists too. */
export const abTestsQueryKey = (appId: number) => [...messagesQueryKey(appId), 'abtest'] as const;

export const getAbTestsQueryOptions = (appId: number, body: AbTestListRequest) =>
  queryOptions({
    queryKey: [...abTestsQueryKey(appId), 'list', body],
    queryFn: () => getAbTests(appId, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The statuses that move a test's counters: the test's and each of its messages' (arms and the rest). */
export const statusesOf = (rows: readonly AbTestRow[]): number[] =>
  rows.flatMap((r) => [r.status, ...r.childMsgs.map((c) => c.status)]);

/** The A/B list; it refreshes every few seconds while a test or an arm sends, and a little after. */
export const useAbTests = (appId: number, body: AbTestListRequest) => {
  const lastSendingAt = useRef(Number.NEGATIVE_INFINITY);
  return useQuery({
    ...getAbTestsQueryOptions(appId, body),
    refetchInterval: (query) => {
      const statuses = statusesOf(query.state.data?.msgs ?? []);
      const now = Date.now();
      if (needsRefresh(statuses)) lastSendingAt.current = now;
      return refreshInterval(statuses, lastSendingAt.current, now);
    },
  });
};
