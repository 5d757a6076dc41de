import { z } from 'zod';
import { defineCall } from '../call';
import { GAID_PATTERN } from '../limits';
import { AppIdParams } from './apps';
import { Condition } from './conditions';
import { DeviceCustomEvent } from './custom-events';
import { InstanceUser } from './user-attributes';

/** The id kinds troubleshooting looks devices up by: only GAID (part 1 §2). */
export const InstanceType = { GAID: 1 } as const;

/** Result status: 1 valid device, 2 invalid device, 3 no such device. */
export const InstanceStatus = { VALID: 1, INVALID: 2, NOT_FOUND: 3 } as const;

/** Why a device gets no messages (part 1 §4); 2 and 4 are derived from its dates when read. */
export const InstanceInvalidReason = {
  NOTIFICATIONS_OFF: 1,
  NEW_DEVICE: 2,
  UNINSTALLED: 3,
  INACTIVE: 4,
} as const;

/** What the operator can do about it: 1 enable notifications, 2 wait for the 7 days, 3 reinstall or open the app. */
export const InstanceSolution = { ENABLE_NOTIFICATIONS: 1, WAIT_NEW_DEVICE: 2, REOPEN_APP: 3 } as const;

export const InstanceQuery = z.object({
  instanceId: z
    .string()
    .trim()
    .regex(GAID_PATTERN, 'must be an advertising id: 8-4-4-4-12 hexadecimal digits')
    .transform((g) => g.toLowerCase()),
  type: z.literal(InstanceType.GAID, 'must be 1 (GAID)').default(InstanceType.GAID),
});
export type InstanceQuery = z.output<typeof InstanceQuery>;

export const InstanceInfo = z.object({
  status: z.number().int(),
  /** ISO time of the device's first registration, or null. */
  instanceActivationTime: z.string().nullable(),
  /** ISO time the app was last opened on the device, or null. */
  appActivationTime: z.string().nullable(),
  lastActiveTime: z.string().nullable(),
  model: z.string().nullable(),
  brand: z.string().nullable(),
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  language: z.string().nullable(),
  appVer: z.string().nullable(),
  appVersionCode: z.number().int().nullable(),
  /** The Android API level (33 = Android 13). */
  androidVersion: z.number().int().nullable(),
  timezone: z.string().nullable(),
  noticeEnable: z.boolean().nullable(),
  /** The main reason the device is invalid (null when valid); every reason that applies is in invalidReasons. */
  invalidReason: z.number().int().nullable(),
  invalidReasons: z.array(z.number().int()),
  solution: z.number().int().nullable(),
  /** the device's latest custom events, newest first (issue 33 §2; CUSTOM_EVENT_LIMITS.troubleshootingRecent) */
  customEvents: z.array(DeviceCustomEvent).optional().default([]),
  /** The device's user (issue 33 §1): its external id (null: anonymous) and attributes; null when it has none. */
  user: InstanceUser.nullable(),
});
export type InstanceInfo = z.infer<typeof InstanceInfo>;

const ANDROID_NAMES: Record<number, string> = {
  14: '4.0',
  15: '4.0.3',
  16: '4.1',
  17: '4.2',
  18: '4.3',
  19: '4.4',
  20: '4.4W',
  21: '5.0',
  22: '5.1',
  23: '6.0',
  24: '7.0',
  25: '7.1',
  26: '8.0',
  27: '8.1',
  28: '9',
  29: '10',
  30: '11',
  31: '12',
  32: '12L',
  33: '13',
  34: '14',
  35: '15',
  36: '16',
};

/** The Android release of an API level (`33` → `13`), or undefined for levels it does not know. */
export function androidVersionName(apiLevel: number): string | undefined {
  return ANDROID_NAMES[apiLevel];
}

/** The solution that answers an invalid reason (reasons with none → undefined). */
export function solutionFor(reason: number): number | undefined {
  switch (reason) {
    case InstanceInvalidReason.NOTIFICATIONS_OFF:
      return InstanceSolution.ENABLE_NOTIFICATIONS;
    case InstanceInvalidReason.NEW_DEVICE:
      return InstanceSolution.WAIT_NEW_DEVICE;
    case InstanceInvalidReason.UNINSTALLED:
    case InstanceInvalidReason.INACTIVE:
      return InstanceSolution.REOPEN_APP;
    default:
      return undefined;
  }
}

/** Where a message stands for one device (troubleshooting by GAID and message id). */
export const TRACE_STAGES = [
  'device-not-found', // no device with this GAID in the app
  'not-targeted', // the device does not match the message's audience
  'waiting', // targeted; its wave has not reached it yet
  'not-selected', // targeted but never picked (see reason)
  'dropped', // a filter or control policy dropped it (loss)
  'queued', // selected, waiting for its dispatch batch
  'sending', // its FCM request is in flight
  'dispatched', // FCM accepted it
  'failed', // FCM refused it, or retries ran out (loss)
  'beyond-retention', // the message's send records were dropped (BEACON_RETENTION_DAYS): what happened is not known
] as const;
export type TraceStage = (typeof TRACE_STAGES)[number];

/** Why a targeted device was never picked (or, for a journey's later step, why it is not in its audience). */
export const TRACE_REASONS = [
  'wave-skipped',
  'message-stopped',
  'no-wave',
  'registered-after',
  'push-count-reached',
  'journey-not-entered', // a journey's later step whose wait has not ended: its members are not known yet
  'journey-other-branch', // a journey's later step the device is not a member of (its outcome led elsewhere)
  'beyond-retention', // its send records are past the retention and were dropped (stage beyond-retention)
] as const;
export type TraceReason = (typeof TRACE_REASONS)[number];

export const MessageTraceQuery = z.object({
  instanceId: InstanceQuery.shape.instanceId,
  msgId: z.union(
    [
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      z
        .string()
        .trim()
        .regex(/^[1-9]\d{0,14}$/)
        .transform(Number),
    ],
    'must be a message id (digits)',
  ),
});
export type MessageTraceQuery = z.output<typeof MessageTraceQuery>;

export const MessageTrace = z.object({
  message: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.number().int(),
    targetingType: z.number().int(),
    scheduleType: z.number().int(),
  }),
  /** The device's country and UTC offset (null when not found). */
  device: z.object({
    found: z.boolean(),
    country: z.string().nullable(),
    utcOffsetMin: z.number().int().nullable(),
  }),
  stage: z.enum(TRACE_STAGES),
  /** Whether the device matches the message's audience; null when it cannot be told (no device, file targeting). */
  targeted: z.boolean().nullable(),
  /** The conditions the device fails (conditions and user-group targeting), when not targeted. */
  unmatched: z.array(Condition),
  reason: z.enum(TRACE_REASONS).nullable(),
  /**
   * The loss code that dropped it (from its send record), or — while waiting or not picked — the one the filters and
   * policies would give at its send time (`predicted`). `name` is in the request language.
   */
  loss: z
    .object({
      code: z.number().int(),
      name: z.string(),
      policy: z.string().nullable(),
      detail: z.string().nullable(),
      predicted: z.boolean(),
    })
    .nullable(),
  /** While waiting: the device is inside a banned window of its country and will be sent when it ends (ISO time). */
  delayedUntil: z.string().nullable(),
  /** The wave that covers the device (its UTC offset's for local time). */
  wave: z
    .object({ utcOffsetMin: z.number().int().nullable(), runAt: z.string(), status: z.number().int() })
    .nullable(),
  /** The send record: outcome 0 to send, 4 in flight, 1 dispatched, 2 lost; FCM's message name; attempts; when sent. */
  send: z
    .object({
      outcome: z.number().int(),
      lossCode: z.number().int(),
      fcmName: z.string().nullable(),
      attempts: z.number().int(),
      sentAt: z.string().nullable(),
    })
    .nullable(),
  /** The events the device reported for the message. */
  events: z
    .object({
      received: z.string().nullable(),
      shown: z.string().nullable(),
      clicked: z.string().nullable(),
      dismissed: z.boolean(),
      recalled: z.boolean(),
      converted: z.boolean(),
      showFailed: z.boolean(),
      showFailedReason: z.number().int().nullable(),
    })
    .nullable(),
});
export type MessageTrace = z.infer<typeof MessageTrace>;

export const troubleshootingCalls = {
  query: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/instance/info/query',
    summary: 'Look a device up by its id and say whether it can receive messages, and why not',
    params: AppIdParams,
    body: InstanceQuery,
    data: InstanceInfo,
  }),
  message: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/instance/message/query',
    summary:
      'For a device and a message: targeted or not, the filter or policy that dropped it, what FCM answered, the events',
    params: AppIdParams,
    body: MessageTraceQuery,
    data: MessageTrace,
  }),
};
