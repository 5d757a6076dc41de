import { describe, expect, it } from 'vitest';
import { sendWithRetry, type FcmSender } from './send-with-retry';
import { type FcmApp, type FcmResult } from './fcm-types';

const app: FcmApp = {
  appId: 'a',
  serviceAccount: { project_id: 'p', client_email: 'e', private_key: 'k', token_uri: 'http://x/token' },
};

function scripted(results: FcmResult[]): FcmSender & { calls: number } {
  const s = {
    calls: 0,
    send: async (): Promise<FcmResult> => results[Math.min(s.calls++, results.length - 1)]!,
  };
  return s;
}

function fakeClock() {
  let t = 1_000_000;
  const slept: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms)), slept };
}

describe('sendWithRetry', () => {
  it('returns a final result at once', async () => {
    const c = fakeClock();
    const s = scripted([{ outcome: 'token_dead', errorCode: 'UNREGISTERED', httpStatus: 404 }]);
    const r = await sendWithRetry(s, app, {}, { deadline: c.now() + 60_000, ...c });
    expect(r).toEqual({ outcome: 'token_dead', errorCode: 'UNREGISTERED', httpStatus: 404, attempts: 1 });
    expect(c.slept).toEqual([]);
  });

  it('retries with exponential backoff and honours Retry-After', async () => {
    const c = fakeClock();
    const s = scripted([
      { outcome: 'retry', reason: 'unavailable', httpStatus: 503, retryAfterMs: 3000 },
      { outcome: 'retry', reason: 'internal', httpStatus: 500 },
      { outcome: 'retry', reason: 'timeout' },
      { outcome: 'dispatched', name: 'projects/p/messages/1' },
    ]);
    const r = await sendWithRetry(s, app, {}, { deadline: c.now() + 3_600_000, rand: () => 0.5, ...c });
    expect(r).toEqual({ outcome: 'dispatched', name: 'projects/p/messages/1', attempts: 4 });
    expect(c.slept).toEqual([3750, 2000, 4000]); // Retry-After 3 s, jittered upward only
  });

  it('stops after maxAttempts with the last retry result', async () => {
    const c = fakeClock();
    const s = scripted([{ outcome: 'retry', reason: 'network' }]);
    const r = await sendWithRetry(s, app, {}, { deadline: c.now() + 3_600_000, rand: () => 0.5, ...c });
    expect(r).toMatchObject({ outcome: 'retry', reason: 'network', attempts: 5 });
    expect(s.calls).toBe(5);
    expect(c.slept).toEqual([1000, 2000, 4000, 8000]);
  });

  it('does not start an attempt after the deadline (message TTL)', async () => {
    const c = fakeClock();
    const s = scripted([{ outcome: 'retry', reason: 'quota', httpStatus: 429 }]);
    const r = await sendWithRetry(s, app, {}, { deadline: c.now() + 30_000, ...c });
    expect(r).toMatchObject({ outcome: 'retry', reason: 'quota', attempts: 1 });
    expect(c.slept).toEqual([]);
  });

  it('after a project quota 429 carrying Retry-After: 5, retries after about 5 s (jittered upward), not 60 s', async () => {
    for (const rand of [0, 0.5, 0.99]) {
      const c = fakeClock();
      const s = scripted([
        { outcome: 'retry', reason: 'quota', httpStatus: 429, retryAfterMs: 5_000 },
        { outcome: 'dispatched', name: 'n' },
      ]);
      const r = await sendWithRetry(s, app, {}, { deadline: c.now() + 600_000, rand: () => rand, ...c });
      expect(r.attempts).toBe(2);
      expect(c.slept).toHaveLength(1);
      expect(c.slept[0]).toBeGreaterThanOrEqual(5_000);
      expect(c.slept[0]).toBeLessThanOrEqual(7_500);
    }
  });

  it('waits at least a minute after a project quota 429 without Retry-After', async () => {
    const c = fakeClock();
    const s = scripted([
      { outcome: 'retry', reason: 'quota', httpStatus: 429 },
      { outcome: 'dispatched', name: 'n' },
    ]);
    const r = await sendWithRetry(s, app, {}, { deadline: c.now() + 600_000, rand: () => 0, ...c });
    expect(r.attempts).toBe(2);
    expect(c.slept[0]).toBeGreaterThanOrEqual(60_000);
  });
});
