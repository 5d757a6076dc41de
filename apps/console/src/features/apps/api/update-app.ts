import { type z } from 'zod';
import { appCalls, type AppUpdateRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

export const updateApp = (appId: number, body: z.input<typeof AppUpdateRequest>) =>
  apiRequest(appCalls.update, { params: { appId }, body });

export const useUpdateApp = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (body: z.input<typeof AppUpdateRequest>) => updateApp(appId, body), onSuccess);
