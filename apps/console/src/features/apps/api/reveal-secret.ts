import { useMutation } from '@tanstack/react-query';
import { appCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const revealSecret = (appId: number) =>
  apiRequest(appCalls.revealSecret, { params: { appId }, body: {} });

/** Shows the app secret (owner and super admins). */
export const useRevealSecret = (appId: number) => useMutation({ mutationFn: () => revealSecret(appId) });
