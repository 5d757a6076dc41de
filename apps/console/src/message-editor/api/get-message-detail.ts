import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../lib/api-client';

export const getMessageDetail = (appId: number, id: number) =>
  apiRequest(messageCalls.detail, { params: { appId }, body: { id } });

export const getMessageDetailQueryOptions = (appId: number, id: number) =>
  queryOptions({
    queryKey: ['messages', appId, 'detail', id],
    queryFn: () => getMessageDetail(appId, id),
    staleTime: 0,
  });

/** One saved message, for act=edit and act=copy. */
export const useMessageDetail = (appId: number, id: number | undefined) =>
  useQuery({ ...getMessageDetailQueryOptions(appId, id ?? 0), enabled: id !== undefined && id > 0 });
