import { z } from 'zod';
import { singleLineText } from '../text';
import { MESSAGE_LIMITS } from './notification-content';

/** The kind a message counts under for the daily limits: 1, 2 or 3 (MessageSave's `msgRestrictType`). */
export const MsgRestrictType = z
  .union([z.literal(1), z.literal(2), z.literal(3)])
  .optional()
  .default(1);

/**
 * checkIsDailyLimitReach (`limit/check`): the app's daily message limit for a message kind, asked before the
 * confirmation opens. Only the kind and, for an edit, the message count: the limit counts the messages of that kind
 * the app created today, whatever their audience or schedule (an edit is never refused).
 */
export const DailyLimitRequest = z.object({
  msgRestrictType: MsgRestrictType,
  id: z.number().int().positive().optional(),
});
export type DailyLimitRequest = z.output<typeof DailyLimitRequest>;

/** The app's daily message limit of a kind: `used` of `limitCount` today; `reached` is what msg/save refuses (21029). */
export const DailyLimitState = z.object({
  msgRestrictType: z.number().int(),
  limitEnable: z.boolean(),
  limitCount: z.number().int(),
  used: z.number().int(),
  reached: z.boolean(),
});
export type DailyLimitState = z.infer<typeof DailyLimitState>;

/**
 * msg/restrict/check: every daily restriction a message of a kind meets, for the compose form's kind selector: the
 * app's daily message limit of that kind, and the platform's per-device daily limits (total and of that kind; null
 * when the platform's limit switch is off) that drop devices with loss 7 at send time.
 */
export const RestrictCheckRequest = z.object({ msgRestrictType: MsgRestrictType });
const DeviceLimit = z.object({ enable: z.boolean(), number: z.number().int() });
export const RestrictState = z.object({
  app: DailyLimitState,
  perDevice: z.object({ total: DeviceLimit, kind: DeviceLimit }).nullable(),
});
export type RestrictState = z.infer<typeof RestrictState>;

/**
 * msg/gaid/check: the device ids typed for targeting type 2, checked before the save: 40000 a malformed id, 40002 an
 * id listed twice, 40001 an id no device of the app has (`data.gaids` names them). Raw strings, so that a malformed
 * one is answered by its code rather than by a 400.
 */
export const GaidCheckRequest = z.object({
  userIds: z
    .array(singleLineText({ max: 100 }))
    .min(1, 'must list at least one advertising id')
    .max(MESSAGE_LIMITS.userIdsMax),
});
export const GaidCheckResult = z.object({
  /** the ids of the answer's code (all of them, lower-cased, with 200) */
  gaids: z.array(z.string()),
});
