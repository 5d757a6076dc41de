import { queryOptions, useQuery } from '@tanstack/react-query';
import { iconCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getIcon = (appId: number) => apiRequest(iconCalls.get, { params: { appId } });

export const iconQueryKey = (appId: number) => ['icon', appId] as const;

export const getIconQueryOptions = (appId: number) =>
  queryOptions({ queryKey: iconQueryKey(appId), queryFn: () => getIcon(appId) });

/** The app's default notification icon and colour (`data.icon`, `data.color`). */
export const useIcon = (appId: number) => useQuery(getIconQueryOptions(appId));
