import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { Metrics } from '../../platform/metrics';
import { dataMessage, startFixture } from '../../test/fixtures/fcm-emulator';
import { SpeedLimiter } from './speed-limiter';

/** The value of the sample `name` with exactly `labels` in Prometheus text. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',')}} `;
  const line = text.split('\n').find((l) => l.startsWith(want));
  return line === undefined ? undefined : Number(line.slice(want.length));
}

describe('metrics: token-bucket waits', () => {
  it("counts the sends that waited for the app's FCM quota and for a message's speed limit", async () => {
    const fx = await startFixture();
    const metrics = new Metrics({ query: async () => [] } as unknown as Database);
    try {
      // 600 a minute: a burst of 10 tokens, so 2 of 12 sends wait (about 100 and 200 ms)
      const client = fx.client({ ratePerMinute: 600, observer: metrics });
      const app = fx.app('quota');
      const results = await Promise.all(
        Array.from({ length: 12 }, () => client.send(app, dataMessage(fx.device('quota')))),
      );
      expect(results.every((r) => r.outcome === 'dispatched')).toBe(true);
      // 20 a second: of three sends taken at once, the second waits 50 ms and the third 100 ms
      // (on a fake clock: a busy machine between the takes would otherwise shorten the waits it measures)
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
      const limiter = new SpeedLimiter(20, (s) => metrics.tokenWait('speed_limit', s));
      const takes = Promise.all([limiter.take(1), limiter.take(1), limiter.take(1)]);
      await vi.advanceTimersByTimeAsync(100);
      await takes;
      const text = await metrics.text();
      expect(sample(text, 'beacon_token_bucket_wait_seconds_count', { bucket: 'fcm_quota' })).toBe(2);
      expect(sample(text, 'beacon_token_bucket_wait_seconds_sum', { bucket: 'fcm_quota' })).toBeGreaterThan(
        0.1,
      );
      expect(sample(text, 'beacon_token_bucket_wait_seconds_count', { bucket: 'speed_limit' })).toBe(2);
      expect(sample(text, 'beacon_token_bucket_wait_seconds_sum', { bucket: 'speed_limit' })).toBeCloseTo(
        0.15,
        2,
      );
      expect(sample(text, 'beacon_fcm_request_duration_seconds_count', { status: '200' })).toBe(12);
    } finally {
      vi.useRealTimers();
      await fx.close();
    }
  });
});
