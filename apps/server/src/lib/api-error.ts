import {
  type ErrorCode,
  ErrorCodes,
  errorMessage,
  errorWithDetail,
  localizeIssueMessage,
  type MessageLang,
} from '@beacon/shared';
import type { z } from 'zod';

/** A refusal with a catalogue code (ErrorCodes); the error plugin turns it into `{status: code, msg, data}`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Localised detail to show instead of the catalogue text, per language. */
    readonly detail?: (lang: MessageLang) => string,
    readonly data?: unknown,
  ) {
    super(`api error ${code}`);
  }

  messageFor(lang: MessageLang): string {
    return this.detail ? this.detail(lang) : errorMessage(this.code, lang);
  }
}

/**
 * A status 400 naming the field that is wrong, `message` in English (a predicate: "must be …", "is not …"); the
 * reader sees it in their language (@beacon/shared localizeIssueMessage, here and in `data.fields` by the error plugin).
 */
export function fieldError(field: string, message: string): ApiError {
  const code = ErrorCodes.PARAMETER_ILLEGAL;
  return new ApiError(
    code,
    (lang) => errorWithDetail(code, lang, `${field} ${localizeIssueMessage(message, undefined, lang)}`),
    { fields: [{ field, message }] },
  );
}

/** Parses input a raw route reads itself (CSV downloads' query and path) with the call's rule: a 400 naming the field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(String(issue?.path[0] ?? 'query'), issue?.message ?? 'is invalid');
  }
  return parsed.data;
}
