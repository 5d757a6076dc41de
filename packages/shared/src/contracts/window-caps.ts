import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { MessageType } from '../message-kinds';
import { numberInput } from '../numbers';

/**
 * Frequency caps over any window (issue 32 §3): per app and per message kind, "at most `maxMessages` messages per
 * device in any `windowDays` days", beside the daily limits. The kinds are the message's `msgType`: notification (1)
 * and cross (2, pass-through); each counts the device's dispatched and in-flight messages of its kind. The delivery
 * engine drops a device that one more message would take past a cap with loss 110 (LOSS_CODES), the forecast before
 * send counts those devices, troubleshooting names the cap. One rule (`WindowCaps`) for the console's editor and the
 * server's check.
 */

export const WINDOW_CAP_LIMITS = {
  maxMessagesMax: 1000,
  windowDaysMax: 90,
  /** caps per kind */
  perKind: 5,
} as const;

/** The loss code of a device a frequency cap drops. */
export const FREQUENCY_CAP_LOSS = 110;

/** The kinds caps are set for: the key of each list and the message type it counts. */
export const CAP_KINDS = { notification: MessageType.NOTIFICATION, cross: MessageType.PASS_THROUGH } as const;
export type CapKind = keyof typeof CAP_KINDS;

/** The kind a message of type `msgType` counts under, or undefined (recalls, previews: no cap applies). */
export function capKindOf(msgType: number): CapKind | undefined {
  if (msgType === MessageType.NOTIFICATION) return 'notification';
  if (msgType === MessageType.PASS_THROUGH) return 'cross';
  return undefined;
}

const whole = (min: number, max: number) =>
  numberInput(
    z
      .number()
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
    'must be a whole number',
  );

/** One cap: at most `maxMessages` messages of its kind per device in any `windowDays` days. */
export const WindowCap = z.object({
  maxMessages: whole(1, WINDOW_CAP_LIMITS.maxMessagesMax),
  windowDays: whole(1, WINDOW_CAP_LIMITS.windowDaysMax),
});
export type WindowCap = z.output<typeof WindowCap>;
export type WindowCapInput = z.input<typeof WindowCap>;

const CapList = z
  .array(WindowCap)
  .max(WINDOW_CAP_LIMITS.perKind, `must hold at most ${WINDOW_CAP_LIMITS.perKind} caps`)
  .superRefine((caps, ctx) => {
    const seen = new Set<number>();
    caps.forEach((c, i) => {
      if (seen.has(c.windowDays))
        ctx.addIssue({ code: 'custom', path: [i, 'windowDays'], message: 'is used twice' });
      seen.add(c.windowDays);
    });
  });

/** An app's caps, a list per kind (each window at most once per kind); a field-named issue per bad value. */
export const WindowCaps = z.object({
  notification: CapList.default([]),
  cross: CapList.default([]),
});
export type WindowCaps = z.output<typeof WindowCaps>;
export type WindowCapsInput = z.input<typeof WindowCaps>;

export const NO_WINDOW_CAPS: WindowCaps = { notification: [], cross: [] };

/**
 * The first cap `sent` (messages of the kind the device was sent within each cap's window, by windowDays) plus one more
 * would exceed, or undefined: the one rule of the engine, the forecast and troubleshooting.
 */
export function capReached(
  caps: readonly WindowCap[],
  sentWithin: (windowDays: number) => number,
): WindowCap | undefined {
  return caps.find((c) => sentWithin(c.windowDays) + 1 > c.maxMessages);
}

const WindowCapsParams = z.object({ appId: numberInput(z.number().int().positive()) });

/** Read and set an app's caps: the app details screen's callers (owner and super admins). */
export const windowCapCalls = {
  get: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/window-caps',
    summary: 'The app’s frequency caps over any window, per kind (notification, cross)',
    params: WindowCapsParams,
    body: EmptyBody,
    data: WindowCaps,
  }),
  set: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/window-caps/save',
    summary:
      'Replace the app’s frequency caps: per kind at most 5 of {maxMessages 1–1000, windowDays 1–90}, each window once',
    params: WindowCapsParams,
    body: WindowCaps,
    data: WindowCaps,
  }),
};
