import { z } from 'zod';
import { isCountryCode } from '../dictionaries/countries';
import { normalizeLanguage } from '../dictionaries/languages';
import { isIanaZone } from '../dictionaries/timezones';
import { GAID_PATTERN } from '../limits';
import { singleLineText } from '../text';
import { defineCall } from '../call';
import { RecoveredPush } from './push-recovery';

/** The device API (`/sdk/v1`) shapes; docs/sdk-api.md documents them for SDK authors. */
export const Gaid = z
  .string()
  .regex(GAID_PATTERN, 'must be an advertising id: 8-4-4-4-12 hexadecimal digits')
  .transform((g) => g.toLowerCase());

export const DeviceRegister = z.strictObject({
  token: singleLineText({ trim: false, required: true, max: 4096 }).regex(/^\S+$/, 'must not contain spaces'),
  gaid: Gaid,
  country: z
    .string()
    .transform((c) => c.toUpperCase())
    .refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code'),
  language: z
    .string()
    .max(35)
    .transform((l, ctx) => {
      const normal = normalizeLanguage(l);
      if (!normal) {
        ctx.addIssue({ code: 'custom', message: 'must be a BCP 47 language tag (en, pt-BR) or pt_BR' });
        return z.NEVER;
      }
      return normal;
    }),
  brand: singleLineText({ required: true, max: 50 }).transform((b) => b.toUpperCase()),
  model: singleLineText({ required: true, max: 50 }).transform((m) => m.toUpperCase()),
  osVersion: z
    .number()
    .int('must be an integer API level')
    .min(14, 'must be an API level from 14 to 35')
    .max(35, 'must be an API level from 14 to 35'),
  appVersion: singleLineText({ required: true, max: 32 }),
  appVersionCode: z.number().int('must be an integer').min(0).max(2_147_483_647),
  operator: singleLineText({ max: 64 }).optional().default(''),
  timezone: z.string().refine(isIanaZone, 'must be an IANA time zone such as Africa/Lagos'),
  notificationsEnabled: z.boolean(),
});
export type DeviceRegister = z.output<typeof DeviceRegister>;

export const DeviceHeartbeat = z.strictObject({ gaid: Gaid, notificationsEnabled: z.boolean() });
export type DeviceHeartbeat = z.output<typeof DeviceHeartbeat>;

export const EVENT_TYPES = [
  'received',
  'shown',
  'clicked',
  'dismissed',
  'show_failed',
  'recalled',
  'converted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Bit of each event type in a send record's event mask. */
export const EVENT_BITS: Record<EventType, number> = {
  received: 1,
  shown: 2,
  clicked: 4,
  dismissed: 8,
  show_failed: 16,
  recalled: 32,
  converted: 64,
};

/** An event's bounds, read by the schema below and by its fast path (devices-fast.ts). */
export const DEVICE_EVENT_LIMITS = {
  /** the earliest event time, epoch ms */
  tsMin: Date.UTC(2020, 0, 1),
  /** how far past the server's clock an event may be dated */
  aheadMs: 24 * 3600 * 1000,
  /** a message id sent as text */
  msgIdText: /^\d{1,18}$/,
  reasonMax: 999,
  eventsMax: 500,
} as const;
const TS_MIN = DEVICE_EVENT_LIMITS.tsMin;

/**
 * The `reason` codes of a `show_failed` event that docs/sdk-api.md names (any 0–999 is accepted and kept; the
 * console names these and shows the others by their number).
 */
export const SHOW_FAILED_REASONS = {
  1: 'notificationsDisabled',
  6: 'channelBlocked',
  11: 'quietHours',
  12: 'renderingFailed',
  20: 'other',
} as const satisfies Record<number, string>;
export type ShowFailedReasonName = (typeof SHOW_FAILED_REASONS)[keyof typeof SHOW_FAILED_REASONS];

/** The name of a documented show-failure reason, or undefined (none given, or a code the docs do not name). */
export function showFailedReasonName(reason: number | null | undefined): ShowFailedReasonName | undefined {
  return reason == null ? undefined : (SHOW_FAILED_REASONS as Record<number, ShowFailedReasonName>)[reason];
}

export const DeviceEvent = z
  .strictObject({
    type: z.enum(
      EVENT_TYPES,
      'must be one of received, shown, clicked, dismissed, show_failed, recalled, converted',
    ),
    msgId: z
      .union([
        z.number().int().positive(),
        z.string().regex(DEVICE_EVENT_LIMITS.msgIdText, 'must be a message id (digits)'),
      ])
      .transform((v) => String(v)),
    ts: z
      .number()
      .int('must be epoch milliseconds')
      .min(TS_MIN, 'must be epoch milliseconds')
      .refine((t) => t <= Date.now() + DEVICE_EVENT_LIMITS.aheadMs, 'is in the future'),
    reason: z.number().int().min(0).max(DEVICE_EVENT_LIMITS.reasonMax).optional(),
    /** a `received` of a notification the heartbeat's `recovered` list delivered (missed-push recovery) */
    recovered: z.boolean().optional(),
  })
  .refine((e) => !e.recovered || e.type === 'received', {
    path: ['recovered'],
    message: 'may only be set on a received event',
  });
export type DeviceEvent = z.output<typeof DeviceEvent>;

export const DeviceEvents = z.strictObject({
  gaid: Gaid,
  events: z
    .array(DeviceEvent)
    .min(1, 'must hold at least one event')
    .max(DEVICE_EVENT_LIMITS.eventsMax, `must hold at most ${DEVICE_EVENT_LIMITS.eventsMax} events`),
});
export type DeviceEvents = z.output<typeof DeviceEvents>;

/**
 * The heartbeat's answer: `{}`, or with the app's missed-push recovery on, `recovered` — the notifications the device
 * was sent within their time to live and never reported received, newest first (possibly empty).
 */
export const DeviceHeartbeatAnswer = z.object({ recovered: z.array(RecoveredPush).optional() });
export type DeviceHeartbeatAnswer = z.output<typeof DeviceHeartbeatAnswer>;

export const DeviceRegistered = z.object({ deviceId: z.string() });

export const sdkCalls = {
  register: defineCall({
    method: 'POST',
    path: '/sdk/v1/register',
    summary: 'Register or refresh a device (HTTP Basic appKey:appSecret)',
    body: DeviceRegister,
    data: DeviceRegistered,
    auth: false,
  }),
  heartbeat: defineCall({
    method: 'POST',
    path: '/sdk/v1/heartbeat',
    summary:
      'Report activity and the notification switch; with the app’s missed-push recovery on, answers the notifications to show',
    body: DeviceHeartbeat,
    data: DeviceHeartbeatAnswer.optional(),
    auth: false,
  }),
  events: defineCall({
    method: 'POST',
    path: '/sdk/v1/events',
    summary: 'Report up to 500 message events',
    body: DeviceEvents,
    data: z.object({}).optional(),
    auth: false,
  }),
};
