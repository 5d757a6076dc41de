import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export const replaceFirebase = (appId: number, appFireBaseJsonId: string) =>
  apiRequest(appCalls.replaceFirebase, { params: { appId }, body: { appFireBaseJsonId } });

export const useReplaceFirebase = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (origin: string) => replaceFirebase(appId, origin), onSuccess);
