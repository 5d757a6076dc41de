import { queryOptions, useQuery } from '@tanstack/react-query';
import { callPath, CONTROL_GROUP_EXPORT_PATH, controlGroupCalls, type ControlGroup } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

/** The app's global control group (issue 34 §1). */
export const getControlGroup = (appId: number) =>
  apiRequest(controlGroupCalls.get, { params: { appId }, body: {} });

export const controlGroupQueryKey = (appId: number) => ['apps', appId, 'control-group'] as const;

export const useControlGroup = (appId: number) =>
  useQuery(
    queryOptions({
      queryKey: controlGroupQueryKey(appId),
      queryFn: () => getControlGroup(appId),
      staleTime: 0,
    }),
  );

export const setControlGroup = (appId: number, setting: ControlGroup) =>
  apiRequest(controlGroupCalls.set, { params: { appId }, body: setting });

export const useSetControlGroup = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (setting: ControlGroup) => setControlGroup(appId, setting), onSuccess);

/** The members' CSV (their advertising ids). */
export const controlGroupMembersHref = (appId: number) => callPath(CONTROL_GROUP_EXPORT_PATH, { appId });
