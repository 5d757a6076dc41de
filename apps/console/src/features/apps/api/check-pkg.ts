import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

/** Whether no app uses this package yet (live validation in the create dialog). */
export const checkPkg = (pkg: string) => apiRequest(appCalls.check, { body: { pkg } });
