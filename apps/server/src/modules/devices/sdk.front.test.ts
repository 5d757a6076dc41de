import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, errorMessage } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { backends } from '../../test/databases';
import { gaid, sdkDevice } from '../../test/devices';
import { stormCall, stormCounts, stormExpected, stormScene, type StormScene } from '../../test/event-storm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Headers of the connection and the moment, not of the answer. */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
const answerHeaders = (headers: Answer['headers']) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([k]) => !CONNECTION_HEADERS.includes(k))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * The device API's front door (lib/front-door.ts): the events call answered before Fastify over a real socket, and
 * every call it cannot answer in full answered by the Fastify route exactly as `inject` (which never passes the front
 * door) answers it.
 */
describe.each(backends('one'))('the device API front door [$name]', (backend) => {
  let t: TestApp;
  let base: URL;
  let scene: StormScene;
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });

  /** A call over HTTP, through the server's socket (and so through the front door). */
  const overHttp = (path: string, headers: Record<string, string>, body: string | Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        new URL(path, base),
        { method: 'POST', agent, headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              statusCode: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  /** The same call through Fastify alone. */
  const injected = async (
    path: string,
    headers: Record<string, string>,
    body: string | Buffer,
  ): Promise<Answer> => {
    const res = await t.app.inject({ method: 'POST', url: path, headers, payload: body });
    return { statusCode: res.statusCode, headers: res.headers as Answer['headers'], body: res.body };
  };
  const json = (auth = scene.auth, lang?: string) => ({
    authorization: auth,
    'content-type': 'application/json',
    ...(lang ? { 'accept-language': lang } : {}),
  });
  /** Posts the call both ways: the two answers must be the same, and the front door's counts move as said. */
  const same = async (
    headers: Record<string, string>,
    body: string | Buffer,
    by: 'answered' | 'handedOver' | 'fastify',
    path = '/sdk/v1/events',
  ) => {
    const before = { ...t.app.frontDoor.counts };
    const front = await overHttp(path, headers, body);
    const after = { ...t.app.frontDoor.counts };
    const plain = await injected(path, headers, body);
    expect({ ...front, headers: answerHeaders(front.headers) }).toEqual({
      ...plain,
      headers: answerHeaders(plain.headers),
    });
    expect({
      answered: after.answered - before.answered,
      handedOver: after.handedOver - before.handedOver,
    }).toEqual({ answered: by === 'answered' ? 1 : 0, handedOver: by === 'handedOver' ? 1 : 0 });
    return front;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    scene = await stormScene(t, 40);
    // the app's credentials verified once (by the Fastify route), as every device's first call in 30 s is
    await injected('/sdk/v1/events', json(), JSON.stringify(stormCall(scene, 39)));
  }, 60_000);
  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  it('answers an events call itself, as the Fastify route would, and the events count once', async () => {
    for (let i = 0; i < 39; i++) {
      const res = await same(json(), JSON.stringify(stormCall(scene, i)), 'answered');
      expect(JSON.parse(res.body)).toEqual({ status: 200, msg: 'success', data: {} });
    }
    await t.services.devices.drain();
    const want = stormExpected(40);
    const counts = await until(
      'the events counted',
      () => stormCounts(t, scene),
      (c) => c?.reach === want.reach && c.pending === 0,
      30_000,
      100,
    );
    // every call was posted twice (front door and Fastify): each device and event counts once
    expect(counts).toMatchObject({
      reach: want.reach,
      show: want.show,
      click: want.click,
      stray: want.stray,
    });
  });

  it('hands every body only the schema can judge to the Fastify route, which names the field, in the reader’s language', async () => {
    const msgId = Number(scene.msgId);
    const ts = Date.now() - 60_000;
    const bodies = [
      { events: [{ type: 'received', msgId, ts }] }, // no gaid
      { gaid: 'not-a-gaid', events: [{ type: 'received', msgId, ts }] },
      { gaid: gaid(1), events: [{ type: 'opened', msgId, ts }] },
      { gaid: gaid(1), events: [] },
      { gaid: gaid(1), events: [{ type: 'received', msgId, ts }], extra: 1 },
      { gaid: gaid(1), events: [{ type: 'received', msgId: 'x\u0000', ts }] },
    ];
    for (const body of bodies) {
      const res = await same(json(), JSON.stringify(body), 'handedOver');
      expect(res.statusCode, res.body).toBe(400);
    }
    const en = await same(json(), JSON.stringify(bodies[0]), 'handedOver');
    expect(JSON.parse(en.body)).toMatchObject({
      data: { fields: [{ field: 'gaid', message: 'is required' }] },
    });
    expect(JSON.parse(en.body).msg).toMatch(/gaid is required$/);
    const fr = await same(json(scene.auth, 'fr-FR'), JSON.stringify(bodies[0]), 'handedOver');
    expect(JSON.parse(fr.body)).toMatchObject({ status: 400, data: { fields: [{ field: 'gaid' }] } });
    expect(JSON.parse(fr.body).msg).toMatch(/gaid/);
    expect(fr.body).not.toMatch(/Invalid input/);
    // not JSON, JSON nested too deep, a prototype key
    expect((await same(json(), '{"gaid":', 'handedOver')).statusCode).toBe(400);
    expect((await same(json(), `${'['.repeat(200)}${']'.repeat(200)}`, 'handedOver')).statusCode).toBe(400);
    const proto = `{"gaid":"${gaid(1)}","events":[],"__proto__":{"x":1}}`;
    expect((await same(json(), proto, 'handedOver')).statusCode).toBe(400);
  });

  it('answers a registration itself, as the Fastify route would; a body the schema refuses goes to Fastify', async () => {
    const path = '/sdk/v1/register';
    // new devices, then one of the storm's again (a refresh): the same device id both ways
    for (const i of [100, 101, 5]) {
      const res = await same(json(), JSON.stringify(sdkDevice(i, { model: 'SPARK 20' })), 'answered', path);
      expect(JSON.parse(res.body)).toMatchObject({
        status: 200,
        msg: 'success',
        data: { deviceId: expect.any(String) },
      });
    }
    const [row] = await t.database.query<{ n: number; models: string[] }>(
      `SELECT count(*)::int AS n, array_agg(DISTINCT model) AS models FROM devices
       WHERE app_id = $1 AND gaid = ANY($2::uuid[])`,
      [scene.appId, [gaid(100), gaid(101), gaid(5)]],
    );
    expect(row).toEqual({ n: 3, models: ['SPARK 20'] });
    for (const body of [
      sdkDevice(102, { gaid: undefined }),
      sdkDevice(102, { osVersion: 'thirteen' }),
      sdkDevice(102, { model: 'SPARK\u0000 10' }),
      { ...sdkDevice(102), extra: true },
    ]) {
      const res = await same(json(), JSON.stringify(body), 'handedOver', path);
      expect(res.statusCode, res.body).toBe(400);
    }
    const [refused] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM devices WHERE app_id = $1 AND gaid = $2',
      [scene.appId, gaid(102)],
    );
    expect(refused).toEqual({ n: 0 });
  });

  it('leaves to Fastify, unread, a call whose headers it cannot take: credentials, content type, size, path', async () => {
    const body = JSON.stringify(stormCall(scene, 1));
    const unknown = `Basic ${Buffer.from('nokey:nosecret').toString('base64')}`;
    expect((await same(json(unknown), body, 'fastify')).statusCode).toBe(401);
    expect(
      (await same({ authorization: scene.auth, 'content-type': 'text/plain' }, body, 'fastify')).statusCode,
    ).toBe(415);
    const large = JSON.stringify({ ...stormCall(scene, 1), pad: 'x'.repeat(2 * 1024 * 1024) });
    expect((await same(json(), large, 'fastify')).statusCode).toBe(413);
    expect((await same(json(), body, 'fastify', '/sdk/v1/events?x=1')).statusCode).toBe(200);
  });

  it('answers a call its route failed with the error handler’s envelope, in the reader’s language, leaking nothing', async () => {
    // a route of the test's own: its handling fails once the call is taken (the events' log or database down)
    let failure = new Error('not yet');
    t.app.frontDoor.add({
      method: 'POST',
      url: '/sdk/v1/test-failing',
      admit: () => 1,
      handle: () => Promise.reject(failure),
    });
    const body = JSON.stringify(stormCall(scene, 1));
    failure = new ApiError(ErrorCodes.TOO_MANY_ATTEMPTS);
    const busy = await overHttp('/sdk/v1/test-failing', json(scene.auth, 'zh-CN'), body);
    expect(busy.statusCode).toBe(429);
    expect(JSON.parse(busy.body)).toEqual({
      status: ErrorCodes.TOO_MANY_ATTEMPTS,
      msg: errorMessage(ErrorCodes.TOO_MANY_ATTEMPTS, 'zh'),
    });
    failure = new Error('connection to 10.0.0.5 refused');
    const broken = await overHttp('/sdk/v1/test-failing', json(), body);
    expect(broken.statusCode).toBe(500);
    expect(JSON.parse(broken.body)).toEqual({
      status: ErrorCodes.INTERNAL,
      msg: errorMessage(ErrorCodes.INTERNAL, 'en'),
    });
    expect(answerHeaders(broken.headers)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
  });
});
