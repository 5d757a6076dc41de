import { type ErrorCode, ErrorCodes, errorMessage, type MessageLang } from '@beacon/shared';

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

/** A status 400 naming the field that is wrong. */
export function fieldError(field: string, message: string): ApiError {
  const code = ErrorCodes.PARAMETER_ILLEGAL;
  return new ApiError(code, (lang) => `${errorMessage(code, lang)}: ${field} ${message}`, {
    fields: [{ field, message }],
  });
}
