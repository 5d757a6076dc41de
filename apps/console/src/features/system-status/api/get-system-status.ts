import { queryOptions, useQuery } from '@tanstack/react-query';
import { SYSTEM_STATUS_LIMITS, systemStatusCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const SYSTEM_STATUS_QUERY_KEY = ['system-status'] as const;

export const getSystemStatus = () => apiRequest(systemStatusCalls.status);

/**
 * The deployment's status, read again every 10 s while the tab is visible. Silent: the tab shows a failure itself
 * (a notification every 10 s while the server is away would be noise).
 */
export const getSystemStatusQueryOptions = () =>
  queryOptions({
    queryKey: SYSTEM_STATUS_QUERY_KEY,
    queryFn: getSystemStatus,
    refetchInterval: SYSTEM_STATUS_LIMITS.refreshMs,
    staleTime: SYSTEM_STATUS_LIMITS.refreshMs,
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });

/** The processes, database, device events log and FCM projects of the deployment (levels 100 and 150). */
export const useSystemStatus = () => useQuery(getSystemStatusQueryOptions());
