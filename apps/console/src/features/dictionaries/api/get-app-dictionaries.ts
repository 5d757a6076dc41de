import { queryOptions, useQuery } from '@tanstack/react-query';
import { dictionaryCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getAppDictionaries = (appId: number) => apiRequest(dictionaryCalls.app, { params: { appId } });

export const appDictionariesQueryKey = (appId: number) => ['dictionaries', 'app', appId] as const;

export const getAppDictionariesQueryOptions = (appId: number) =>
  queryOptions({
    queryKey: appDictionariesQueryKey(appId),
    queryFn: () => getAppDictionaries(appId),
    staleTime: 60_000,
  });

/** An app's dictionaries: the platform's plus its devices' brands, models, operators, versions and its tags. */
export const useAppDictionaries = (appId: number) => useQuery(getAppDictionariesQueryOptions(appId));
