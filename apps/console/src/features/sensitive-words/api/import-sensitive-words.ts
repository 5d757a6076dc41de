import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sensitiveWordCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { sensitiveWordsKey, type WordListScope } from './get-sensitive-words';

export const importSensitiveWords = (scope: WordListScope, text: string) =>
  scope.appId === undefined
    ? apiRequest(sensitiveWordCalls.platformImport, { body: { text } })
    : apiRequest(sensitiveWordCalls.appImport, { params: { appId: scope.appId }, body: { text } });

/** Imports pasted words into a list; the caller shows 400s at the field. */
export const useImportSensitiveWords = (scope: WordListScope) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (text: string) => importSensitiveWords(scope, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensitiveWordsKey(scope) }),
  });
};
