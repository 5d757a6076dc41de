// The fleet's HTTP side against a stand-in of the device API (a plain node:http server that records requests and
// can fail on purpose), with a real in-process emulator delivering. The end-to-end test against a real Beacon
// server is apps/server/src/sandbox/fleet.test.ts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../test-utils';
import { Fleet } from './fleet';

interface Posted {
  path: string;
  auth: string | undefined;
  body: { gaid: string; events?: Array<{ type: string; msgId: string; ts: number; reason?: number }> };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString('utf8')));
    req.on('end', () => resolve(s));
  });

describe('Fleet against a device API stand-in', () => {
  let h: Harness;
  let server: Server;
  let fleet: Fleet;
  const posted: Posted[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  /** event posts still to answer with HTTP 503 */
  let fail503 = 0;
  let failed503 = 0;

  beforeAll(async () => {
    h = await harness({ tlsPort: null });
    server = createServer((req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      void read(req).then(async (text) => {
        await sleep(5);
        inFlight--;
        if (req.url === '/sdk/v1/events' && fail503 > 0) {
          fail503--;
          failed503++;
          res.writeHead(503).end('busy');
          return;
        }
        posted.push({
          path: req.url ?? '',
          auth: req.headers.authorization,
          body: JSON.parse(text) as Posted['body'],
        });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"status":200,"msg":"success","data":{"deviceId":"1"}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fleet = new Fleet({
      emulator: h.emu,
      projectId: 'p1',
      packageName: 'com.example.app',
      apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      appKey: 'key1',
      appSecret: 'secret1',
      count: 40,
      seed: 5,
      notificationsOffPct: 0,
      uninstalledPct: 0,
      offlinePct: 0,
      behaviour: { delayScale: 0.01, pShown: 1, pClicked: 0, pDismissed: 0 },
      concurrency: 3,
    });
  });

  afterAll(async () => {
    await fleet.stop();
    await h.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (token: string, data: Record<string, string>) => h.send({ message: { token, data } });

  it('registers every device with HTTP Basic, never more than `concurrency` requests at once', async () => {
    expect(await fleet.start()).toEqual({ registered: 40, failed: 0 });
    const registers = posted.filter((p) => p.path === '/sdk/v1/register');
    expect(registers.map((p) => p.body.gaid).sort()).toEqual(
      fleet
        .devices()
        .map((d) => d.gaid)
        .sort(),
    );
    expect(new Set(registers.map((p) => p.auth))).toEqual(
      new Set([`Basic ${Buffer.from('key1:secret1').toString('base64')}`]),
    );
    expect(maxInFlight).toBe(3);
  });

  it('reports received and shown once per message, retrying event posts that got HTTP 503', async () => {
    const [d] = fleet.devices();
    fail503 = 2;
    const sentAt = Date.now();
    for (const id of ['11', '12', '13'])
      expect((await send(d!.token, { tcm_msg_id: id, noti_title: 'Hi' })).status).toBe(200);
    await until('6 events', () => fleet.stats().eventsSent === 6);
    expect(failed503).toBe(2);
    const events = posted
      .filter((p) => p.path === '/sdk/v1/events')
      .flatMap((p) => {
        expect(p.body.gaid).toBe(d!.gaid);
        return p.body.events ?? [];
      });
    expect(events.map((e) => `${e.msgId}:${e.type}`).sort()).toEqual([
      '11:received',
      '11:shown',
      '12:received',
      '12:shown',
      '13:received',
      '13:shown',
    ]);
    for (const e of events) expect(e.ts).toBeGreaterThanOrEqual(sentAt + 200);
    expect(fleet.stats()).toMatchObject({
      devices: 40,
      deliveries: 3,
      eventsFailed: 0,
      byType: { received: 3, shown: 3 },
    });
  });

  it('ignores other tokens and messages without a message id; a recall of nothing shown reports only received', async () => {
    const stranger = h.emu.registerDevice({ projectId: 'p1', packageName: 'com.example.app' });
    expect((await send(stranger, { tcm_msg_id: '20' })).status).toBe(200);
    const [, d] = fleet.devices();
    expect((await send(d!.token, { hello: 'world' })).status).toBe(200);
    expect((await send(d!.token, { tcm_msg_id: '21', tcm_target_msg_id: '999' })).status).toBe(200);
    await until('the recall’s received', () => fleet.stats().byType.received === 4);
    await sleep(100);
    expect(fleet.stats()).toMatchObject({ deliveries: 5, eventsSent: 7, byType: { received: 4, shown: 3 } });
    expect(fleet.stats().byType.recalled).toBeUndefined();
  });

  it('stop() sends queued events at once and then ignores deliveries', async () => {
    const [, , d] = fleet.devices();
    expect((await send(d!.token, { tcm_msg_id: '30', noti_title: 'Hi' })).status).toBe(200);
    await until('received queued', () => posted.length > 0 && fleet.stats().deliveries === 6);
    await sleep(40); // received (≤ 30 ms) is queued; its 10 ms flush may or may not have run
    await fleet.stop();
    const sent = fleet.stats().eventsSent;
    expect(sent).toBeGreaterThanOrEqual(8);
    expect((await send(d!.token, { tcm_msg_id: '31', noti_title: 'Hi' })).status).toBe(200);
    await sleep(100);
    expect(fleet.stats()).toMatchObject({ deliveries: 6, eventsSent: sent });
  });
});
