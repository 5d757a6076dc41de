// Event reports have a lane of their own: they must not wait behind registrations (a fleet's first start posts
// thousands). Checked against a device-API stand-in whose /sdk/v1/register answers only when the test lets it.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../test-utils';
import { DeviceApi, Limiter } from './device-api';
import { Fleet } from './fleet';

const OK = '{"status":200,"msg":"success","data":{"deviceId":"1"}}';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('DeviceApi lanes', () => {
  let server: Server;
  let base = '';
  /** register requests held until release() */
  const held: ServerResponse[] = [];
  const seen: string[] = [];
  const release = () => {
    for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end(OK);
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push(req.url ?? '');
        if (req.url === '/sdk/v1/register') held.push(res);
        else res.writeHead(200, { 'content-type': 'application/json' }).end(OK);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(release);

  afterAll(async () => {
    release();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers event reports while every registration slot is taken and more registrations wait', async () => {
    const api = new DeviceApi({
      apiBaseUrl: base,
      appKey: 'k',
      appSecret: 's',
      concurrency: 2,
      eventConcurrency: 1,
      delayScale: 0.01,
    });
    const registrations = Array.from({ length: 6 }, (_, i) =>
      api.post('/sdk/v1/register', { gaid: `g${i}` }),
    );
    await until('2 registrations held', () => held.length === 2);
    expect(api.queued()).toEqual({ devices: 4, events: 0 });

    const events = await api.post('/sdk/v1/events', { gaid: 'g0', events: [] }, 'events');
    expect(events).toMatchObject({ ok: true });
    expect(held.length).toBe(2); // the registrations are still stuck

    let settled = 0;
    for (const r of registrations) void r.then(() => settled++);
    while (settled < registrations.length) {
      release();
      await sleep(10);
    }
    // each with the server's answer (a registration's device id)
    expect((await Promise.all(registrations)).map((r) => r.ok)).toEqual(
      Array.from({ length: 6 }, () => true),
    );
    expect(seen.filter((u) => u === '/sdk/v1/register')).toHaveLength(6);
  });

  it('the limiter runs at most `max` tasks at once, in FIFO order', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await sleep(2);
      order.push(i);
      running--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 3000 }, (_, i) => limiter.run(task(i))));
    expect(results).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(peak).toBe(2);
    expect(order.slice(0, 4).sort()).toEqual([0, 1, 2, 3]);
    expect(limiter.queued).toBe(0);
  }, 30_000);

  describe('a fleet on its first start', () => {
    let h: Harness;
    let fleet: Fleet | undefined;

    beforeAll(async () => {
      h = await harness({ tlsPort: null });
    });

    afterAll(async () => {
      // keep answering registrations until the fleet has stopped (they still arrive if the test failed early)
      let stopped = false;
      const stopping = (fleet?.stop() ?? Promise.resolve()).then(() => (stopped = true));
      while (!stopped) {
        release();
        await sleep(10);
      }
      await stopping;
      await h.close();
    });

    it('reports events of delivered messages before its registrations are through', async () => {
      fleet = new Fleet({
        emulator: h.emu,
        projectId: 'p1',
        packageName: 'com.example.app',
        apiBaseUrl: base,
        appKey: 'k',
        appSecret: 's',
        count: 30,
        seed: 9,
        notificationsOffPct: 0,
        uninstalledPct: 0,
        offlinePct: 0,
        behaviour: { delayScale: 0.01, pShown: 1, pClicked: 0, pDismissed: 0 },
        concurrency: 2,
      });
      const started = fleet.start();
      await until('registrations held', () => held.length === 2);
      const [d] = fleet.devices();
      const sent = await h.send({
        message: { token: d!.token, data: { tcm_msg_id: '77', noti_title: 'Hi' } },
      });
      expect(sent.status).toBe(200);
      await until('received and shown reported', () => fleet!.stats().eventsSent === 2);
      expect(held.length).toBe(2); // registrations still waiting: the events did not queue behind them
      while ((await Promise.race([started.then(() => true), sleep(10).then(() => false)])) === false)
        release();
      expect(await started).toEqual({ registered: 30, failed: 0 });
      expect(fleet.stats()).toMatchObject({
        deliveries: 1,
        eventsSent: 2,
        eventsFailed: 0,
        byType: { received: 1, shown: 1 },
      });
    });
  });
});
