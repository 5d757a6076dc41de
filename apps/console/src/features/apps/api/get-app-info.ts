import { queryOptions, useQuery } from '@tanstack/react-query';
import { appInfoCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getAppInfo = (appId: number) => apiRequest(appInfoCalls.info, { params: { appId } });

export const appInfoQueryKey = (appId: number) => ['apps', appId, 'info'] as const;

export const getAppInfoQueryOptions = (appId: number) =>
  queryOptions({ queryKey: appInfoQueryKey(appId), queryFn: () => getAppInfo(appId), staleTime: 30_000 });

/** The app of the current /app/:appId screen and the caller's project level on it. */
export const useAppInfo = (appId: number) => useQuery(getAppInfoQueryOptions(appId));

/**
 * The app info for the /app/:appId shell (guard and sidebar): no request for a malformed id, and no error alert,
 * because the guard shows its own "no access" result.
 */
export const useAppInfoForShell = (appId: number) =>
  useQuery({ ...getAppInfoQueryOptions(appId), enabled: appId > 0, meta: { silent: true } });
