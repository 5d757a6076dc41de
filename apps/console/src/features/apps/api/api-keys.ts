import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyCalls, type ApiKeyCreate } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

/** The app's API keys (issue 33 §6): listed, created (the key shown once), revoked; owners and super admins. */
export const getApiKeys = (appId: number) => apiRequest(apiKeyCalls.list, { params: { appId }, body: {} });

export const apiKeysQueryKey = (appId: number) => ['apps', appId, 'api-keys'] as const;

export const useApiKeys = (appId: number) =>
  useQuery(queryOptions({ queryKey: apiKeysQueryKey(appId), queryFn: () => getApiKeys(appId) }));

export const createApiKey = (appId: number, body: ApiKeyCreate) =>
  apiRequest(apiKeyCalls.create, { params: { appId }, body });

export const useCreateApiKey = (appId: number, onSuccess?: (r: { secret: string }) => void) =>
  useAppMutation(appId, (body: ApiKeyCreate) => createApiKey(appId, body), onSuccess);

export const revokeApiKey = (appId: number, keyId: number) =>
  apiRequest(apiKeyCalls.revoke, { params: { appId, keyId }, body: {} });

export const useRevokeApiKey = (appId: number) =>
  useAppMutation(appId, (keyId: number) => revokeApiKey(appId, keyId));
