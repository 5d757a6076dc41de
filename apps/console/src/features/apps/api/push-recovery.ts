import { queryOptions, useQuery } from '@tanstack/react-query';
import { pushRecoveryCalls, type PushRecovery } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

/** The app's missed-push recovery (issue 32 §1). */
export const getPushRecovery = (appId: number) =>
  apiRequest(pushRecoveryCalls.get, { params: { appId }, body: {} });

export const pushRecoveryQueryKey = (appId: number) => ['apps', appId, 'push-recovery'] as const;

export const usePushRecovery = (appId: number) =>
  useQuery(
    queryOptions({
      queryKey: pushRecoveryQueryKey(appId),
      queryFn: () => getPushRecovery(appId),
      staleTime: 0,
    }),
  );

export const setPushRecovery = (appId: number, setting: PushRecovery) =>
  apiRequest(pushRecoveryCalls.set, { params: { appId }, body: setting });

export const useSetPushRecovery = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (setting: PushRecovery) => setPushRecovery(appId, setting), onSuccess);
