import { z } from 'zod';
import { ANDROID_PACKAGE_PATTERN } from '../limits';
import { NotiLayoutId } from './messages';

/**
 * The content of a cross (pass-through) or pull-up message (spec part 2 §3): the operator's JSON travels as
 * `trans_data`, the base64 of its UTF-8 text, beside `noti_layout_id`; a pull-up adds `enlive_package`,
 * `enlive_activity` and `enlive_data` (base64 JSON) asking the app's SDK to bring that activity to the foreground.
 * One rule for the console's editor and the server's check.
 */

/** Keys the payload itself sets: dropped from the operator's JSON by the editor, refused by the server. */
export const RESERVED_CROSS_KEYS = [
  'tcm_msg_id',
  'tcm_msg_type',
  'tcm_msg_pkg',
  'enlive_package',
  'enlive_activity',
  'enlive_data',
] as const;

export const CROSS_LIMITS = {
  /**
   * Base64 characters of `trans_data` (≈ 2,300 bytes of JSON): FCM carries 4,096 bytes of data in all, and the tcm_*
   * keys, the layout and a pull-up's keys need the rest.
   */
  transDataMax: 3072,
  /** Base64 characters of `enlive_data`. */
  enliveDataMax: 512,
  /** An Android activity's class name. */
  activityMax: 255,
} as const;

/** An Android activity: a fully qualified class name, or one relative to the package (starting with a dot). */
export const ACTIVITY_PATTERN = /^\.?[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** The base64 of a text's UTF-8 bytes (browser and Node alike). */
export function base64OfText(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The text whose UTF-8 bytes `b64` encodes, or undefined when it is not base64 of valid UTF-8. */
export function textOfBase64(b64: string): string | undefined {
  if (!BASE64.test(b64)) return undefined;
  try {
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The JSON object that `b64` encodes, or why it is not one (a reason worded to follow the field's name). */
export function objectOfBase64(b64: string): { value: Record<string, unknown> } | { problem: string } {
  const text = textOfBase64(b64);
  if (text === undefined) return { problem: 'must be base64 of UTF-8 text' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'must be base64 of JSON, and its text is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'must be base64 of a JSON object ({…})' };
  return { value: value as Record<string, unknown> };
}

/**
 * Why a JSON text fails, as a code the console words in the reader's language (`expected`: the characters that
 * would have been right there); `message` says the same in English.
 */
export type JsonProblem =
  | 'expected'
  | 'endExpected'
  | 'unterminatedString'
  | 'badEscape'
  | 'controlInString'
  | 'keyExpected'
  | 'trailingComma'
  | 'valueExpected'
  | 'textAfter'
  | 'notObject';

/** Where and why a JSON text fails to parse: 1-based line and column, the problem and its English message. */
export interface JsonSyntaxError {
  line: number;
  column: number;
  offset: number;
  problem: JsonProblem;
  expected?: string;
  message: string;
}

/** What findJsonError says of a failing text: where, why (a code and, for `expected`, what), and in English. */
export interface JsonFailure {
  offset: number;
  problem: JsonProblem;
  expected?: string;
  message: string;
}

/**
 * Where JSON.parse would fail on `text` and why (engines do not all say where): a strict scan of RFC 8259 JSON that
 * stops at the first character no JSON text may hold there.
 */
export function findJsonError(text: string): JsonFailure | undefined {
  let i = 0;
  class JsonError extends Error {
    constructor(readonly failure: JsonFailure) {
      super(failure.message);
    }
  }
  const fail = (problem: JsonProblem, message: string, expected?: string): never => {
    throw new JsonError({ offset: i, problem, message, ...(expected ? { expected } : {}) });
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (c: string, what: string) => {
    if (text[i] !== c)
      fail(
        i >= text.length ? 'endExpected' : 'expected',
        `${i >= text.length ? 'Unexpected end: ' : ''}${what} expected`,
        what,
      );
    i++;
  };
  const string = () => {
    expect('"', '"');
    for (;;) {
      if (i >= text.length) fail('unterminatedString', 'Unterminated string');
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('badEscape', 'Bad \\u escape');
          i += 5;
        } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++;
        else fail('badEscape', 'Bad escape');
      } else if (c.charCodeAt(0) < 0x20)
        fail('controlInString', 'Control character in a string (a line break?)');
      else i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail('keyExpected', 'A key in double quotes expected');
        string();
        ws();
        expect(':', '":"');
        value();
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === '}') fail('trailingComma', 'Trailing comma');
          continue;
        }
        expect('}', '"," or "}"');
        return;
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === ']') fail('trailingComma', 'Trailing comma');
          continue;
        }
        expect(']', '"," or "]"');
        return;
      }
    }
    if (c === '"') return string();
    const num = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (num && num[0] !== '' && num[0] !== '-') return void (i += num[0].length);
    for (const lit of ['true', 'false', 'null']) if (text.startsWith(lit, i)) return void (i += lit.length);
    fail('valueExpected', i >= text.length ? 'Unexpected end: a value expected' : 'A value expected');
  };
  try {
    value();
    ws();
    if (i < text.length) fail('textAfter', 'Unexpected text after the JSON value');
    return undefined;
  } catch (e) {
    if (e instanceof JsonError) return e.failure;
    throw e;
  }
}

/** The 1-based line and column of a syntax error at `offset` of `text`. */
function syntaxErrorAt(text: string, found: JsonFailure): JsonSyntaxError {
  const before = text.slice(0, found.offset);
  return { ...found, line: before.split('\n').length, column: found.offset - before.lastIndexOf('\n') };
}

/**
 * The operator's JSON as the editor submits it: parsed, required to be an object, with the reserved keys dropped
 * (and named, for the note beside the editor) — or where its syntax fails.
 */
export function cleanCrossJson(
  text: string,
): { ok: true; value: Record<string, unknown>; dropped: string[] } | { ok: false; error: JsonSyntaxError } {
  const found = findJsonError(text);
  if (found) return { ok: false, error: syntaxErrorAt(text, found) };
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      ok: false,
      error: {
        line: 1,
        column: 1,
        offset: 0,
        problem: 'notObject',
        message: 'The content must be a JSON object ({…})',
      },
    };
  const dropped: string[] = [];
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if ((RESERVED_CROSS_KEYS as readonly string[]).includes(k)) dropped.push(k);
    else kept[k] = v;
  }
  return { ok: true, value: kept, dropped };
}

const reservedIn = (o: Record<string, unknown>) =>
  Object.keys(o).filter((k) => (RESERVED_CROSS_KEYS as readonly string[]).includes(k));

/** A base64 JSON object field (`trans_data`, `enlive_data`), refusing the reserved keys inside it when asked. */
const base64Object = (max: number, refuseReserved: boolean) =>
  z
    .string()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters once encoded (FCM carries 4 KB of data in all)`)
    .superRefine((v, ctx) => {
      const parsed = objectOfBase64(v);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return;
      }
      const reserved = refuseReserved ? reservedIn(parsed.value) : [];
      if (reserved.length)
        ctx.addIssue({ code: 'custom', message: `must not hold the reserved keys ${reserved.join(', ')}` });
    });

/**
 * The `data` of a cross message (msgType 2): `trans_data` and an optional layout number; with a pull-up, the three
 * `enlive_*` keys (package and activity required together). Nothing else: the device receives exactly this.
 */
export const CrossData = z
  .object({
    trans_data: base64Object(CROSS_LIMITS.transDataMax, true),
    noti_layout_id: NotiLayoutId.optional(),
    enlive_package: z
      .string()
      .max(255)
      .regex(ANDROID_PACKAGE_PATTERN, 'must be an Android package name, like com.example.app')
      .optional(),
    enlive_activity: z
      .string()
      .max(CROSS_LIMITS.activityMax)
      .regex(
        ACTIVITY_PATTERN,
        'must be an activity class name, like com.example.app.MainActivity or .MainActivity',
      )
      .optional(),
    enlive_data: base64Object(CROSS_LIMITS.enliveDataMax, false).optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    const pullUp =
      d.enlive_package !== undefined || d.enlive_activity !== undefined || d.enlive_data !== undefined;
    if (!pullUp) return;
    if (!d.enlive_package)
      ctx.addIssue({ code: 'custom', path: ['enlive_package'], message: 'is required for a pull-up' });
    if (!d.enlive_activity)
      ctx.addIssue({ code: 'custom', path: ['enlive_activity'], message: 'is required for a pull-up' });
  });
export type CrossData = z.output<typeof CrossData>;

/** Whether a cross message's data asks for a pull-up (an activity brought to the foreground). */
export function isPullUp(data: Record<string, unknown>): boolean {
  return typeof data.enlive_package === 'string' && data.enlive_package !== '';
}
