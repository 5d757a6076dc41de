import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, FCM_ERROR, harness, type Harness } from './test-utils';

const UNAVAILABLE = errorBody(503, 'The service is currently unavailable.', 'UNAVAILABLE', [
  { '@type': FCM_ERROR, errorCode: 'UNAVAILABLE' },
]);

describe('fault injection', () => {
  let h: Harness;
  let token: string;
  beforeEach(async () => {
    h = await harness();
    token = h.emu.registerDevice({ projectId: 'p1', packageName: 'a' });
  });
  afterEach(() => h.close());

  it('answers 503 with Retry-After the given number of times, then recovers', async () => {
    h.emu.addFault({ respond: { status: 503, retryAfter: 10 }, times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await h.send({ message: { token } });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body).toBe(UNAVAILABLE);
    }
    expect((await h.send({ message: { token } })).status).toBe(200);
    expect(h.emu.inbox(token).length).toBe(1);
    expect(h.emu.stats().byErrorCode).toEqual({ UNAVAILABLE: 2 });
  });

  it('matches by project and token, and runs after validation', async () => {
    const other = h.emu.registerDevice({ projectId: 'p1', packageName: 'a' });
    h.emu.addFault({ match: { project: 'p1', token: other }, respond: { status: 500 } });
    expect((await h.send({ message: { token } })).status).toBe(200);
    expect((await h.send({ message: { token: 'bad' } })).status).toBe(400);
    const res = await h.send({ message: { token: other } });
    expect(res.status).toBe(500);
    expect(res.body).toBe(
      errorBody(500, 'Internal error encountered.', 'INTERNAL', [
        { '@type': FCM_ERROR, errorCode: 'INTERNAL' },
      ]),
    );
    h.emu.clearFaults();
    expect((await h.send({ message: { token: other } })).status).toBe(200);
  });

  it('pct: 0 never matches, 100 always does', async () => {
    h.emu.addFault({ match: { pct: 0 }, respond: { status: 503 } });
    expect((await h.send({ message: { token } })).status).toBe(200);
    h.emu.clearFaults();
    h.emu.addFault({
      match: { pct: 100 },
      respond: { status: 429, errorCode: 'QUOTA_EXCEEDED', retryAfter: 30 },
    });
    const res = await h.send({ message: { token } });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toContain('"errorCode":"QUOTA_EXCEEDED"');
  });

  it('delays answers by delayMs (and still delivers when status is 200)', async () => {
    h.emu.addFault({ respond: { status: 200, delayMs: 300 }, times: 1 });
    const t0 = Date.now();
    const res = await h.send({ message: { token } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
    expect(h.emu.inbox(token).length).toBe(1);
  });

  it('resets the stream with RST_STREAM', async () => {
    h.emu.addFault({ respond: { status: 500, resetStream: true }, times: 1 });
    await expect(h.send({ message: { token } })).rejects.toMatchObject({ code: 'ERR_HTTP2_STREAM_ERROR' });
    expect(h.emu.inbox(token)).toEqual([]);
    expect((await h.send({ message: { token } })).status).toBe(200);
    expect(h.emu.stats().byStatus).toEqual({ reset: 1, '200': 1 });
  });

  it('sends GOAWAY: the current stream is answered, then the session closes', async () => {
    h.emu.addFault({ respond: { status: 503, goaway: true, retryAfter: 1 }, times: 1 });
    const goaway = new Promise<number>((resolve) =>
      h.session.once('goaway', (code: number) => resolve(code)),
    );
    const closed = new Promise<void>((resolve) => h.session.once('close', () => resolve()));
    const res = await h.send({ message: { token } });
    expect(res.status).toBe(503);
    expect(await goaway).toBe(0);
    await closed;
    expect(h.session.closed).toBe(true);
  });

  it('after GOAWAY, streams above its last-stream id are refused and never delivered', async () => {
    const before = h.emu.stats().delivered;
    h.emu.addFault({ respond: { status: 200, goaway: true }, times: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => h.send({ message: { token } })),
    );
    const answered = results.filter((r) => r.status === 'fulfilled' && r.value.status === 200).length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && /REFUSED_STREAM/.test(String(r.reason)),
    ).length;
    expect(refused).toBeGreaterThan(0);
    // nothing refused reached the device; only the GOAWAY stream itself may be delivered without its answer arriving
    const delivered = h.emu.stats().delivered - before;
    expect(delivered - answered).toBeGreaterThanOrEqual(0);
    expect(delivered - answered).toBeLessThanOrEqual(1);
    expect(answered + refused).toBeGreaterThanOrEqual(39);
  });
});
