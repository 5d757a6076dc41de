import { describe, expect, it } from 'vitest';
import { BACKOFF, retryDelayMs } from './backoff';
import { type FcmRetryResult } from './fcm-types';

const r = (reason: FcmRetryResult['reason'], retryAfterMs?: number): FcmRetryResult =>
  retryAfterMs === undefined ? { outcome: 'retry', reason } : { outcome: 'retry', reason, retryAfterMs };
const mid = () => 0.5;

describe('retryDelayMs', () => {
  it('doubles from a 1 s base without jitter at rand = 0.5', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, r('unavailable'), mid))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
  });
  it('applies ±50 % jitter', () => {
    expect(retryDelayMs(3, r('internal'), () => 0)).toBe(2000);
    expect(retryDelayMs(3, r('internal'), () => 0.999999)).toBe(6000);
  });
  it('caps the exponential part at 10 minutes', () => {
    expect(retryDelayMs(40, r('network'), mid)).toBe(BACKOFF.capMs);
  });
  it('never goes below Retry-After; jitter then only goes upward', () => {
    expect(retryDelayMs(1, r('unavailable', 10_000), () => 0)).toBe(10_000);
    expect(retryDelayMs(1, r('unavailable', 10_000), () => 1)).toBe(15_000);
    expect(retryDelayMs(6, r('unavailable', 1_000), mid)).toBe(32_000);
  });
  it('honours the Retry-After of a project-quota 429, jittered upward only, even when shorter than 60 s', () => {
    expect(retryDelayMs(1, r('quota', 5_000), () => 0)).toBe(5_000);
    expect(retryDelayMs(1, r('quota', 5_000), mid)).toBe(6_250);
    expect(retryDelayMs(1, r('quota', 5_000), () => 0.999999)).toBe(7_500);
    expect(retryDelayMs(1, r('quota', 120_000), () => 0)).toBe(120_000);
    // the exponential backoff still applies when it is longer
    expect(retryDelayMs(4, r('quota', 1_000), mid)).toBe(8_000);
  });
  it('waits at least 60 s after a project-quota 429 without Retry-After; a device quota has no floor', () => {
    for (const rand of [() => 0, mid, () => 0.99]) {
      const delay = retryDelayMs(1, r('quota'), rand);
      expect(delay).toBeGreaterThanOrEqual(BACKOFF.quotaFloorMs);
      expect(delay).toBeLessThanOrEqual(BACKOFF.quotaFloorMs * 1.5);
    }
    expect(BACKOFF.quotaFloorMs).toBe(60_000);
    expect(retryDelayMs(1, r('device_quota'), mid)).toBe(1000);
  });
});
