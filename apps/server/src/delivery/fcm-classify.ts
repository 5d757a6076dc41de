// Maps an FCM HTTP response to an FcmResult (reference fcm-http-v1.md §1.6, §6.4, §6.6).
import { type FcmResult } from './fcm-types';

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const QUOTA_FAILURE_TYPE = 'type.googleapis.com/google.rpc.QuotaFailure';
const INVALID_TOKEN_TEXT = /registration token/i;
const INVALID_TOKEN_VERDICT = /not a valid|invalid/i;

/** What an error body says, whether or not it was JSON. */
export interface ParsedFcmError {
  /** `details[@type=FcmError].errorCode`, when present. */
  fcmCode?: string;
  /** `error.status` (canonical code), when present. */
  status?: string;
  message: string;
  /** QuotaFailure violation subjects (`project`, `device` …). */
  quotaSubjects: string[];
  isJson: boolean;
}

/** Parses a google.rpc.Status error body; a non-JSON body yields `isJson: false` and a clipped message. */
export function parseFcmErrorBody(text: string): ParsedFcmError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200), quotaSubjects: [], isJson: false };
  }
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : undefined;
  if (!error) return { message: text.slice(0, 200), quotaSubjects: [], isJson: false };
  const out: ParsedFcmError = {
    message: typeof error.message === 'string' ? error.message : '',
    quotaSubjects: [],
    isJson: true,
  };
  if (typeof error.status === 'string') out.status = error.status;
  if (Array.isArray(error.details)) {
    for (const d of error.details as unknown[]) {
      if (!isRecord(d)) continue;
      if (d['@type'] === FCM_ERROR_TYPE && typeof d.errorCode === 'string') out.fcmCode = d.errorCode;
      if (d['@type'] === QUOTA_FAILURE_TYPE && Array.isArray(d.violations)) {
        for (const v of d.violations as unknown[]) {
          if (isRecord(v) && typeof v.subject === 'string') out.quotaSubjects.push(v.subject);
        }
      }
    }
  }
  return out;
}

/** Parses `Retry-After` (delta seconds or HTTP-date) into milliseconds from `now`; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** True for the 401 that means "refresh the OAuth token and try once more" (no FcmError detail). */
export function isExpiredCredential(httpStatus: number, err: ParsedFcmError): boolean {
  return httpStatus === 401 && err.fcmCode === undefined;
}

const NAME_OPEN = '{"name":"';

/** Classifies a 200 body (`{"name": …}`); the compact form without escapes is read without JSON.parse. */
export function classifySuccess(text: string): FcmResult {
  const end = text.length - 2;
  if (text.startsWith(NAME_OPEN) && text.endsWith('"}')) {
    const name = text.slice(NAME_OPEN.length, end);
    if (!name.includes('"') && !name.includes('\\')) return { outcome: 'dispatched', name };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed) && typeof parsed.name === 'string')
      return { outcome: 'dispatched', name: parsed.name };
  } catch {
    // fall through: FCM answered 200, the message is accepted even if the body is odd
  }
  return { outcome: 'dispatched', name: '' };
}

/** Classifies a non-200 response; `retryAfterMs` is the parsed `Retry-After`. Never throws. */
export function classifyError(httpStatus: number, err: ParsedFcmError, retryAfterMs?: number): FcmResult {
  const retry = (reason: Extract<FcmResult, { outcome: 'retry' }>['reason']): FcmResult => {
    const r: FcmResult = { outcome: 'retry', reason, httpStatus, message: err.message };
    if (retryAfterMs !== undefined) r.retryAfterMs = retryAfterMs;
    return r;
  };
  switch (err.fcmCode) {
    case 'UNREGISTERED':
    case 'UNREGISTERED_FID':
      return { outcome: 'token_dead', errorCode: err.fcmCode, httpStatus };
    case 'SENDER_ID_MISMATCH':
      return { outcome: 'sender_mismatch', httpStatus };
    case 'QUOTA_EXCEEDED':
      return retry(err.quotaSubjects.some((s) => s.includes('device')) ? 'device_quota' : 'quota');
    case 'UNAVAILABLE':
      return retry('unavailable');
    case 'INTERNAL':
      return retry('internal');
    case 'THIRD_PARTY_AUTH_ERROR':
    case 'APNS_AUTH_ERROR':
      return { outcome: 'auth_error', httpStatus, message: err.message || err.fcmCode };
    case 'INVALID_ARGUMENT':
      if (INVALID_TOKEN_TEXT.test(err.message) && INVALID_TOKEN_VERDICT.test(err.message)) {
        return { outcome: 'token_dead', errorCode: 'INVALID_ARGUMENT', httpStatus };
      }
      return { outcome: 'message_invalid', httpStatus, message: err.message };
    case undefined:
    default:
      return classifyByStatus(httpStatus, err, retry);
  }
}

function classifyByStatus(
  httpStatus: number,
  err: ParsedFcmError,
  retry: (r: 'quota' | 'unavailable' | 'internal') => FcmResult,
): FcmResult {
  const message = err.message || `HTTP ${httpStatus}`;
  if (httpStatus === 429) return retry('quota');
  if (httpStatus === 500) return retry('internal');
  if (httpStatus >= 500) return retry('unavailable');
  // 401/403 without FcmError: credential, IAM or API-disabled problem; 404 without FcmError: wrong base URL or project.
  if (httpStatus === 401 || httpStatus === 403 || httpStatus === 404)
    return { outcome: 'auth_error', httpStatus, message };
  return { outcome: 'message_invalid', httpStatus, message };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
