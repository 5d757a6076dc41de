import { queryOptions, useQuery } from '@tanstack/react-query';
import { globalSettingsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const GLOBAL_SETTINGS_QUERY_KEY = ['global-settings'] as const;

export const getGlobalSettings = () => apiRequest(globalSettingsCalls.aggregation);

export const getGlobalSettingsQueryOptions = () =>
  queryOptions({ queryKey: GLOBAL_SETTINGS_QUERY_KEY, queryFn: getGlobalSettings });

/** Every global setting (getAllGlobalSettings). */
export const useGlobalSettings = () => useQuery(getGlobalSettingsQueryOptions());
