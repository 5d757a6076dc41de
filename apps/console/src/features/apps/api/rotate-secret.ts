import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export const rotateSecret = (appId: number) =>
  apiRequest(appCalls.rotateSecret, { params: { appId }, body: {} });

/** Replaces the app secret; the answer holds the new one. */
export const useRotateSecret = (appId: number, onSuccess?: (r: { appSecret: string }) => void) =>
  useAppMutation(appId, () => rotateSecret(appId), onSuccess);
