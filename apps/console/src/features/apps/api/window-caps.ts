import { queryOptions, useQuery } from '@tanstack/react-query';
import { windowCapCalls, type WindowCaps } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

/** The app's frequency caps over any window, per kind (issue 32 §3). */
export const getWindowCaps = (appId: number) =>
  apiRequest(windowCapCalls.get, { params: { appId }, body: {} });

export const windowCapsQueryKey = (appId: number) => ['apps', appId, 'window-caps'] as const;

export const useWindowCaps = (appId: number) =>
  useQuery(
    queryOptions({ queryKey: windowCapsQueryKey(appId), queryFn: () => getWindowCaps(appId), staleTime: 0 }),
  );

export const setWindowCaps = (appId: number, caps: WindowCaps) =>
  apiRequest(windowCapCalls.set, { params: { appId }, body: caps });

export const useSetWindowCaps = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (caps: WindowCaps) => setWindowCaps(appId, caps), onSuccess);
