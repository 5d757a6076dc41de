import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appSettingsCalls, type GlobalAppListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const GLOBAL_APPS_QUERY_KEY = ['app-settings'] as const;

export const getGlobalAppList = (filter: GlobalAppListRequest) =>
  apiRequest(appSettingsCalls.globalList, { body: filter });

export const getGlobalAppListQueryOptions = (filter: GlobalAppListRequest) =>
  queryOptions({
    queryKey: [...GLOBAL_APPS_QUERY_KEY, filter],
    queryFn: () => getGlobalAppList(filter),
    placeholderData: keepPreviousData,
  });

/** Every app's configuration (getGlobalAppList, level 100). */
export const useGlobalAppList = (filter: GlobalAppListRequest) =>
  useQuery(getGlobalAppListQueryOptions(filter));
