import { createServer } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from './emulator';
import { accessToken, h1Request, h2Request, type Res } from './test-utils';
import { type FcmEmulator, type ServiceAccountJson } from './types';

describe('control API (/emulator/v1)', () => {
  let emu: FcmEmulator;
  const call = (method: string, path: string, body?: unknown): Promise<Res> =>
    h1Request(emu.http1Url, {
      method,
      path: `/emulator/v1${path}`,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = (r: Res): Record<string, unknown> => JSON.parse(r.body) as Record<string, unknown>;

  beforeAll(async () => {
    emu = await startEmulator();
  });
  afterAll(() => emu.close());

  it('round trip: account, devices, sends, inbox, offline, unregister, stats', async () => {
    const saRes = await call('POST', '/projects/cp/serviceAccounts', { tokenUri: emu.tokenUri('tls') });
    expect(saRes.status).toBe(200);
    const sa = json(saRes) as unknown as ServiceAccountJson;
    expect(sa.project_id).toBe('cp');
    expect(sa.token_uri).toBe(emu.tokenUri('tls'));
    // the JWT's aud is the TLS token URL; the emulator accepts it on any of its transports
    const token = await accessToken(sa, emu.tokenUri('http1'));
    expect(token).toMatch(/^emu\./);

    const dev = json(await call('POST', '/projects/cp/devices', { packageName: 'com.cp' })).token as string;
    expect(dev).toMatch(/^[A-Za-z0-9_-]{22}:APA91b[A-Za-z0-9_-]{135}$/);
    const custom = await call('POST', '/projects/cp/devices', {
      packageName: 'com.cp',
      token: 'my-token',
      online: false,
    });
    expect(json(custom)).toEqual({ token: 'my-token' });
    await call('POST', '/projects/cp/devices', {
      packageName: 'com.cp',
      token: 'foreign',
      senderProject: 'other',
    });
    const batch = json(
      await call('POST', '/projects/cp/devices:batchCreate', { count: 3, packageName: 'com.cp' }),
    );
    expect((batch.tokens as string[]).length).toBe(3);

    const session = connect(emu.h2cUrl).on('error', () => undefined);
    const send = (t: string, extra: object = {}): Promise<Res> =>
      h2Request(session, {
        path: '/v1/projects/cp/messages:send',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({
          message: {
            token: t,
            notification: { title: 'hi' },
            android: { notification: { tag: 'x' } },
            ...extra,
          },
        }),
      });
    expect((await send(dev)).status).toBe(200);
    expect((await send('my-token')).status).toBe(200);
    expect((await send('foreign')).status).toBe(403);

    const inbox = json(await call('GET', `/devices/${encodeURIComponent(dev)}/inbox`));
    expect((inbox.deliveries as unknown[]).length).toBe(1);
    expect(Object.keys(inbox.tray as object)).toEqual(['x']);
    expect(json(await call('GET', '/devices/my-token/inbox'))).toEqual({ deliveries: [], tray: {} });
    expect((await call('POST', '/devices/my-token:setOnline', { online: true })).status).toBe(200);
    expect((json(await call('GET', '/devices/my-token/inbox')).deliveries as unknown[]).length).toBe(1);

    expect((await call('POST', `/devices/${dev}:setNotificationsEnabled`, { enabled: false })).status).toBe(
      200,
    );
    await send(dev, { android: { notification: { tag: 'y' } } });
    expect(Object.keys(emu.tray(dev))).toEqual(['x']);

    expect((await call('POST', `/devices/${dev}:unregister`)).status).toBe(200);
    expect((await send(dev)).status).toBe(404);

    expect(
      (
        await call('POST', '/faults', {
          match: { project: 'cp' },
          respond: { status: 503, retryAfter: 7 },
          times: 1,
        })
      ).status,
    ).toBe(200);
    const faulted = await send('my-token');
    expect([faulted.status, faulted.headers['retry-after']]).toEqual([503, '7']);
    await call('POST', '/faults', { respond: { status: 500 } });
    expect((await call('DELETE', '/faults')).status).toBe(200);
    expect((await send('my-token')).status).toBe(200);

    const quota = await call('PUT', '/projects/cp/quota', { perMinute: 0 });
    expect(json(quota)).toEqual({ perMinute: 0, perDevicePerMinute: 240, perDevicePerHour: 5000 });
    expect((await send('my-token')).status).toBe(429);
    session.destroy();

    const stats = json(await call('GET', '/stats'));
    expect(stats).toEqual({
      requests: 8,
      byStatus: { '200': 4, '403': 1, '404': 1, '503': 1, '429': 1 },
      byErrorCode: { SENDER_ID_MISMATCH: 1, UNREGISTERED: 1, UNAVAILABLE: 1, QUOTA_EXCEEDED: 1 },
      inFlight: 0,
      delivered: 4,
    });
    expect((await call('POST', '/stats:reset')).status).toBe(200);
    expect(emu.stats()).toEqual({ requests: 0, byStatus: {}, byErrorCode: {}, inFlight: 0, delivered: 0 });
  });

  it('is served on the h2c and TLS transports too', async () => {
    const session = connect(emu.h2cUrl).on('error', () => undefined);
    const res = await h2Request(session, { method: 'GET', path: '/emulator/v1/stats' });
    session.destroy();
    expect(res.status).toBe(200);
    const tls = await h1Request(emu.tlsUrl, { method: 'GET', path: '/emulator/v1/stats' }, emu.caPem);
    expect(tls.status).toBe(200);
  });

  it('reports bad requests and unknown devices', async () => {
    const missing = await call('POST', '/projects/cp/devices', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toBe(
      '{"error":{"code":400,"message":"\\"packageName\\" is required.","status":"INVALID_ARGUMENT"}}',
    );
    expect((await call('POST', '/devices/nope:setOnline', { online: true })).status).toBe(404);
    expect((await call('POST', '/devices/nope:setOnline', {})).status).toBe(400);
    expect((await call('GET', '/nothing')).status).toBe(404);
    expect((await h1Request(emu.http1Url, { path: '/emulator/v1/faults', body: '{' })).status).toBe(400);
  });

  /** A project's service account and access token, and `count` devices of it. */
  const projectWithDevices = async (project: string, count: number) => {
    const sa = json(
      await call('POST', `/projects/${project}/serviceAccounts`, { tokenUri: emu.tokenUri('tls') }),
    ) as unknown as ServiceAccountJson;
    const token = await accessToken(sa, emu.tokenUri('http1'));
    const devices = json(
      await call('POST', `/projects/${project}/devices:batchCreate`, {
        count,
        packageName: `com.${project}`,
      }),
    ).tokens as string[];
    return { token, devices };
  };

  it('counts the deliveries of one message (collapse key) per device of a project', async () => {
    const { token, devices } = await projectWithDevices('dc', 4);
    const session = connect(emu.h2cUrl).on('error', () => undefined);
    const send = (t: string, collapseKey: string) =>
      h2Request(session, {
        path: '/v1/projects/dc/messages:send',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({
          message: { token: t, data: { x: '1' }, android: { collapse_key: collapseKey } },
        }),
      });
    // device 0 once, device 1 twice, device 2 once of another message, device 3 never
    for (const [t, key] of [
      [devices[0], '7'],
      [devices[1], '7'],
      [devices[1], '7'],
      [devices[2], '8'],
    ] as const)
      expect((await send(t!, key)).status).toBe(200);
    session.close();
    const count = (collapseKey: string) => call('POST', '/projects/dc/deliveries:count', { collapseKey });
    expect(json(await count('7'))).toEqual({ byCount: { 0: 2, 1: 1, 2: 1 } });
    expect(json(await count('8'))).toEqual({ byCount: { 0: 3, 1: 1 } });
    const timed = json(
      await call('POST', '/projects/dc/deliveries:count', { collapseKey: '7', times: true }),
    );
    expect(timed.byCount).toEqual({ 0: 2, 1: 1, 2: 1 });
    const times = timed.times as number[];
    expect(times).toHaveLength(3);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThan(Date.now() - 60_000);
    expect((await call('POST', '/projects/dc/deliveries:count', {})).status).toBe(400);
  });

  it('reports receipts through a device API, one queue per app however many calls set its devices up', async () => {
    // a device API that records the events calls it takes
    const calls: Array<{ gaid: string; events: Array<{ type: string; msgId: string }> }> = [];
    const api = createServer((req, res) => {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString()));
      req.on('end', () => {
        if (req.url === '/sdk/v1/events') calls.push(JSON.parse(text) as (typeof calls)[number]);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ status: 200, msg: 'success' }));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const apiBaseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    try {
      const { token, devices } = await projectWithDevices('rc', 3);
      const gaids = ['a', 'b', 'c'].map((x) => `00000000-0000-4000-8000-00000000000${x}`);
      // the devices in two calls, the second repeating the first's device: each reports once
      const setup = { apiBaseUrl, appKey: 'key', appSecret: 'secret' };
      for (const part of [
        { [devices[0]!]: gaids[0], [devices[1]!]: gaids[1] },
        { [devices[1]!]: gaids[1], [devices[2]!]: gaids[2] },
      ])
        expect((await call('POST', '/projects/rc/receipts', { ...setup, devices: part })).status).toBe(200);
      const session = connect(emu.h2cUrl).on('error', () => undefined);
      for (const t of devices)
        expect(
          (
            await h2Request(session, {
              path: '/v1/projects/rc/messages:send',
              headers: { authorization: `Bearer ${token}` },
              body: JSON.stringify({ message: { token: t, data: { tcm_msg_id: '42' } } }),
            })
          ).status,
        ).toBe(200);
      session.close();
      const deadline = Date.now() + 10_000;
      while (calls.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      expect(calls.map((c) => c.gaid).sort()).toEqual(gaids);
      for (const c of calls) expect(c.events.map((e) => [e.type, e.msgId])).toEqual([['received', '42']]);
    } finally {
      api.close();
    }
  });
});
