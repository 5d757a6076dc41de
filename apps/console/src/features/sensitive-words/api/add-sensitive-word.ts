import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sensitiveWordCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { sensitiveWordsKey, type WordListScope } from './get-sensitive-words';

export const addSensitiveWord = (scope: WordListScope, word: string) =>
  scope.appId === undefined
    ? apiRequest(sensitiveWordCalls.platformAdd, { body: { word } })
    : apiRequest(sensitiveWordCalls.appAdd, { params: { appId: scope.appId }, body: { word } });

/** Adds one word to a list; the caller shows 400s at the field. */
export const useAddSensitiveWord = (scope: WordListScope) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (word: string) => addSensitiveWord(scope, word),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensitiveWordsKey(scope) }),
  });
};
