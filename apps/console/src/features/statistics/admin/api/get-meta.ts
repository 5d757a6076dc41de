import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS } from './keys';

export const getMeta = () => apiRequest(calls.meta);

export const getMetaQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_STATS_KEY, 'meta'], queryFn: getMeta, staleTime: REPORT_STALE_MS });

/** How many apps, console users and registered devices there are (level 100). */
export const useMeta = () => useQuery(getMetaQueryOptions());
