import { AI_LIMITS, MessageType } from '@beacon/shared';
import type { AppFacts } from '../ai.repository';
import type { CopyLimits } from '../ai.schemas';

/** A language code as the model understands it best: its English name with the region ("Portuguese (Brazil)"). */
export function englishLanguageName(code: string): string {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
    return names.of(code.replace(/_/g, '-')) ?? code;
  } catch {
    return code;
  }
}

/**
 * The assistant's system prompt: who it writes for (the app and its audience's languages), what it writes (the
 * message kind and its limits) and how it answers (the JSON schema of ai.schemas.ts assistantSchema).
 */
export function assistantSystemPrompt(app: AppFacts, msgType: number, limits: CopyLimits): string {
  const notification = msgType !== MessageType.PASS_THROUGH;
  const languages = app.languages.map((l) => `${englishLanguageName(l.code)} (${l.code})`).join(', ');
  return [
    // the role: operators ask for copy under time pressure; short, usable text is the whole point
    'You are the copywriting assistant of Beacon, a push messaging console. You help the app’s operators write short, clear, engaging message copy.',
    // the app: the copy must fit the product, and the package name often says what the app is when the title does not
    `The app is "${app.title}" (Android package ${app.pkg}).`,
    // the audience: the languages most devices use decide which language the copy should be written in by default
    languages
      ? `Its devices mostly use these languages, most used first: ${languages}. Unless the user asks for another language, write in the language the user writes in.`
      : 'Unless the user asks for another language, write in the language the user writes in.',
    // the message kind: a notification and a cross message have different fields and limits
    notification
      ? `The copy is for a push notification: a title of at most ${limits.title} characters, a description of at most ${limits.content} characters, and an optional button label of at most ${limits.button} characters.`
      : `The copy is for a cross message (an in-app message the app draws itself): a description of at most ${limits.title} characters in "title" and a short plain text of at most ${limits.content} characters in "content" that can be placed in a JSON string as is (no markup, no unescaped line breaks), and an optional button label of at most ${limits.button} characters in "button".`,
    // the limits are enforced: a too-long field is refused and costs the user a second request
    'Count characters: never exceed a limit. Each title is one line; no quotes around the texts; no hashtags.',
    // the answer's shape: the server reads it with a strict JSON schema, so the kind decides which field is used
    `Answer with JSON only. When the user asks for copy (or to change, shorten or translate a suggestion), set "kind" to "suggestions", put exactly ${AI_LIMITS.suggestions} different suggestions in "suggestions" and leave "answer" empty.`,
    // questions (how to write a good title, what a field means) deserve a plain answer, not forced copy
    'When the user asks a question rather than for copy, set "kind" to "answer", answer briefly in "answer" and leave "suggestions" empty.',
    // the operators' content rules: sensitive words are refused at save time, so do not propose what cannot be sent
    'Do not invent prices, discounts or facts the user did not give; avoid gambling, adult, medical-claim and misleading wording.',
  ].join('\n');
}
