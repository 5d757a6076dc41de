import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messageCalls, type MessageListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useRef } from 'react';
import { needsRefresh, refreshInterval } from '../lib/message-status';

export const getMessages = (appId: number, body: MessageListRequest) =>
  apiRequest(messageCalls.list, { params: { appId }, body });

export const messagesQueryKey = (appId: number) => ['messages', appId] as const;

export const getMessagesQueryOptions = (appId: number, body: MessageListRequest) =>
  queryOptions({
    queryKey: [...messagesQueryKey(appId), 'list', body],
    queryFn: () => getMessages(appId, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The notification list; it refreshes every few seconds while a row is sending, and stops a little after none is. */
export const useMessages = (appId: number, body: MessageListRequest) => {
  const lastSendingAt = useRef(Number.NEGATIVE_INFINITY);
  return useQuery({
    ...getMessagesQueryOptions(appId, body),
    refetchInterval: (query) => {
      const statuses = query.state.data?.results.map((r) => r.status) ?? [];
      const now = Date.now();
      if (needsRefresh(statuses)) lastSendingAt.current = now;
      return refreshInterval(statuses, lastSendingAt.current, now);
    },
  });
};

/** A row action's target: the message, and with `group` every message of its app-group send (`?group=1`). */
export interface ScopedTarget {
  appId: number;
  msgId: number;
  group?: boolean;
}
