import { type ScriptedReply } from './types';

/** An OpenAI error answer: the HTTP status, the `error` object of the body, and extra headers. */
export interface ApiError {
  status: number;
  message: string;
  type: string;
  param: string | null;
  code: string | null;
  headers?: Record<string, string>;
}

/** The messages, types and codes OpenAI answers for each status, used when a scripted error leaves them out. */
const DEFAULTS: Record<number, [message: string, type: string, code: string | null]> = {
  400: ['Invalid request.', 'invalid_request_error', null],
  401: ['Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'],
  403: ['You are not allowed to access this resource.', 'invalid_request_error', null],
  404: [
    'The model does not exist or you do not have access to it.',
    'invalid_request_error',
    'model_not_found',
  ],
  429: ['Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded'],
  500: ['The server had an error while processing your request. Sorry about that!', 'server_error', null],
  503: ['The server is overloaded or not ready yet.', 'server_error', null],
};

export function errorBody(e: ApiError): string {
  return JSON.stringify({ error: { message: e.message, type: e.type, param: e.param, code: e.code } });
}

/** The error a scripted reply with a `status` stands for, with OpenAI's defaults for what it leaves out. */
export function scriptedError(reply: ScriptedReply & { status: number }): ApiError {
  const [message, type, code] = DEFAULTS[reply.status] ?? DEFAULTS[reply.status >= 500 ? 500 : 400]!;
  const error: ApiError = {
    status: reply.status,
    message: reply.errorMessage ?? message,
    type: reply.errorType ?? type,
    param: null,
    code: reply.errorCode === undefined ? code : reply.errorCode,
  };
  if (reply.retryAfterSeconds !== undefined)
    error.headers = {
      'retry-after': String(Math.ceil(reply.retryAfterSeconds)),
      'retry-after-ms': String(Math.round(reply.retryAfterSeconds * 1000)),
    };
  return error;
}

export function invalidRequest(
  message: string,
  param: string | null = null,
  code: string | null = null,
): ApiError {
  return { status: 400, message, type: 'invalid_request_error', param, code };
}

/** 401 for a missing or wrong key; like OpenAI, the message shows only the ends of a wrong key. */
export function invalidApiKey(sent: string | undefined): ApiError {
  const message =
    sent === undefined
      ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
      : `Incorrect API key provided: ${redact(sent)}. You can find your API key at https://platform.openai.com/account/api-keys.`;
  return { status: 401, message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' };
}

function redact(key: string): string {
  return key.length <= 8
    ? '*'.repeat(key.length)
    : `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}`;
}
