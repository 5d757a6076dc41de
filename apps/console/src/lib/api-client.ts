import { z } from 'zod';
import {
  type Call,
  type ErrorCode,
  type MessageLang,
  callPath,
  Envelope,
  errorMessage,
  localizeIssueMessage,
  ErrorCodes,
  FieldError,
} from '@beacon/shared';
import { apiClientConfig } from './api-client-config';
import { ApiError, envelopeCode } from './api-error';

export { configureApiClient } from './api-client-config';

type BodyOf<C> = C extends Call<infer B, z.ZodType, z.ZodType, z.ZodType> ? B : never;
type QueryOf<C> = C extends Call<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Q : never;

/** What a call returns in `data`, after its schema has parsed it. */
export type CallData<C> = C extends Call<z.ZodType, z.ZodType, z.ZodType, infer D> ? z.output<D> : never;

/** What a call accepts: its body and query as the contract's input types, and path parameters. */
export interface CallInput<C> {
  body?: z.input<BodyOf<C>>;
  query?: z.input<QueryOf<C>>;
  params?: Record<string, string | number>;
}

const AnyEnvelope = Envelope(z.unknown());
const FieldList = z.object({ fields: z.array(FieldError) });

function invalidInput(error: z.ZodError, lang: MessageLang): ApiError {
  // the contract's own words, in the reader's language (as the server's 400 would say them)
  const fields = error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: localizeIssueMessage(issue.message, issue, lang),
  }));
  const first = fields[0];
  const message = first
    ? `${first.field} ${first.message}`
    : errorMessage(ErrorCodes.PARAMETER_ILLEGAL, lang);
  return new ApiError({ kind: 'business', code: ErrorCodes.PARAMETER_ILLEGAL, message, fields });
}

function validate(schema: z.ZodType, value: unknown, lang: MessageLang): unknown {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalidInput(result.error, lang);
  return result.data;
}

function toSearch(query: unknown): string {
  const search = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      if (typeof value === 'string') search.set(key, value);
      else if (typeof value === 'number' || typeof value === 'boolean') search.set(key, String(value));
      else if (value !== undefined && value !== null) search.set(key, JSON.stringify(value));
    }
  }
  return search.toString();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function unauthorized(lang: MessageLang): ApiError {
  apiClientConfig().onUnauthorized();
  return new ApiError({
    kind: 'unauthorized',
    code: ErrorCodes.NOT_SIGNED_IN,
    httpStatus: 401,
    message: errorMessage(ErrorCodes.NOT_SIGNED_IN, lang),
  });
}

/** The envelope of an answer whose status the caller handles itself (apiEnvelope). */
export interface EnvelopeAnswer {
  status: ErrorCode;
  msg: string;
  data: unknown;
}

/** An envelope as it came (its status maybe one this console does not know). */
interface RawEnvelope {
  status: number;
  msg: string;
  data: unknown;
}

/** What exchange sends besides the call's input: the body's schema when not the call's own. */
type ExchangeInput<C> = CallInput<C> & { bodySchema?: z.ZodType | undefined };

/**
 * Sends one call and reads its envelope: validates the input (the body with `bodySchema` or the call's schema),
 * sends it (GET: query string; others: JSON body) with the session cookie and Accept-Language, and throws ApiError
 * for a network failure, a 401 (or the envelope's 1001: to sign-in), a 5xx or an answer that is no envelope.
 */
async function exchange<C extends Call>(
  call: C,
  input: ExchangeInput<C>,
  lang: MessageLang,
): Promise<{ response: Response; envelope: RawEnvelope }> {
  const bodySchema = input.bodySchema ?? call.body;
  const body = bodySchema ? validate(bodySchema, input.body, lang) : undefined;
  const query = call.query ? toSearch(validate(call.query, input.query, lang)) : '';
  const url = callPath(call.path, input.params) + (query ? `?${query}` : '');
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang };
  const init: RequestInit = { method: call.method, credentials: 'same-origin', headers };
  if (call.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  if (response.status === 401) throw unauthorized(lang);

  const envelope = AnyEnvelope.safeParse(await readJson(response));
  if (response.status >= 500 || !envelope.success) {
    const message =
      envelope.success && envelope.data.msg ? envelope.data.msg : errorMessage(ErrorCodes.SERVER_ERROR, lang);
    throw new ApiError({
      kind: 'server',
      code: envelope.success ? envelopeCode(envelope.data.status) : ErrorCodes.SERVER_ERROR,
      httpStatus: response.status,
      message,
    });
  }
  const { status, msg, data } = envelope.data;
  if (status === ErrorCodes.NOT_SIGNED_IN) throw unauthorized(lang);
  return { response, envelope: { status, msg, data } };
}

/** The ApiError of an envelope whose status is a refusal (its field errors when it names them). */
function refusal(response: Response, { status, msg, data }: RawEnvelope, lang: MessageLang): ApiError {
  const fields = FieldList.safeParse(data);
  return new ApiError({
    kind: 'business',
    code: envelopeCode(status),
    httpStatus: response.status,
    message: msg || errorMessage(status, lang),
    fields: fields.success ? fields.data.fields : [],
  });
}

/**
 * Performs one contract call: validates the input with the call's schemas, sends it (GET: query string;
 * others: JSON body) with the session cookie and Accept-Language, unwraps the `{status, msg, data}` envelope
 * and parses `data`. Throws ApiError for every failure.
 */
export async function apiRequest<C extends Call>(call: C, input: CallInput<C> = {}): Promise<CallData<C>> {
  const lang = apiClientConfig().language();
  const { response, envelope } = await exchange(call, input, lang);
  if (envelope.status !== ErrorCodes.SUCCESS) throw refusal(response, envelope, lang);

  const parsed = call.data.safeParse(envelope.data);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'server',
      code: ErrorCodes.SERVER_ERROR,
      httpStatus: response.status,
      message: errorMessage(ErrorCodes.SERVER_ERROR, lang),
    });
  }
  return parsed.data as CallData<C>;
}

/**
 * Performs one call as apiRequest does, but answers the envelope itself when its status is one of `handled` (a
 * message save's 201, 202, 1071 …: their `data`, forbidden countries or violations, matters to the caller); every
 * other outcome throws ApiError as apiRequest does. The body is checked with `bodySchema` when given (an A/B test's
 * save is checked as AbTestSave), else with the call's.
 */
export async function apiEnvelope<C extends Call>(
  call: C,
  input: ExchangeInput<C>,
  handled: readonly number[],
): Promise<EnvelopeAnswer> {
  const lang = apiClientConfig().language();
  const { response, envelope } = await exchange(call, input, lang);
  const { status, msg, data } = envelope;
  if (handled.includes(status)) return { status: envelopeCode(status), msg, data };
  throw refusal(response, envelope, lang);
}
