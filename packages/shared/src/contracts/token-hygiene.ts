import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { numberInput } from '../numbers';

/**
 * Token hygiene (issue 32 §4): a device is stale, and left out of sends with loss 111, when its push token is older
 * than FCM_TOKEN_EXPIRY_DAYS without activity (FCM expires such tokens: a send would be refused or lost), or when it
 * has sent nothing (registration, heartbeat, events) for the app's chosen `staleDays` (0: off). "Dispatched" then
 * means reachable. One rule (`staleLoss`) for the engine's filter stage (as SQL with the same cut-offs,
 * `staleCutoffs`), the forecast before send and troubleshooting.
 */

/** FCM expires a registration token that has not connected for this many days. */
export const FCM_TOKEN_EXPIRY_DAYS = 270;

/** The loss code of a stale device (LOSS_CODES 111). */
export const STALE_TOKEN_LOSS = 111;

/** The app's own inactivity limit: 0 (off) or a number of days in these bounds. */
export const STALE_DAYS_LIMITS = { min: 30, max: FCM_TOKEN_EXPIRY_DAYS } as const;

const DAY_MS = 86_400_000;

/** An app's token hygiene: `staleDays` 0 (only FCM's 270 days apply) or 30–270; a field-named issue otherwise. */
export const TokenHygiene = z.object({
  staleDays: numberInput(
    z
      .number()
      .int('must be a whole number')
      .refine(
        (n) => n === 0 || (n >= STALE_DAYS_LIMITS.min && n <= STALE_DAYS_LIMITS.max),
        `must be 0 (off) or ${STALE_DAYS_LIMITS.min}–${STALE_DAYS_LIMITS.max} days`,
      ),
    'must be a whole number',
  ),
});
export type TokenHygiene = z.output<typeof TokenHygiene>;

/**
 * The instants before which a device is stale at `now` (epoch ms): its token and its last activity both before
 * `tokenBefore` (FCM's expiry), or its last activity before `activeBefore` (the app's limit; null when off).
 */
export function staleCutoffs(
  now: number,
  staleDays: number,
): { tokenBefore: number; activeBefore: number | null } {
  return {
    tokenBefore: now - FCM_TOKEN_EXPIRY_DAYS * DAY_MS,
    activeBefore: staleDays > 0 ? now - staleDays * DAY_MS : null,
  };
}

/**
 * Whether a device is stale at `now` (epoch ms), from its last activity and its token's last refresh (epoch ms; null:
 * unknown, the activity alone decides): true when both are older than FCM's expiry, or the activity is older than the
 * app's `staleDays` (0: off).
 */
export function isStale(
  device: { lastActiveAt: number; tokenUpdatedAt?: number | null },
  now: number,
  staleDays: number,
): boolean {
  const { tokenBefore, activeBefore } = staleCutoffs(now, staleDays);
  const seen = Math.max(device.lastActiveAt, device.tokenUpdatedAt ?? Number.NEGATIVE_INFINITY);
  if (seen < tokenBefore) return true;
  return activeBefore !== null && device.lastActiveAt < activeBefore;
}

const TokenHygieneParams = z.object({ appId: numberInput(z.number().int().positive()) });

/** Read and set an app's token hygiene: the app details screen's callers (owner and super admins). */
export const tokenHygieneCalls = {
  get: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/token-hygiene',
    summary: 'The app’s token hygiene: the days without activity after which a device is stale (0: off)',
    params: TokenHygieneParams,
    body: EmptyBody,
    data: TokenHygiene,
  }),
  set: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/token-hygiene/save',
    summary:
      'Set the app’s token hygiene: staleDays 0 (off) or 30–270; stale devices are left out of sends with loss 111',
    params: TokenHygieneParams,
    body: TokenHygiene,
    data: TokenHygiene,
  }),
};
