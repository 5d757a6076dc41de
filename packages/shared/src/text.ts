import { z } from 'zod';

/**
 * What a text field may hold, decided once for the contracts (server validation) and the console's forms:
 * - single-line texts (names, titles, filters, tokens): no control character at all: C0 U+0000–U+001F (tab and line
 *   breaks included), DEL U+007F, C1 U+0080–U+009F;
 * - multi-line texts (message bodies, descriptions typed in a text area, word lists one per line): the same, except
 *   line breaks (`\n`, `\r\n`) and tabs;
 * - no text holds a bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069), which reorder what is shown;
 * - a required text must hold a visible character, not only spaces, zero-width or filler characters.
 * U+0000 never reaches PostgreSQL (it refuses it in text and JSON): the server also refuses it in any input string.
 */

/** Why a text is refused; TEXT_PROBLEM_MESSAGES words each in English (the console may localise the codes). */
export type TextProblem = 'control' | 'lineBreak' | 'bidi' | 'invisible';

export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  control: 'must not contain control characters',
  lineBreak: 'must not contain line breaks',
  bidi: 'must not contain text-direction override characters',
  invisible: 'must contain visible characters',
};

export interface TextRule {
  /** Line breaks (`\n`, `\r\n`) and tabs allowed; default false (one line). */
  multiLine?: boolean;
  /** The text is required: a text made only of invisible characters is refused. Default false. */
  required?: boolean;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/**
 * 'control' for a C0 control, DEL or C1 control the text may not hold (a multi-line text may hold tabs, LF and CR
 * LF; a lone CR never), else 'lineBreak' for a line break in a one-line text, else undefined.
 */
function controlProblem(value: string, multiLine: boolean): 'control' | 'lineBreak' | undefined {
  let lineBreak = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c > 0x9f) continue;
    if (c === LF || (c === CR && value.charCodeAt(i + 1) === LF)) lineBreak ||= !multiLine;
    else if (!(c === TAB && multiLine)) return 'control';
  }
  return lineBreak ? 'lineBreak' : undefined;
}

/** Bidirectional embeddings/overrides (LRE RLE PDF LRO RLO) and isolates (LRI RLI FSI PDI). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** White space, controls and format characters (soft hyphen, zero-width space and joiners, marks, BOM, tags…). */
const BLANK_OR_FORMAT = /^[\s\p{Cc}\p{Cf}]$/u;
/** Other characters that show nothing: combining grapheme joiner, Hangul and Khmer fillers, braille blank. */
const FILLERS = new Set([0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x2800, 0x3164, 0xffa0]);

function isInvisible(char: string): boolean {
  const cp = char.codePointAt(0) ?? 0;
  return (
    BLANK_OR_FORMAT.test(char) ||
    FILLERS.has(cp) ||
    (cp >= 0x180b && cp <= 0x180f) || // Mongolian variation selectors and vowel separator
    (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors
    (cp >= 0xe0100 && cp <= 0xe01ef) // variation selectors supplement
  );
}

/** The problem with a text under `rule`, or undefined when it may be stored. The empty text has none. */
export function textProblem(value: string, rule: TextRule = {}): TextProblem | undefined {
  if (value === '') return undefined;
  const control = controlProblem(value, rule.multiLine ?? false);
  if (control) return control;
  if (BIDI_CONTROL.test(value)) return 'bidi';
  if (rule.required && [...value].every(isInvisible)) return 'invisible';
  return undefined;
}

/** Whether a string holds U+0000, which PostgreSQL cannot store (the server's last check on every input string). */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

export interface TextOptions {
  /** Trim surrounding white space before the checks (default true); false keeps the text as sent. */
  trim?: boolean;
  /** Required: at least one visible character; true answers 'is required', a string is the message. */
  required?: boolean | string;
  /** Fewest characters (after trimming), with zod's message or `minMessage`; 1 or more makes the text required. */
  min?: number;
  minMessage?: string;
  /** Most characters (after trimming), with zod's message or `maxMessage`. */
  max?: number;
  maxMessage?: string;
  /** The message when the value is not a string (zod's otherwise). */
  typeMessage?: string;
}

function textSchema(multiLine: boolean, opts: TextOptions): z.ZodString {
  let schema = opts.typeMessage === undefined ? z.string() : z.string(opts.typeMessage);
  if (opts.trim !== false) schema = schema.trim();
  const min = opts.required ? Math.max(1, opts.min ?? 1) : opts.min;
  const minMessage =
    typeof opts.required === 'string' ? opts.required : opts.required ? 'is required' : opts.minMessage;
  if (min !== undefined) schema = minMessage === undefined ? schema.min(min) : schema.min(min, minMessage);
  if (opts.max !== undefined)
    schema = opts.maxMessage === undefined ? schema.max(opts.max) : schema.max(opts.max, opts.maxMessage);
  const rule: TextRule = { multiLine, required: (min ?? 0) > 0 };
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: TEXT_PROBLEM_MESSAGES[problem] });
  });
}

/** A one-line text (name, title, filter, token): no control character, no direction override. */
export function singleLineText(opts: TextOptions = {}): z.ZodString {
  return textSchema(false, opts);
}

/** A text that may span lines (message body, description in a text area, one word per line): `\n`, `\r\n`, tab. */
export function multiLineText(opts: TextOptions = {}): z.ZodString {
  return textSchema(true, opts);
}
