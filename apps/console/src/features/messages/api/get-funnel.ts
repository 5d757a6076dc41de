import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export const getFunnel = (appId: number, msgId: number) =>
  apiRequest(statisticsCalls.funnel, { params: { appId, msgId } });

export const getFunnelQueryOptions = (appId: number, msgId: number) =>
  queryOptions({
    queryKey: [...messagesQueryKey(appId), 'funnel', msgId],
    queryFn: () => getFunnel(appId, msgId),
    staleTime: 0,
  });

/** Push, channel reach, target receive, target reach, show, click; asked only when `enabled` (project level 100). */
export const useFunnel = (appId: number, msgId: number, refetchInterval: number | false, enabled = true) =>
  useQuery({ ...getFunnelQueryOptions(appId, msgId), refetchInterval, enabled });
