import { MESSAGE_LIMITS, type TranslateSource } from '@beacon/shared';
import type { AiMessage } from '../ai.provider';
import { englishLanguageName } from './assistant';

/**
 * The translation request of the multi-language editor: the source content and every target language in one
 * request, answered with the JSON schema of ai.schemas.ts translationSchema.
 */
export function translationMessages(source: TranslateSource, langs: readonly string[]): AiMessage[] {
  const targets = langs.map((code) => `- ${code}: ${englishLanguageName(code)}`).join('\n');
  const system = [
    // the role: marketing copy, not a literal word-for-word rendering
    'You translate push notification copy for mobile apps. Translate naturally and idiomatically, keeping the tone and the call to action.',
    // regional variants differ in vocabulary and spelling (pt_BR vs pt, es_US vs es): name them so the model uses them
    'Each target language is given with its code and its full name; translate into exactly that variant (for example Portuguese (Brazil) uses Brazilian vocabulary and spelling).',
    // placeholders are filled by the app at send time; a translated or dropped one breaks the message
    'Keep every placeholder exactly as written, untranslated: {name}, {{name}}, ${name}, %s, %d, %1$s and the like.',
    // links open pages or app screens; a changed character breaks them
    'Keep every URL and deep link (anything like https://… or myapp://…) exactly as written.',
    // emoji carry the tone and are language-neutral
    'Keep emoji as they are.',
    // the editor checks limits itself and shows the error on the field: say it concisely, but never drop meaning
    `Try to stay within the limits: title ${MESSAGE_LIMITS.titleMax} characters, desc ${MESSAGE_LIMITS.descMax}, extra ${MESSAGE_LIMITS.expandedTextMax}, button ${MESSAGE_LIMITS.buttonMax}, each buttonExtra label ${MESSAGE_LIMITS.extraButtonTextMax}.`,
    // empty source fields stay empty; the extra buttons keep their order so they match their actions
    'A field that is empty in the source stays empty. buttonExtra holds one translated label per source label, in the same order.',
    // the server reads the answer with a strict schema
    'Answer with JSON only: one entry in "translations" per target language, with its code in "lang".',
  ].join('\n');
  // the content as JSON: the model sees exactly which text belongs to which field
  const user = `Target languages:\n${targets}\n\nSource content (JSON):\n${JSON.stringify(source, null, 2)}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
