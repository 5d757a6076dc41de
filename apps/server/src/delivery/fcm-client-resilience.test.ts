import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataMessage,
  recordingLogger,
  startFixture,
  type EmulatorFixture,
} from '../test/fixtures/fcm-emulator';
import { sendWithRetry } from './send-with-retry';
import { retryDelayMs } from './backoff';
import { type FcmResult } from './fcm-types';

const fetched = (log: ReturnType<typeof recordingLogger>) =>
  log.lines.filter((l) => l.msg === 'fcm access token fetched').length;
const recordSleeps = () => {
  const slept: number[] = [];
  return { slept, sleep: async (ms: number) => void slept.push(ms) };
};

describe('faults, retries and backoff', () => {
  let fx: EmulatorFixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(async () => {
    await fx.close();
  });

  it('503 with Retry-After, then 500, then success: sendWithRetry backs off and delivers', async () => {
    const app = fx.app('r1');
    const token = fx.device('r1');
    fx.emu.addFault({
      match: { project: 'r1' },
      respond: { status: 503, errorCode: 'UNAVAILABLE', retryAfter: 7 },
      times: 1,
    });
    fx.emu.addFault({ match: { project: 'r1' }, respond: { status: 500, errorCode: 'INTERNAL' }, times: 1 });
    const { slept, sleep } = recordSleeps();
    const r = await sendWithRetry(fx.client(), app, dataMessage(token), {
      deadline: Date.now() + 3_600_000,
      sleep,
      rand: () => 0.5,
    });
    expect(r).toMatchObject({ outcome: 'dispatched', attempts: 3 });
    expect(slept).toEqual([8750, 2000]); // max(Retry-After 7 s jittered upward, 1 s), then 2 s
    expect(fx.emu.inbox(token)).toHaveLength(1);
  });

  it('a single 503 is returned as retry unavailable with its Retry-After', async () => {
    fx.emu.addFault({
      match: { project: 'r2' },
      respond: { status: 503, errorCode: 'UNAVAILABLE', retryAfter: 10 },
      times: 1,
    });
    expect(await fx.client().send(fx.app('r2'), dataMessage(fx.device('r2')))).toMatchObject({
      outcome: 'retry',
      reason: 'unavailable',
      httpStatus: 503,
      retryAfterMs: 10_000,
    });
  });

  it('an answer slower than the timeout → retry timeout; the retry goes through', async () => {
    const c = fx.client({ timeoutMs: 200 });
    const app = fx.app('slow');
    const token = fx.device('slow');
    fx.emu.addFault({ match: { project: 'slow' }, respond: { status: 200, delayMs: 1500 }, times: 1 });
    const t0 = Date.now();
    const first = await c.send(app, dataMessage(token));
    expect(first).toMatchObject({ outcome: 'retry', reason: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(1200);
    fx.emu.addFault({ match: { project: 'slow' }, respond: { status: 200, delayMs: 1500 }, times: 1 });
    const { slept, sleep } = recordSleeps();
    const r = await sendWithRetry(c, app, dataMessage(token), { deadline: Date.now() + 60_000, sleep });
    expect(r).toMatchObject({ outcome: 'dispatched', attempts: 2 });
    expect(slept).toHaveLength(1);
  });

  it('RST_STREAM → retry reset', async () => {
    fx.emu.addFault({ match: { project: 'rst' }, respond: { status: 500, resetStream: true }, times: 1 });
    const c = fx.client();
    const app = fx.app('rst');
    expect(await c.send(app, dataMessage(fx.device('rst')))).toMatchObject({
      outcome: 'retry',
      reason: 'reset',
    });
    expect(await c.send(app, dataMessage(fx.device('rst')))).toMatchObject({ outcome: 'dispatched' });
  });

  it('GOAWAY: the session is dropped, in-flight streams are retryable, the client continues on a new session', async () => {
    const slowFx = await startFixture({ latencyMs: 100 });
    try {
      const c = slowFx.client({ sessions: 1 });
      const app = slowFx.app('ga');
      const tokens = Array.from({ length: 40 }, () => slowFx.device('ga'));
      expect(await c.send(app, dataMessage(tokens[0]!))).toMatchObject({ outcome: 'dispatched' });
      slowFx.emu.addFault({ match: { project: 'ga' }, respond: { status: 200, goaway: true }, times: 1 });
      const results = await Promise.all(tokens.map((t) => c.send(app, dataMessage(t))));
      const kinds = new Set(results.map((r) => (r.outcome === 'retry' ? r.reason : r.outcome)));
      expect([...kinds].every((k) => k === 'dispatched' || k === 'goaway')).toBe(true);
      // streams above GOAWAY's last-stream-id are refused; with the emulator's GOAWAY every stream of the batch may fail
      expect(results.filter((r) => r.outcome === 'retry' && r.reason === 'goaway').length).toBeGreaterThan(0);
      const again = await Promise.all(tokens.map((t) => c.send(app, dataMessage(t))));
      expect(again.every((r) => r.outcome === 'dispatched')).toBe(true);
      expect(c.poolStats().opened).toBe(2);
    } finally {
      await slowFx.close();
    }
  });
});

describe('quota', () => {
  let fx: EmulatorFixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(async () => {
    await fx.close();
  });

  it('project 429 → retry quota with Retry-After, the bucket shrinks, the policy waits what Retry-After says', async () => {
    fx.emu.setQuota('q', { perMinute: 5 });
    const c = fx.client({ ratePerMinute: 600_000 });
    const app = fx.app('q');
    const results: FcmResult[] = [];
    for (let i = 0; i < 8; i++) results.push(await c.send(app, dataMessage(fx.device('q'))));
    expect(results.filter((r) => r.outcome === 'dispatched')).toHaveLength(5);
    const limited = results.filter(
      (r): r is Extract<FcmResult, { outcome: 'retry' }> => r.outcome === 'retry',
    );
    expect(limited).toHaveLength(3);
    for (const r of limited) {
      expect(r).toMatchObject({ reason: 'quota', httpStatus: 429 });
      // the emulator's Retry-After is when its minute window refills; that, not the 60 s floor, is the wait
      expect(r.retryAfterMs).toBeGreaterThan(0);
      expect(retryDelayMs(1, r, () => 0)).toBe(Math.max(1000, r.retryAfterMs!));
    }
    expect(c.bucketFor(app).ratePerMinute).toBeLessThan(400_000); // halved, then recovering additively
    const other = fx.app('q-other');
    expect(c.bucketFor(other).ratePerMinute).toBe(600_000);
  });

  it('a 429 with Retry-After: 5 is retried after about 5 s; one without Retry-After after ≥ 60 s; both shrink the bucket', async () => {
    const c = fx.client({ ratePerMinute: 600_000 });
    for (const [project, retryAfter, min, max] of [
      ['q5', 5, 5_000, 7_500],
      ['q-none', undefined, 60_000, 90_000],
    ] as const) {
      const app = fx.app(project);
      const token = fx.device(project);
      fx.emu.addFault({
        match: { project },
        respond: { status: 429, errorCode: 'QUOTA_EXCEEDED', ...(retryAfter ? { retryAfter } : {}) },
        times: 1,
      });
      const { slept, sleep } = recordSleeps();
      const r = await sendWithRetry(c, app, dataMessage(token), { deadline: Date.now() + 3_600_000, sleep });
      expect(r).toMatchObject({ outcome: 'dispatched', attempts: 2 });
      expect(slept).toHaveLength(1);
      expect([project, slept[0]! >= min && slept[0]! <= max]).toEqual([project, true]);
      expect(c.bucketFor(app).ratePerMinute).toBeLessThan(400_000);
      expect(fx.emu.inbox(token)).toHaveLength(1);
    }
  });

  it('device 429 → retry device_quota, the project bucket is untouched', async () => {
    fx.emu.setQuota('dq', { perDevicePerMinute: 2 });
    const c = fx.client({ ratePerMinute: 600_000 });
    const app = fx.app('dq');
    const token = fx.device('dq');
    const r = [];
    for (let i = 0; i < 3; i++) r.push(await c.send(app, dataMessage(token)));
    expect(r.map((x) => x.outcome)).toEqual(['dispatched', 'dispatched', 'retry']);
    expect(r[2]).toMatchObject({ reason: 'device_quota', httpStatus: 429 });
    expect(c.bucketFor(app).ratePerMinute).toBe(600_000);
  });

  it('the bucket paces sends to the configured rate', async () => {
    const c = fx.client({ ratePerMinute: 6000 }); // 100/s, burst 100
    const app = fx.app('paced');
    const tokens = Array.from({ length: 150 }, () => fx.device('paced'));
    const t0 = Date.now();
    const results = await Promise.all(tokens.map((t) => c.send(app, dataMessage(t))));
    expect(results.every((r) => r.outcome === 'dispatched')).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
  });
});

describe('token expiry', () => {
  it('refreshes before expiry (no 401 seen)', async () => {
    const fx = await startFixture({ tokenExpiresIn: 2 });
    try {
      const log = recordingLogger();
      const c = fx.client({ logger: log });
      const app = fx.app('exp');
      const token = fx.device('exp');
      expect(await c.send(app, dataMessage(token))).toMatchObject({ outcome: 'dispatched' });
      await new Promise((r) => setTimeout(r, 1200));
      expect(await c.send(app, dataMessage(token))).toMatchObject({ outcome: 'dispatched' });
      expect(fetched(log)).toBe(2);
      expect(fx.emu.stats().byStatus['401'] ?? 0).toBe(0);
    } finally {
      await fx.close();
    }
  });

  it('a token that expired server-side (client clock behind) → 401 → one refresh → dispatched', async () => {
    const fx = await startFixture({ tokenExpiresIn: 1 });
    try {
      const log = recordingLogger();
      const frozen = Date.now();
      const c = fx.client({ logger: log, now: () => frozen });
      const app = fx.app('exp2');
      const token = fx.device('exp2');
      expect(await c.send(app, dataMessage(token))).toMatchObject({ outcome: 'dispatched' });
      await new Promise((r) => setTimeout(r, 1100));
      expect(await c.send(app, dataMessage(token))).toMatchObject({ outcome: 'dispatched' });
      expect(fx.emu.stats().byStatus['401']).toBe(1);
      expect(fetched(log)).toBe(2);
    } finally {
      await fx.close();
    }
  });
});

describe('stream limits', () => {
  it('never more streams in flight than the server advertises (maxConcurrentStreams 10)', async () => {
    const fx = await startFixture({
      maxConcurrentStreams: 10,
      latencyMs: 20,
      quota: { perDevicePerMinute: 10_000 },
    });
    try {
      const c = fx.client({ sessions: 2, streamsPerSession: 100 });
      const app = fx.app('streams');
      const tokens = Array.from({ length: 20 }, () => fx.device('streams'));
      await c.send(app, dataMessage(tokens[0]!)); // opens a session and learns its SETTINGS
      let peakServer = 0;
      let peakClient = 0;
      const probe = setInterval(() => {
        peakServer = Math.max(peakServer, fx.emu.stats().inFlight);
        peakClient = Math.max(peakClient, c.poolStats().active);
      }, 2);
      const results = await Promise.all(
        Array.from({ length: 400 }, (_, i) => c.send(app, dataMessage(tokens[i % tokens.length]!))),
      );
      clearInterval(probe);
      expect(results.every((r) => r.outcome === 'dispatched')).toBe(true);
      expect(peakClient).toBeLessThanOrEqual(20);
      expect(peakServer).toBeLessThanOrEqual(20);
      expect(peakClient).toBeGreaterThan(10); // both sessions were used
      expect(fx.emu.stats().byStatus['200']).toBe(401);
    } finally {
      await fx.close();
    }
  });
});
