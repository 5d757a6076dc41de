// Retry delay policy for FCM (reference fcm-http-v1.md §1.7, §6.6).
import { type FcmRetryResult } from './fcm-types';

/** Policy constants: exponential base, its cap, and the floor for project-quota 429s that carry no Retry-After. */
export const BACKOFF = {
  baseMs: 1_000,
  capMs: 10 * 60_000,
  quotaFloorMs: 60_000,
} as const;

/**
 * Delay before the next attempt, after `attempt` (1-based) failed with `result`.
 * `max(floor, min(cap, base·2^(attempt-1)))` with ±50 % jitter, where the floor is `Retry-After` when FCM sent one
 * (a project-quota 429 included: FCM knows when its quota refills), else 60 s for a project QUOTA_EXCEEDED (FCM's
 * "minimum initial delay of 1 min") and nothing for the rest. When the floor wins, the jitter only goes upward (up
 * to +50 %), so the delay is never shorter than the server asked for and retries of many messages still spread out.
 */
export function retryDelayMs(
  attempt: number,
  result: FcmRetryResult,
  rand: () => number = Math.random,
): number {
  const n = Math.max(0, Math.floor(attempt) - 1);
  const exp = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.min(n, 30));
  const jittered = exp * (0.5 + rand());
  const floor = result.retryAfterMs ?? (result.reason === 'quota' ? BACKOFF.quotaFloorMs : 0);
  if (jittered >= floor) return Math.round(jittered);
  return Math.round(floor * (1 + 0.5 * rand()));
}
