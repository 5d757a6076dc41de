import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sensitiveWordCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { sensitiveWordsKey, type WordListScope } from './get-sensitive-words';

export const deleteSensitiveWords = (scope: WordListScope, ids: number[]) =>
  scope.appId === undefined
    ? apiRequest(sensitiveWordCalls.platformDelete, { body: { ids } })
    : apiRequest(sensitiveWordCalls.appDelete, { params: { appId: scope.appId }, body: { ids } });

export const useDeleteSensitiveWords = (scope: WordListScope) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteSensitiveWords(scope, ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensitiveWordsKey(scope) }),
  });
};
