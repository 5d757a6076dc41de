import { queryOptions, useQuery } from '@tanstack/react-query';
import { abTestCalls } from '@beacon/shared';
import { useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { needsRefresh, refreshInterval } from '../../messages';
import { abTestsQueryKey, statusesOf } from './get-ab-tests';

export const getAbTest = (appId: number, msgId: number) =>
  apiRequest(abTestCalls.detail, { params: { appId, msgId } });

export const getAbTestQueryOptions = (appId: number, msgId: number) =>
  queryOptions({
    queryKey: [...abTestsQueryKey(appId), 'detail', msgId],
    queryFn: () => getAbTest(appId, msgId),
    staleTime: 0,
  });

/**
 * One A/B test with its settings, arms and significance. `live`: refetched every few seconds while an arm (or the
 * "send to all" message) sends, and a little after, so the counters fill in (the detail dialog); the compose screen
 * reads it once.
 */
export const useAbTest = (appId: number, msgId: number | undefined, { live = false } = {}) => {
  const lastSendingAt = useRef(Number.NEGATIVE_INFINITY);
  return useQuery({
    ...getAbTestQueryOptions(appId, msgId ?? 0),
    enabled: msgId !== undefined && msgId > 0,
    refetchInterval: (query) => {
      if (!live) return false;
      const statuses = query.state.data ? statusesOf([query.state.data]) : [];
      const now = Date.now();
      if (needsRefresh(statuses)) lastSendingAt.current = now;
      return refreshInterval(statuses, lastSendingAt.current, now);
    },
  });
};
