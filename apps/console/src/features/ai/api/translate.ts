import { useMutation } from '@tanstack/react-query';
import { aiCalls, type AiSource, type TranslateSource } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export interface TranslateInput {
  appId: number;
  /** the languages to translate into */
  langs: string[];
  /** the source content (the main content of the message or material) */
  content: Partial<TranslateSource>;
  from: AiSource;
}

/** Machine-translates a content into languages (translateToLanguage); over-long fields come back as problems. */
export const translate = ({ appId, langs, content, from }: TranslateInput) =>
  apiRequest(aiCalls.translate, { params: { appId }, body: { langs, content, from } });

export const useTranslate = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof translate> } = {}) =>
  useMutation({
    // the editor shows the failure itself (1061, 25201 with the server's reason)
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: translate,
  });
