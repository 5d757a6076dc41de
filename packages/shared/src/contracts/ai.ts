import { z } from 'zod';
import { defineCall } from '../call';
import { CUSTOM_SUB_LANGUAGES, languageCodes } from '../dictionaries/languages';
import { MessageType } from '../message-kinds';
import { multiLineText, singleLineText } from '../text';
import { AppIdParams } from './apps';
import { MESSAGE_LIMITS } from './notification-content';
import { TRACKING_SOURCES } from './platform-tracking';

/**
 * The AI copy assistant and machine translation (spec part 2 §3 AI chat and reply items, §7 translateToLanguage,
 * postAssistantChat, downloadAssistantChat, §8 25201; issue 16). The server talks to any OpenAI-compatible
 * chat-completions endpoint (AI_BASE_URL); without one every call answers 1061 and `status` says configured: false.
 */

export const AI_LIMITS = {
  /** the assistant is sent the last 10 messages of the dialog (part 2 §9) */
  chatMessagesMax: 10,
  /** one message of the dialog, typed or answered */
  chatContentMax: 4000,
  /** a conversation download holds at most the 100 items the console keeps (part 2 §9) */
  downloadContentsMax: 100,
  /** the languages of one translation request: every language a multi-language message may hold */
  translateLangsMax: MESSAGE_LIMITS.languagesMax,
  /** how many suggestions one assistant answer holds */
  suggestions: 3,
} as const;

/** Where an AI action started: the push composer or the material library (the tracking records' source). */
export const AiSource = z.enum(TRACKING_SOURCES);
export type AiSource = z.infer<typeof AiSource>;

/** Whether a language code is one a multi-language message may use: an ISO 639-1 code or a known regional variant. */
export function isKnownLanguage(code: string): boolean {
  if ((CUSTOM_SUB_LANGUAGES as readonly string[]).includes(code)) return true;
  const [base = '', region, ...rest] = code.split('_');
  if (rest.length > 0 || !languageCodes().includes(base)) return false;
  if (region === undefined) return true;
  if (!/^[A-Z]{2}$/.test(region)) return false;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return names.of(region) !== region;
}

export const AiStatus = z.object({
  /** false when AI_BASE_URL is empty: the console shows "AI is not configured — set AI_BASE_URL" */
  configured: z.boolean(),
  /** the model asked (AI_MODEL), '' when not configured */
  model: z.string(),
});
export type AiStatus = z.infer<typeof AiStatus>;

/** The source content translated: the fields of a multi-language entry (all optional, at least one filled). */
export const TranslateSource = z.object({
  title: singleLineText({ max: MESSAGE_LIMITS.titleMax }).optional().default(''),
  desc: multiLineText({ max: MESSAGE_LIMITS.descMax }).optional().default(''),
  extra: multiLineText({ max: MESSAGE_LIMITS.expandedTextMax }).optional().default(''),
  button: singleLineText({ max: MESSAGE_LIMITS.buttonMax }).optional().default(''),
  buttonExtra: z
    .array(singleLineText({ max: MESSAGE_LIMITS.extraButtonTextMax }))
    .max(MESSAGE_LIMITS.extraButtonsMax)
    .optional()
    .default([]),
});
export type TranslateSource = z.output<typeof TranslateSource>;

export const TranslateRequest = z.object({
  langs: z
    .array(z.string().refine(isKnownLanguage, 'must be a known language code (en, fr, pt_BR…)'))
    .min(1, 'must name at least one language')
    .max(AI_LIMITS.translateLangsMax, `must name at most ${AI_LIMITS.translateLangsMax} languages`)
    .refine((l) => new Set(l).size === l.length, 'must name each language once'),
  content: TranslateSource.refine(
    (c) => [c.title, c.desc, c.extra, c.button, ...c.buttonExtra].some((s) => s.trim() !== ''),
    'is empty: fill in the content to translate first',
  ),
  from: AiSource,
});
export type TranslateRequest = z.output<typeof TranslateRequest>;

/** One language of the translation, in the multi-language entry's shape. */
export const TranslatedContent = z.object({
  lang: z.string(),
  title: z.string(),
  desc: z.string(),
  extra: z.string(),
  button: z.string(),
  buttonExtra: z.array(z.string()),
});
export type TranslatedContent = z.infer<typeof TranslatedContent>;

export const TRANSLATED_FIELDS = ['title', 'desc', 'extra', 'button', 'buttonExtra'] as const;

/** A translated field the editor must show as wrong (too long for its limit): returned as is, never cut. */
export const TranslateProblem = z.object({
  lang: z.string(),
  field: z.enum(TRANSLATED_FIELDS),
  /** which extra button */
  index: z.number().int().optional(),
  message: z.string(),
});
export type TranslateProblem = z.infer<typeof TranslateProblem>;

export const TranslateResult = z.object({
  content: z.array(TranslatedContent),
  problems: z.array(TranslateProblem),
});
export type TranslateResult = z.infer<typeof TranslateResult>;

export const AiChatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: multiLineText({
    required: true,
    max: AI_LIMITS.chatContentMax,
    maxMessage: `must be at most ${AI_LIMITS.chatContentMax} characters`,
  }),
});
export type AiChatMessage = z.infer<typeof AiChatMessage>;

export const AiChatRequest = z.object({
  messages: z
    .array(AiChatMessage)
    .min(1, 'must hold at least one message')
    .max(AI_LIMITS.chatMessagesMax, `must hold at most the last ${AI_LIMITS.chatMessagesMax} messages`)
    .refine((m) => m.at(-1)?.role === 'user', 'must end with the user’s message'),
  /** the message kind the copy is for: 1 notification, 2 cross message */
  msgType: z.union([z.literal(MessageType.NOTIFICATION), z.literal(MessageType.PASS_THROUGH)]),
  from: AiSource,
});
export type AiChatRequest = z.output<typeof AiChatRequest>;

/** Reply items' showType: 0 a suggestion the console offers to use, 1 plain text (originContent). */
export const ShowType = { SUGGESTION: 0, TEXT: 1 } as const;

/** Sensitive words found in a suggestion's field: the console shows them; saving would be refused (60000/60001). */
export const SuggestionProblem = z.object({
  field: z.enum(['title', 'content', 'button']),
  list: z.enum(['platform', 'app']),
  words: z.array(z.string()),
  message: z.string(),
});
export type SuggestionProblem = z.infer<typeof SuggestionProblem>;

/** One item of the assistant's answer (part 2 §3 reply items). */
export const ReplyItem = z.object({
  showType: z.union([z.literal(ShowType.SUGGESTION), z.literal(ShowType.TEXT)]),
  /** the plain answer (showType 1) */
  originContent: z.string().optional(),
  msgType: z.number().int().optional(),
  title: z.string().optional(),
  /** the description (notification) or the text (cross message) */
  content: z.string().optional(),
  button: z.string().optional(),
  image: z.string().optional(),
  /** sensitive words in the suggestion: never silently passed */
  problems: z.array(SuggestionProblem).optional(),
});
export type ReplyItem = z.infer<typeof ReplyItem>;

export const AiChatResult = z.object({ list: z.array(ReplyItem) });
export type AiChatResult = z.infer<typeof AiChatResult>;

/** The events of the streamed chat (text/event-stream). */
export const AI_STREAM_EVENTS = { token: 'token', done: 'done', error: 'error' } as const;

export const AiDownloadRequest = z.object({
  contents: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: multiLineText({ max: AI_LIMITS.chatContentMax }),
        /** when it was said, as the console shows it */
        date: singleLineText({ max: 40 }).optional(),
      }),
    )
    .min(1, 'must hold at least one message')
    .max(AI_LIMITS.downloadContentsMax, `must hold at most ${AI_LIMITS.downloadContentsMax} messages`),
});
export type AiDownloadRequest = z.output<typeof AiDownloadRequest>;

export const AiTrackRequest = z.object({
  /** ai_use: a suggestion was used; ai_submit: a message whose content came from the assistant was submitted */
  action: z.enum(['ai_use', 'ai_submit']),
  from: AiSource,
  /** the app's or the message's title, as the screen showed it */
  title: singleLineText({ max: 150 }).optional().default(''),
});
export type AiTrackRequest = z.output<typeof AiTrackRequest>;

/** The assistant and translation calls (part 2 §7). chatStream and download answer with something else than JSON. */
export const aiCalls = {
  status: defineCall({
    method: 'GET',
    path: '/tcm/v1/ai/status',
    summary: 'Whether an AI provider is configured, and its model',
    data: AiStatus,
  }),
  translate: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/translate',
    summary: 'Translate a content into languages (translateToLanguage)',
    params: AppIdParams,
    body: TranslateRequest,
    data: TranslateResult,
  }),
  chat: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/assistant/chat',
    summary: 'Ask the assistant (postAssistantChat): suggestions or a plain answer',
    params: AppIdParams,
    body: AiChatRequest,
    data: AiChatResult,
  }),
  /** The same question answered as Server-Sent Events: `token` deltas, then `done` with {list}, or `error`. */
  chatStream: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/assistant/chat/stream',
    summary: 'Ask the assistant, answered as text/event-stream (token, done, error)',
    params: AppIdParams,
    body: AiChatRequest,
    data: AiChatResult,
  }),
  /** A text/plain attachment of the conversation (downloadAssistantChat). */
  download: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/assistant/download',
    summary: 'Download a conversation as a text file (downloadAssistantChat)',
    params: AppIdParams,
    body: AiDownloadRequest,
    data: z.string(),
  }),
  track: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/assistant/track',
    summary: 'Record an assistant action: a suggestion used (ai_use), an AI message submitted (ai_submit)',
    params: AppIdParams,
    body: AiTrackRequest,
    data: z.object({}),
  }),
};
