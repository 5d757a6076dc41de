import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS } from './keys';

export const getPlatApps = () => apiRequest(calls.platApps);

export const getPlatAppsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'plat-apps'],
    queryFn: getPlatApps,
    staleTime: REPORT_STALE_MS,
  });

/** Every app, for the app selectors of the statistics and report tabs (levels 100 and 150). */
export const usePlatApps = () => useQuery(getPlatAppsQueryOptions());
