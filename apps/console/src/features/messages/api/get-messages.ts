import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messageCalls, type MessageListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { LIST_REFRESH_MS, needsRefresh } from '../lib/message-status';

export const getMessages = (appId: number, body: MessageListRequest) => apiRequest(messageCalls.list, { params: { appId }, body });

export const messagesQueryKey = (appId: number) => ['messages', appId] as const;

export const getMessagesQueryOptions = (appId: number, body: MessageListRequest) =>
  queryOptions({ queryKey: [...messagesQueryKey(appId), 'list', body], queryFn: () => getMessages(appId, body), placeholderData: keepPreviousData, staleTime: 0 });

/** The notification list; it refreshes every few seconds while a row is sending, and stops once none is. */
export const useMessages = (appId: number, body: MessageListRequest) =>
  useQuery({
    ...getMessagesQueryOptions(appId, body),
    refetchInterval: (query) => (needsRefresh(query.state.data?.results.map((r) => r.status) ?? []) ? LIST_REFRESH_MS : false),
  });
