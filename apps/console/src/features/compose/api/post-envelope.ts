import { z } from 'zod';
import {
  appInfoCalls,
  callPath,
  Envelope,
  type ErrorCode,
  ErrorCodes,
  errorMessage,
  FieldError,
  MessageSave,
  type Call,
  type MessageSaveInput,
} from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { apiRequest } from '../../../lib/api-client';
import { ApiError, envelopeCode } from '../../../lib/api-error';

const AnyEnvelope = Envelope(z.unknown());
const FieldList = z.object({ fields: z.array(FieldError) });

/** The answers a save or a test preview handles itself (part 2 §8): the rest are errors. */
export const HANDLED_SAVE_CODES: readonly number[] = [
  ErrorCodes.SUCCESS,
  ErrorCodes.AUDIENCE_FORBIDDEN,
  ErrorCodes.AUDIENCE_FORBIDDEN_MAY_CONTINUE,
  ErrorCodes.CONTENT_NEEDS_REVIEW,
  ErrorCodes.SCHEDULE_PASSED,
  ErrorCodes.DAILY_LIMIT_REACHED,
  ErrorCodes.AUDIENCE_PACKAGE_NOT_HUMAN,
  ErrorCodes.SAME_AS_PREVIOUS_DAY,
];

export interface SaveAnswer {
  status: ErrorCode;
  msg: string;
  data: unknown;
}

/**
 * Posts a message payload and answers the envelope itself when its status is one the compose flow handles
 * (200, 201, 202, 60003, 90003, 21029, 1071, 21030), because their `data` (forbidden countries, violations) matters; every other
 * outcome throws ApiError like apiRequest does. The body is checked with `schema` first (msg/save's unless told: an
 * A/B test passes AbTestSave).
 */
export async function postMessage<B = MessageSaveInput>(
  call: Call,
  appId: number,
  body: B,
  schema: z.ZodType = MessageSave,
): Promise<SaveAnswer> {
  const lang = currentLanguage();
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw new ApiError({
      kind: 'business',
      code: ErrorCodes.PARAMETER_ILLEGAL,
      message: `${fields[0]?.field ?? ''} ${fields[0]?.message ?? ''}`,
      fields,
    });
  }
  let response: Response;
  try {
    response = await fetch(callPath(call.path, { appId }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: JSON.stringify(parsed.data),
    });
  } catch {
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  if (response.status === 401) {
    // the shared client owns the sign-in redirect: a side-effect-free call through it (also 401) triggers it
    await apiRequest(appInfoCalls.info, { params: { appId } }).catch(() => undefined);
    throw new ApiError({
      kind: 'unauthorized',
      code: ErrorCodes.NOT_SIGNED_IN,
      httpStatus: 401,
      message: errorMessage(ErrorCodes.NOT_SIGNED_IN, lang),
    });
  }
  const envelope = AnyEnvelope.safeParse(await response.json().catch(() => undefined));
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
  if (HANDLED_SAVE_CODES.includes(status)) return { status: envelopeCode(status), msg, data };
  const fields = FieldList.safeParse(data);
  throw new ApiError({
    kind: 'business',
    code: envelopeCode(status),
    httpStatus: response.status,
    message: msg || errorMessage(status, lang),
    fields: fields.success ? fields.data.fields : [],
  });
}
