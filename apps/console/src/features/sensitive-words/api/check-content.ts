import { useMutation } from '@tanstack/react-query';
import { sensitiveWordCalls, type ContentByLanguage } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const checkContent = (appId: number, content: ContentByLanguage) =>
  apiRequest(sensitiveWordCalls.contentCheck, { params: { appId }, body: { content } });

/** The content check (sensitive words per language and field) for compose and material screens. */
export const useCheckContent = (appId: number) =>
  useMutation({ mutationFn: (content: ContentByLanguage) => checkContent(appId, content) });
