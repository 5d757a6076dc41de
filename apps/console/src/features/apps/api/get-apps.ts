import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appCalls, type AppListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export type AppsFilter = Pick<AppListRequest, 'title' | 'pageNo' | 'pageSize'>;

export const getApps = (filter: AppsFilter) => apiRequest(appCalls.list, { body: filter });

export const APPS_QUERY_KEY = ['apps', 'list'] as const;

export const getAppsQueryOptions = (filter: AppsFilter) =>
  queryOptions({
    queryKey: [...APPS_QUERY_KEY, filter],
    queryFn: () => getApps(filter),
    placeholderData: keepPreviousData,
  });

/** A page of the apps the user has a role on, own apps first. */
export const useApps = (filter: AppsFilter, enabled = true) =>
  useQuery({ ...getAppsQueryOptions(filter), enabled });
