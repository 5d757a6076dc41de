import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
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

/** Several saved messages at once (an A/B test's arms), in the order of `ids`. */
export const useMessageDetails = (appId: number, ids: readonly number[]) =>
  useQueries({ queries: ids.map((id) => ({ ...getMessageDetailQueryOptions(appId, id), enabled: id > 0 })) });
