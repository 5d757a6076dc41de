import { queryOptions, useQuery } from '@tanstack/react-query';
import { appGroupCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getAppGroups = () => apiRequest(appGroupCalls.list);

export const APP_GROUPS_QUERY_KEY = ['app-groups'] as const;

export const getAppGroupsQueryOptions = () =>
  queryOptions({ queryKey: [...APP_GROUPS_QUERY_KEY, 'list'], queryFn: getAppGroups });

/** The signed-in user's app groups (every group for level 100). */
export const useAppGroups = () => useQuery(getAppGroupsQueryOptions());
