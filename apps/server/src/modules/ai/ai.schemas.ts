import {
  AI_LIMITS,
  MESSAGE_LIMITS,
  MessageType,
  multiLineText,
  singleLineText,
  type TranslateSource,
} from '@beacon/shared';
import { z } from 'zod';
import type { AnswerSchema } from './ai.provider';

/**
 * The structured answers asked of the model: each a strict JSON schema (every object closed, every property
 * required, as OpenAI's strict mode wants) and the zod schema that mirrors it and decides what is accepted.
 */

/** The limits of a suggestion's fields per message kind: the compose form's (part 2 §5, §9). */
export interface CopyLimits {
  title: number;
  content: number;
  button: number;
}

export function copyLimits(msgType: number): CopyLimits {
  return msgType === MessageType.PASS_THROUGH
    ? // a cross message: its description (title, ≤ 100) and a short text for its JSON content
      {
        title: MESSAGE_LIMITS.descriptionMax,
        content: MESSAGE_LIMITS.expandedTextMax,
        button: MESSAGE_LIMITS.buttonMax,
      }
    : // a notification: noti_title ≤ 150, noti_desc ≤ 100, noti_btn ≤ 20
      { title: MESSAGE_LIMITS.titleMax, content: MESSAGE_LIMITS.descMax, button: MESSAGE_LIMITS.buttonMax };
}

export interface AssistantAnswer {
  kind: 'suggestions' | 'answer';
  answer: string;
  suggestions: Array<{ title: string; content: string; button: string }>;
}

const ANSWER_MAX = AI_LIMITS.chatContentMax;

/** The assistant's answer: suggestions of copy within the limits, or a plain answer to a question. */
export function assistantSchema(limits: CopyLimits): AnswerSchema<AssistantAnswer> {
  const text = (maxLength: number, description: string) => ({ type: 'string', maxLength, description });
  const json = {
    type: 'object',
    additionalProperties: false,
    required: ['kind', 'answer', 'suggestions'],
    properties: {
      kind: {
        type: 'string',
        enum: ['suggestions', 'answer'],
        description: 'suggestions: the user asked for copy; answer: the user asked a question',
      },
      answer: text(ANSWER_MAX, 'the plain answer when kind is answer, else empty'),
      suggestions: {
        type: 'array',
        maxItems: AI_LIMITS.suggestions,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'content', 'button'],
          properties: {
            title: text(limits.title, 'the title'),
            content: text(limits.content, 'the description or text'),
            button: text(limits.button, 'the button label, or empty'),
          },
        },
      },
    },
  };
  const zod = z
    .object({
      kind: z.enum(['suggestions', 'answer']),
      answer: z.string().max(ANSWER_MAX),
      suggestions: z
        .array(
          z.object({
            title: singleLineText({ required: true, max: limits.title }),
            content: multiLineText({ required: true, max: limits.content }),
            button: singleLineText({ max: limits.button }),
          }),
        )
        .max(AI_LIMITS.suggestions),
    })
    .superRefine((a, ctx) => {
      if (a.kind === 'suggestions' && a.suggestions.length === 0)
        ctx.addIssue({ code: 'custom', path: ['suggestions'], message: 'must hold at least one suggestion' });
      if (a.kind === 'answer' && a.answer.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['answer'], message: 'must not be empty when kind is answer' });
    });
  return { name: 'assistant_answer', json, zod };
}

export interface Translation {
  lang: string;
  title: string;
  desc: string;
  extra: string;
  button: string;
  buttonExtra: string[];
}

/** What must come through a translation untouched: placeholders ({name}, {{x}}, %s, %1$d, ${x}) and links. */
const PROTECTED =
  /\{\{[^{}]*\}\}|\$\{[^{}]*\}|\{[A-Za-z0-9_.]+\}|%(?:\d+\$)?[sdif@]|[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>]+/g;

export function protectedParts(text: string): string[] {
  return text.match(PROTECTED) ?? [];
}

const FIELDS = ['title', 'desc', 'extra', 'button'] as const;

/**
 * The translations of `source` into `langs`, one entry per language: no length limit in the schema (a translation
 * too long for its field is shown to the editor, not cut), but every placeholder and link of the source kept and no
 * filled field left empty.
 */
export function translationSchema(
  source: TranslateSource,
  langs: readonly string[],
): AnswerSchema<{ translations: Translation[] }> {
  const str = { type: 'string' };
  const json = {
    type: 'object',
    additionalProperties: false,
    required: ['translations'],
    properties: {
      translations: {
        type: 'array',
        minItems: langs.length,
        maxItems: langs.length,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['lang', 'title', 'desc', 'extra', 'button', 'buttonExtra'],
          properties: {
            lang: { type: 'string', enum: [...langs] },
            title: str,
            desc: str,
            extra: str,
            button: str,
            buttonExtra: { type: 'array', items: str },
          },
        },
      },
    },
  };
  const zod = z.object({
    translations: z.array(
      z.object({
        lang: z.string(),
        title: z.string(),
        desc: z.string(),
        extra: z.string(),
        button: z.string(),
        buttonExtra: z.array(z.string()),
      }),
    ),
  });
  const check = ({ translations }: { translations: Translation[] }): string[] => {
    const problems: string[] = [];
    for (const lang of langs) {
      const found = translations.filter((t) => t.lang === lang);
      if (found.length !== 1) {
        problems.push(`translations must hold exactly one entry for ${lang}`);
        continue;
      }
      const t = found[0] as Translation;
      const pairs: Array<[string, string, string]> = FIELDS.map((f) => [f, source[f], t[f]]);
      if (t.buttonExtra.length !== source.buttonExtra.length)
        problems.push(
          `${lang}: buttonExtra must hold ${source.buttonExtra.length} labels, one per source label`,
        );
      else source.buttonExtra.forEach((s, i) => pairs.push([`buttonExtra.${i}`, s, t.buttonExtra[i] ?? '']));
      for (const [field, from, to] of pairs) {
        if (from.trim() !== '' && to.trim() === '') problems.push(`${lang}: ${field} must not be empty`);
        const missing = protectedParts(from).filter((p) => !to.includes(p));
        if (missing.length > 0)
          problems.push(
            `${lang}: ${field} must keep ${missing.map((m) => `"${m}"`).join(', ')} exactly as written`,
          );
      }
    }
    return problems;
  };
  return { name: 'translations', json, zod, check };
}
