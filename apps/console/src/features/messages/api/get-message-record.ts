import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export const getMessageRecord = (appId: number, id: number) =>
  apiRequest(messageCalls.detail, { params: { appId }, body: { id } });

export const getMessageRecordQueryOptions = (appId: number, id: number) =>
  queryOptions({
    queryKey: [...messagesQueryKey(appId), 'detail', id],
    queryFn: () => getMessageRecord(appId, id),
    staleTime: 0,
  });

/** One message for the detail dialog (record, targeting, schedule and waves). */
export const useMessageRecord = (appId: number, id: number | undefined) =>
  useQuery({ ...getMessageRecordQueryOptions(appId, id ?? 0), enabled: id !== undefined });
