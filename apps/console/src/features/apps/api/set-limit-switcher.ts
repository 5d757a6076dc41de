import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export const setLimitSwitcher = (appId: number, limit: boolean) =>
  apiRequest(appCalls.limitSwitcher, { params: { appId, limit: limit ? '1' : '0' }, body: {} });

export const useSetLimitSwitcher = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (limit: boolean) => setLimitSwitcher(appId, limit), onSuccess);
