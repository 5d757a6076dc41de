import { z } from 'zod';
import { defineCall } from '../call';
import { ErrorCodes } from '../error-codes';
import { numberInput } from '../numbers';
import { ProjectLevel, ROUTE_LEVELS } from '../permissions';
import { multiLineText, singleLineText, textProblem } from '../text';
import { AppIdParams } from './apps';

export const SENSITIVE_WORD_MAX = 50;
export const SENSITIVE_IMPORT_MAX_WORDS = 5000;
export const SENSITIVE_PAGE_SIZE = 20;

/** Project levels that edit an app's own list (config/sensitive): 100, the owner and managers; platform admins too. */
export const SENSITIVE_APP_EDIT_LEVELS: readonly number[] = [
  ProjectLevel.SUPER_ADMIN,
  ProjectLevel.OWNER,
  ProjectLevel.MANAGER,
];
/** Project levels that read it: the editors and operators (they write the content it checks); the screen's route levels. */
export const SENSITIVE_APP_VIEW_LEVELS: readonly number[] = ROUTE_LEVELS['config/sensitive'] ?? [];

/**
 * Splits pasted text into words: one per line or separated by commas (`,` `，` `、` `;`), trimmed, empties dropped,
 * duplicates (case-insensitive) kept once in first-seen order. Words longer than 50 characters are returned apart.
 */
export function parseWordList(text: string): { words: string[]; tooLong: string[] } {
  const seen = new Set<string>();
  const words: string[] = [];
  const tooLong: string[] = [];
  for (const raw of text.split(/[\n\r,，、;；]+/)) {
    const word = raw.trim().replace(/\s+/g, ' ');
    if (!word || textProblem(word, { required: true }) === 'invisible') continue;
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if ([...word].length > SENSITIVE_WORD_MAX) tooLong.push(word);
    else words.push(word);
  }
  return { words, tooLong };
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The words of `words` that occur in `text`, case-insensitively: words written in a script without spaces between
 * words (Chinese, Japanese, Korean, Thai) match as substrings; others match whole words only (not inside a longer
 * word: "ass" does not match "class"). Each word is reported once, as listed.
 */
export function findSensitiveWords(text: string, words: readonly string[]): string[] {
  if (!text) return [];
  const haystack = text.toLowerCase();
  const found: string[] = [];
  for (const word of words) {
    const needle = word.toLowerCase();
    if (!needle) continue;
    if (CJK.test(needle)) {
      if (haystack.includes(needle)) found.push(word);
      continue;
    }
    const head = WORD_CHAR.test(needle[0] ?? '') ? '(?<![\\p{L}\\p{N}_])' : '';
    const tail = WORD_CHAR.test(needle.at(-1) ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
    if (new RegExp(`${head}${escapeRegExp(needle)}${tail}`, 'u').test(haystack)) found.push(word);
  }
  return found;
}

export const SensitiveWord = singleLineText({
  required: true,
  max: SENSITIVE_WORD_MAX,
  maxMessage: `must be at most ${SENSITIVE_WORD_MAX} characters`,
});

export const SensitiveWordRow = z.object({
  id: z.number().int(),
  word: z.string(),
  createdBy: z.string(),
  createTime: z.string(),
});
export type SensitiveWordRow = z.infer<typeof SensitiveWordRow>;

export const SensitiveListRequest = z.object({
  word: singleLineText({ max: SENSITIVE_WORD_MAX }).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(200)).default(SENSITIVE_PAGE_SIZE),
});
export type SensitiveListRequest = z.infer<typeof SensitiveListRequest>;
export const SensitiveList = z.object({ results: z.array(SensitiveWordRow), total: z.number().int() });
export type SensitiveList = z.infer<typeof SensitiveList>;

export const SensitiveAddRequest = z.object({ word: SensitiveWord });
/** Pasted words, one per line or comma-separated. */
export const SensitiveImportRequest = z.object({
  text: multiLineText({ trim: false, max: 200_000, maxMessage: 'is too long' }),
});
export const SensitiveDeleteRequest = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'is required').max(1000),
});
/** What an add or import did: words stored, words already listed. */
export const SensitiveAddResult = z.object({ added: z.number().int(), duplicates: z.number().int() });
export type SensitiveAddResult = z.infer<typeof SensitiveAddResult>;

export const CONTENT_FIELDS = ['title', 'desc', 'extra', 'buttons'] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

/** The texts of one language of a message or material. */
export const LanguageContent = z.object({
  title: singleLineText({ trim: false, max: 10_000 }).optional(),
  desc: multiLineText({ trim: false, max: 10_000 }).optional(),
  extra: multiLineText({ trim: false, max: 10_000 }).optional(),
  buttons: z
    .array(singleLineText({ trim: false, max: 1000 }))
    .max(20)
    .optional(),
});
export type LanguageContent = z.infer<typeof LanguageContent>;

export const ContentByLanguage = z.record(singleLineText({ trim: false, min: 1, max: 20 }), LanguageContent);
export type ContentByLanguage = z.infer<typeof ContentByLanguage>;

/** Sensitive words found in one field of one language (`index`: which button). */
export const Violation = z.object({
  lang: z.string(),
  field: z.enum(CONTENT_FIELDS),
  index: z.number().int().optional(),
  words: z.array(z.string()),
});
export type Violation = z.infer<typeof Violation>;

export const ContentCheckResult = z.object({ platform: z.array(Violation), app: z.array(Violation) });
export type ContentCheckResult = z.infer<typeof ContentCheckResult>;

/** Every field of every language checked against one word list. */
export function checkContentAgainst(content: ContentByLanguage, words: readonly string[]): Violation[] {
  const out: Violation[] = [];
  if (words.length === 0) return out;
  for (const [lang, fields] of Object.entries(content)) {
    for (const field of ['title', 'desc', 'extra'] as const) {
      const found = findSensitiveWords(fields[field] ?? '', words);
      if (found.length > 0) out.push({ lang, field, words: found });
    }
    (fields.buttons ?? []).forEach((text, index) => {
      const found = findSensitiveWords(text, words);
      if (found.length > 0) out.push({ lang, field: 'buttons', index, words: found });
    });
  }
  return out;
}

export const CONTENT_CHECK_CODES = {
  platform: ErrorCodes.CONTENT_REFUSED_PLATFORM,
  app: ErrorCodes.CONTENT_REFUSED_APP,
  review: ErrorCodes.CONTENT_NEEDS_REVIEW,
} as const;

/**
 * The code a save answers with for a content check: 60000 when the platform list matched (never forceable), 60001
 * when only the app's list matched, or 60003 instead of 60001 when a reviewer may force the save (`mayForce`);
 * undefined when the content is clean.
 */
export function contentCheckCode(
  result: ContentCheckResult,
  opts: { mayForce: boolean },
): (typeof CONTENT_CHECK_CODES)[keyof typeof CONTENT_CHECK_CODES] | undefined {
  if (result.platform.length > 0) return CONTENT_CHECK_CODES.platform;
  if (result.app.length > 0) return opts.mayForce ? CONTENT_CHECK_CODES.review : CONTENT_CHECK_CODES.app;
  return undefined;
}

const Done = z.object({});

/** The platform list (levels 100, 150), the per-app lists, and the content check (part 2 "content/check"). */
export const sensitiveWordCalls = {
  platformList: defineCall({
    method: 'POST',
    path: '/tcm/global/sensitive/list',
    summary: 'The platform’s sensitive words',
    body: SensitiveListRequest,
    data: SensitiveList,
  }),
  platformAdd: defineCall({
    method: 'POST',
    path: '/tcm/global/sensitive/add',
    summary: 'Add a platform sensitive word',
    body: SensitiveAddRequest,
    data: SensitiveAddResult,
  }),
  platformImport: defineCall({
    method: 'POST',
    path: '/tcm/global/sensitive/import',
    summary: 'Import platform sensitive words from text (one per line or comma-separated)',
    body: SensitiveImportRequest,
    data: SensitiveAddResult,
  }),
  platformDelete: defineCall({
    method: 'POST',
    path: '/tcm/global/sensitive/delete',
    summary: 'Remove platform sensitive words',
    body: SensitiveDeleteRequest,
    data: Done,
  }),
  appList: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/sensitive/list',
    summary: 'The app’s own sensitive words',
    params: AppIdParams,
    body: SensitiveListRequest,
    data: SensitiveList,
  }),
  appAdd: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/sensitive/add',
    summary: 'Add a sensitive word to the app’s list',
    params: AppIdParams,
    body: SensitiveAddRequest,
    data: SensitiveAddResult,
  }),
  appImport: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/sensitive/import',
    summary: 'Import sensitive words into the app’s list',
    params: AppIdParams,
    body: SensitiveImportRequest,
    data: SensitiveAddResult,
  }),
  appDelete: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/sensitive/delete',
    summary: 'Remove words from the app’s list',
    params: AppIdParams,
    body: SensitiveDeleteRequest,
    data: Done,
  }),
  contentCheck: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/content/check',
    summary: 'Sensitive words in a content, per language and field',
    params: AppIdParams,
    body: z.object({ content: ContentByLanguage }),
    data: ContentCheckResult,
  }),
};
