import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sensitiveWordCalls, type SensitiveListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

/** A word list: the platform's (no appId) or an app's. */
export interface WordListScope {
  appId?: number | undefined;
}

export const sensitiveWordsKey = (scope: WordListScope) =>
  ['sensitive-words', scope.appId ?? 'platform'] as const;

export const getSensitiveWords = (scope: WordListScope, filter: SensitiveListRequest) =>
  scope.appId === undefined
    ? apiRequest(sensitiveWordCalls.platformList, { body: filter })
    : apiRequest(sensitiveWordCalls.appList, { params: { appId: scope.appId }, body: filter });

export const getSensitiveWordsQueryOptions = (scope: WordListScope, filter: SensitiveListRequest) =>
  queryOptions({
    queryKey: [...sensitiveWordsKey(scope), filter],
    queryFn: () => getSensitiveWords(scope, filter),
    placeholderData: keepPreviousData,
  });

export const useSensitiveWords = (scope: WordListScope, filter: SensitiveListRequest) =>
  useQuery(getSensitiveWordsQueryOptions(scope, filter));
