import { z } from 'zod';
import { normalCdf, Z_95 } from '../ab-significance';
import { defineCall, EmptyBody } from '../call';
import { numberInput, wholeInRange } from '../numbers';
import { RangeQuery } from './statistics';

/**
 * Control groups (issue 34 §1): per app, a global control group — a fixed share of the app's devices, chosen by a
 * stable hash of the device and the app, that receives no campaign message (previews and recalls always reach it;
 * transactional sends too unless the setting says otherwise). The engine counts its members in a message's audience as
 * targeted and lost with code 113, so targeted = dispatched + Σ losses still holds, and a message's lift compares the
 * app-open rate of the devices it was sent to with that of its control members.
 */

export const CONTROL_GROUP_LIMITS = { shareMax: 10, holdoutMax: 50 } as const;

/** The buckets of the stable hash (the engine's A/B buckets): a share of p % is p × 100 of them. */
export const CONTROL_GROUP_BUCKETS = 10_000;

/** The seed of a message's own control share (its holdout) in the hash: independent of the app's group. */
export const holdoutSeed = (messageId: number): string => `holdout:${messageId}`;

/** The message's own control share: a whole % of its audience targeted and not sent (loss 114), 0 none. */
export const HoldoutShare = z
  .number()
  .int('must be a whole number')
  .min(0, `must be a whole number from 0 to ${CONTROL_GROUP_LIMITS.holdoutMax}`)
  .max(
    CONTROL_GROUP_LIMITS.holdoutMax,
    `must be a whole number from 0 to ${CONTROL_GROUP_LIMITS.holdoutMax}`,
  );

/** The seed of an app's global control group in the hash (stable: the same devices for ever, whatever the message). */
export const controlGroupSeed = (appId: number): string => `control:${appId}`;

/** An app's global control group: `share` % of its devices (0 = none), transactional sends excepted or not. */
export const ControlGroup = z.object({
  share: wholeInRange(0, CONTROL_GROUP_LIMITS.shareMax).default(0),
  /** transactional sends (API) reach the control group too */
  exceptTransactional: z.boolean().default(true),
});
export type ControlGroup = z.output<typeof ControlGroup>;
export type ControlGroupInput = z.input<typeof ControlGroup>;

export const CONTROL_GROUP_OFF: ControlGroup = { share: 0, exceptTransactional: true };

/** A stored setting read through the rule: one written by hand, or past a bound, reads as off. */
export function controlGroupOf(stored: unknown): ControlGroup {
  return ControlGroup.safeParse(stored ?? {}).data ?? CONTROL_GROUP_OFF;
}

/** The buckets below which a device is in the app's control group. */
export function controlGroupBuckets(group: ControlGroup): number {
  return Math.round(group.share * (CONTROL_GROUP_BUCKETS / 100));
}

/** Devices of one side of a message's lift and how many opened the app since the send. */
export interface LiftGroup {
  devices: number;
  opened: number;
}

/** The app-open lift of a message over its control members: rates 0–1, the difference, its 95 % interval, the test. */
export interface ControlLift {
  sentRate: number;
  controlRate: number;
  /** sentRate − controlRate */
  lift: number;
  low: number;
  high: number;
  /** the two-sided p-value of the pooled two-proportion z-test; 1 when a side is empty */
  pValue: number;
  significant: boolean;
}

/**
 * The lift of the sent devices' app-open rate over the control members': (p₁ − p₀) ± z·√(p₁(1 − p₁)/n₁ + p₀(1 −
 * p₀)/n₀) (unpooled, for the interval), and the two-sided p-value of z = (p₁ − p₀) / √(p̂(1 − p̂)(1/n₁ + 1/n₀)) with
 * the pooled p̂ (for the test). Opens are clamped to devices; with an empty side nothing is known: [−1, 1], p 1.
 */
export function controlLift(sent: LiftGroup, control: LiftGroup): ControlLift {
  const rate = (g: LiftGroup) => (g.devices > 0 ? Math.min(Math.max(g.opened, 0), g.devices) / g.devices : 0);
  const p1 = rate(sent);
  const p0 = rate(control);
  const lift = p1 - p0;
  const unknown = { sentRate: p1, controlRate: p0, lift, low: -1, high: 1, pValue: 1, significant: false };
  if (!(sent.devices > 0) || !(control.devices > 0)) return unknown;
  const se = Math.sqrt((p1 * (1 - p1)) / sent.devices + (p0 * (1 - p0)) / control.devices);
  const pooled = (p1 * sent.devices + p0 * control.devices) / (sent.devices + control.devices);
  const se0 = Math.sqrt(pooled * (1 - pooled) * (1 / sent.devices + 1 / control.devices));
  const pValue = se0 > 0 ? Math.min(1, 2 * (1 - normalCdf(Math.abs(lift / se0)))) : 1;
  return {
    sentRate: p1,
    controlRate: p0,
    lift,
    low: Math.max(-1, lift - Z_95 * se),
    high: Math.min(1, lift + Z_95 * se),
    pValue,
    significant: pValue < 0.05,
  };
}

/** A message's lift: its sent devices and its control members, their app opens since the send, and the test. */
export const MessageLift = z.object({
  /** the app's control share when the message was sent is not kept: members are the message's loss-113 records */
  sent: z.object({ devices: z.number().int(), opened: z.number().int(), clicked: z.number().int() }),
  control: z.object({ devices: z.number().int(), opened: z.number().int() }),
  since: z.string().nullable(),
  lift: z.object({
    sentRate: z.number(),
    controlRate: z.number(),
    lift: z.number(),
    low: z.number(),
    high: z.number(),
    pValue: z.number(),
    significant: z.boolean(),
  }),
});
export type MessageLift = z.output<typeof MessageLift>;

/** One UTC day of the control group's activity against everyone else: devices active that day, and their share. */
export const ControlActivityDay = z.object({
  day: z.string(),
  control: z.object({ active: z.number().int(), rate: z.number() }),
  rest: z.object({ active: z.number().int(), rate: z.number() }),
});
export type ControlActivityDay = z.output<typeof ControlActivityDay>;

/**
 * The app's statistics of its control group (issue 34 §1): per UTC day of the range, the devices of each side active
 * that day (stat_control_days, written while the group is on) over the side's devices today (the stable hash), and
 * over the range the mean daily rates and their difference.
 */
export const ControlActivity = z.object({
  share: z.number().int(),
  control: z.object({ devices: z.number().int() }),
  rest: z.object({ devices: z.number().int() }),
  days: z.array(ControlActivityDay),
  /** the mean of the daily rates over the days with any activity recorded, each side; null without such a day */
  meanRate: z.object({ control: z.number(), rest: z.number(), lift: z.number() }).nullable(),
  start: z.string(),
  end: z.string(),
  fallback: z.boolean(),
});
export type ControlActivity = z.output<typeof ControlActivity>;

/** The members' CSV (their advertising ids): GET, the app's settings' access. */
export const CONTROL_GROUP_EXPORT_PATH = '/tcm/v1/app/:appId/control-group/export';

const AppParams = z.object({ appId: numberInput(z.number().int().positive()) });
const MsgParams = AppParams.extend({ msgId: numberInput(z.number().int().positive()) });

export const controlGroupCalls = {
  get: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/control-group',
    summary:
      'The app’s global control group: its share of devices (0–10 %) and whether transactional sends reach it',
    params: AppParams,
    body: EmptyBody,
    data: ControlGroup.extend({ members: z.number().int() }),
  }),
  set: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/control-group/save',
    summary: 'Set the app’s global control group: share 0–10 (%), exceptTransactional',
    params: AppParams,
    body: ControlGroup,
    data: ControlGroup,
  }),
  activity: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/control-group/activity',
    summary:
      'The app’s control group against everyone else per UTC day of the range (≤ 1 year): devices active that day and their share of each side',
    params: AppParams,
    query: RangeQuery,
    data: ControlActivity,
  }),
  lift: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/:msgId/lift',
    summary:
      'A message’s lift over the app’s control group: app-open rates of its sent devices and its control members since the send, the difference with its 95 % interval and p-value',
    params: MsgParams,
    data: MessageLift,
  }),
};
