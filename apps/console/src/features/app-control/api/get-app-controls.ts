import { queryOptions, useQuery } from '@tanstack/react-query';
import { appControlCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getAppControls = (type: 1 | 2) =>
  apiRequest(type === 1 ? appControlCalls.controlList : appControlCalls.whiteList);

export const APP_CONTROLS_QUERY_KEY = ['app-control', 'lists'] as const;

export const getAppControlsQueryOptions = (type: 1 | 2) =>
  queryOptions({ queryKey: [...APP_CONTROLS_QUERY_KEY, type], queryFn: () => getAppControls(type) });

export const useAppControls = (type: 1 | 2) => useQuery(getAppControlsQueryOptions(type));
