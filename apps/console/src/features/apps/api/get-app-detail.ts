import { queryOptions, useQuery } from '@tanstack/react-query';
import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getAppDetail = async (appId: number) =>
  (await apiRequest(appCalls.detail, { params: { appId }, body: {} })).result;

export const appDetailQueryKey = (appId: number) => ['apps', appId, 'detail'] as const;

export const getAppDetailQueryOptions = (appId: number) =>
  queryOptions({ queryKey: appDetailQueryKey(appId), queryFn: () => getAppDetail(appId), staleTime: 0 });

/** The app details screen's data (owner and super admins only). */
export const useAppDetail = (appId: number) => useQuery(getAppDetailQueryOptions(appId));
