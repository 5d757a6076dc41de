import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { numberInput, wholeInRange } from '../numbers';
import { MESSAGE_LIMITS } from './notification-content';

/**
 * Missed-push recovery (issue 32 §1): when an app opens or sends a heartbeat, the device API answers with the
 * notifications the device was sent, within their time to live, that it never reported as received — newest first,
 * at most a few, each with the content to show. The SDK shows them and reports `received` with `recovered: true`; the
 * statistics count those deliveries apart (funnel, loss reasons, by brand and model) and reach still counts each
 * device once. An app setting turns it on and bounds it: how old a send may be (hours) and how many one answer holds.
 */

export const PUSH_RECOVERY_LIMITS = {
  /** past the longest time to live (12 h) nothing is left to recover */
  maxAgeHoursMax: MESSAGE_LIMITS.ttlMaxSeconds / 3600,
  maxCountMax: 10,
} as const;

/** The send-record event bit of a `received` that recovery delivered (beside @beacon/shared EVENT_BITS' 1–64). */
export const RECOVERED_BIT = 128;

/** An app's recovery setting: off by default; when on, sends at most `maxAgeHours` old, at most `maxCount` an answer. */
export const PushRecovery = z.object({
  enabled: z.boolean().default(false),
  maxAgeHours: wholeInRange(1, PUSH_RECOVERY_LIMITS.maxAgeHoursMax).default(
    PUSH_RECOVERY_LIMITS.maxAgeHoursMax,
  ),
  maxCount: wholeInRange(1, PUSH_RECOVERY_LIMITS.maxCountMax).default(3),
});
export type PushRecovery = z.output<typeof PushRecovery>;
export type PushRecoveryInput = z.input<typeof PushRecovery>;

export const PUSH_RECOVERY_OFF: PushRecovery = {
  enabled: false,
  maxAgeHours: PUSH_RECOVERY_LIMITS.maxAgeHoursMax,
  maxCount: 3,
};

/** A stored setting read through the rule: one written by hand, or before a bound changed, reads as off. */
export function pushRecoveryOf(stored: unknown): PushRecovery {
  return PushRecovery.safeParse(stored ?? {}).data ?? PUSH_RECOVERY_OFF;
}

/**
 * One notification a heartbeat recovers: its message id, when it was sent, and the content to show — `data` is the
 * FCM data map the push carried (noti_* keys, in the device's language), `title` and `body` its noti_title and
 * noti_desc for convenience.
 */
export const RecoveredPush = z.object({
  msgId: z.string(),
  sentAt: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.string()),
});
export type RecoveredPush = z.output<typeof RecoveredPush>;

/** A message's recovered deliveries by the device's brand and model (most first). */
export const RecoveredModelRow = z.object({
  brand: z.string(),
  model: z.string(),
  recovered: z.number().int(),
});
export type RecoveredModelRow = z.output<typeof RecoveredModelRow>;

const AppParams = z.object({ appId: numberInput(z.number().int().positive()) });
const MsgParams = AppParams.extend({ msgId: numberInput(z.number().int().positive()) });

/** Read and set an app's recovery (owner and super admins, as its other delivery settings); a message's breakdown. */
export const pushRecoveryCalls = {
  get: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/push-recovery',
    summary:
      'The app’s missed-push recovery: on or off, how old a send may be (hours), how many an answer holds',
    params: AppParams,
    body: EmptyBody,
    data: PushRecovery,
  }),
  set: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/push-recovery/save',
    summary: 'Set the app’s missed-push recovery: enabled, maxAgeHours 1–12, maxCount 1–10',
    params: AppParams,
    body: PushRecovery,
    data: PushRecovery,
  }),
  byModel: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/:msgId/recovered',
    summary: 'A message’s deliveries won back by missed-push recovery, by device brand and model',
    params: MsgParams,
    data: z.object({ total: z.number().int(), rows: z.array(RecoveredModelRow) }),
  }),
};
