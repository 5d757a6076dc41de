import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export const setAdvanceTarget = (appId: number, enable: boolean) =>
  apiRequest(appCalls.advanceTarget, { params: { appId, enable: enable ? '1' : '0' }, body: {} });

export const useSetAdvanceTarget = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (enable: boolean) => setAdvanceTarget(appId, enable), onSuccess);
