import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export const setLimitCount = (appId: number, limitCount: string) =>
  apiRequest(appCalls.limitCount, { params: { appId, limitCount }, body: {} });

export const useSetLimitCount = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (count: string) => setLimitCount(appId, count), onSuccess);
