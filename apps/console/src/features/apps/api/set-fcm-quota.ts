import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export const setFcmQuota = (appId: number, perMinute: string) =>
  apiRequest(appCalls.fcmQuota, { params: { appId, perMinute }, body: {} });

export const useSetFcmQuota = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (perMinute: string) => setFcmQuota(appId, perMinute), onSuccess);
