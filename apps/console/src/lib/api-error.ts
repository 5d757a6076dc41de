import { type FieldError } from '@beacon/shared';

/** How a call failed: a business code in the envelope, no session, a server fault or no answer at all. */
export type ApiErrorKind = 'business' | 'unauthorized' | 'server' | 'network';

interface ApiErrorInit {
  kind: ApiErrorKind;
  code: number;
  message: string;
  httpStatus?: number;
  fields?: FieldError[];
}

/** The one error type the API client throws; `code` is the envelope status (error-codes.ts). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
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

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
