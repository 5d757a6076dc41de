import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PLATFORM_STAT_EXPORT_PATH,
  platformStatisticsCalls as calls,
  type PlatDashboardBody,
} from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS } from './keys';

export type PlatDashboardInput = Partial<PlatDashboardBody>;

export const getPlatDashboard = (input: PlatDashboardInput) =>
  apiRequest(calls.platDashboard, { body: input });

export const getPlatDashboardQueryOptions = (input: PlatDashboardInput) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'plat-dashboard', input],
    queryFn: () => getPlatDashboard(input),
    staleTime: REPORT_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** The statistics tab: the trend of an app (or every app) and a page of its messages (levels 100 and 150). */
export const usePlatDashboard = (input: PlatDashboardInput) => useQuery(getPlatDashboardQueryOptions(input));

/** The CSV link of the statistics tab: the same filters and order, every message (GET: the cookie goes along). */
export function platDashboardCsvHref(
  q: Omit<PlatDashboardInput, 'pageNo' | 'pageSize'>,
  expand = true,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(q))
    if (value !== undefined && value !== '') search.set(key, String(value));
  if (expand) search.set('expand', '1');
  return `${PLATFORM_STAT_EXPORT_PATH}?${search.toString()}`;
}
