import { type z } from 'zod';
import { ErrorCodes, MessageSave, type Call, type MessageSaveInput } from '@beacon/shared';
import { apiEnvelope, type EnvelopeAnswer } from '../../lib/api-client';

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

export type SaveAnswer = EnvelopeAnswer;

/**
 * Posts a message payload through the API client (apiEnvelope) and answers the envelope itself when its status is
 * one the compose flow handles (200, 201, 202, 60003, 90003, 21029, 1071, 21030), because their `data` (forbidden
 * countries, violations) matters; every other outcome throws ApiError like apiRequest does. The body is checked with
 * `schema` first (msg/save's unless told: an A/B test passes AbTestSave).
 */
export function postMessage<B = MessageSaveInput>(
  call: Call,
  appId: number,
  body: B,
  schema: z.ZodType = MessageSave,
): Promise<SaveAnswer> {
  return apiEnvelope(call, { params: { appId }, body, bodySchema: schema }, HANDLED_SAVE_CODES);
}
