import { queryOptions, useQuery } from '@tanstack/react-query';
import { targetingCalls } from '@beacon/shared';
import { apiRequest } from '../../lib/api-client';

export const getGaidList = (appId: number, origin: string) =>
  apiRequest(targetingCalls.listInfo, { params: { appId }, body: { origin } });

export const getGaidListQueryOptions = (appId: number, origin: string) =>
  queryOptions({
    queryKey: ['messages', appId, 'gaid-list', origin],
    queryFn: () => getGaidList(appId, origin),
    staleTime: Infinity,
  });

/** A stored GAID list (name and counts) for a saved message's file targeting; silent, the field shows its own state. */
export const useGaidList = (appId: number, origin: string | undefined) =>
  useQuery({
    ...getGaidListQueryOptions(appId, origin ?? ''),
    enabled: Boolean(origin),
    retry: false,
    meta: { silent: true },
  });
