import { type ErrorCode, ErrorCodes, type FieldError, isKnownCode } from '@beacon/shared';

/** How a call failed: a business code in the envelope, no session, a server fault or no answer at all. */
export type ApiErrorKind = 'business' | 'unauthorized' | 'server' | 'network';

interface ApiErrorInit {
  kind: ApiErrorKind;
  code: ErrorCode;
  message: string;
  httpStatus?: number;
  fields?: FieldError[];
}

/** The one error type the API client throws; `code` is the envelope status: compare it with ErrorCodes. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly fields: FieldError[];

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.httpStatus = init.httpStatus ?? 0;
    this.fields = init.fields ?? [];
  }
}

/** An envelope status as an ApiError code: a code outside the catalogue counts as a server error. */
export function envelopeCode(status: number): ErrorCode {
  return isKnownCode(status) ? status : ErrorCodes.SERVER_ERROR;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
