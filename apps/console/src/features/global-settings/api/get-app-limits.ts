import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { globalSettingsCalls, type AppLimitListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const APP_LIMITS_QUERY_KEY = ['global-settings', 'app-limits'] as const;

export const getAppLimits = (filter: AppLimitListRequest) =>
  apiRequest(globalSettingsCalls.appLimits, { body: filter });

export const getAppLimitsQueryOptions = (filter: AppLimitListRequest) =>
  queryOptions({
    queryKey: [...APP_LIMITS_QUERY_KEY, filter],
    queryFn: () => getAppLimits(filter),
    placeholderData: keepPreviousData,
  });

/** Per-app daily message limits (getMsgLimit). */
export const useAppLimits = (filter: AppLimitListRequest) => useQuery(getAppLimitsQueryOptions(filter));
