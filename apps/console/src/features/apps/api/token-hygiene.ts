import { queryOptions, useQuery } from '@tanstack/react-query';
import { tokenHygieneCalls, type TokenHygiene } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

/** The app's token hygiene: the days without activity after which a device is stale (issue 32 §4). */
export const getTokenHygiene = (appId: number) =>
  apiRequest(tokenHygieneCalls.get, { params: { appId }, body: {} });

export const tokenHygieneQueryKey = (appId: number) => ['apps', appId, 'token-hygiene'] as const;

export const useTokenHygiene = (appId: number) =>
  useQuery(
    queryOptions({
      queryKey: tokenHygieneQueryKey(appId),
      queryFn: () => getTokenHygiene(appId),
      staleTime: 0,
    }),
  );

export const setTokenHygiene = (appId: number, hygiene: TokenHygiene) =>
  apiRequest(tokenHygieneCalls.set, { params: { appId }, body: hygiene });

export const useSetTokenHygiene = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (hygiene: TokenHygiene) => setTokenHygiene(appId, hygiene), onSuccess);
