import { connect } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from './emulator';
import { accessToken, h1Request, h2Request } from './test-utils';
import { type FcmEmulator } from './types';

const NAME = /^\{"name":"projects\/p1\/messages\/0:\d{16}%[0-9a-f]{16}"\}$/;

describe('transports', () => {
  let emu: FcmEmulator;
  let auth: Record<string, string>;
  let token: string;
  const body = (): string => JSON.stringify({ message: { token, data: { k: 'v' } } });
  const path = '/v1/projects/p1/messages:send';

  beforeAll(async () => {
    emu = await startEmulator({ maxConcurrentStreams: 50 });
    auth = {
      authorization: `Bearer ${await accessToken(emu.createServiceAccount('p1'))}`,
      'content-type': 'application/json',
    };
    token = emu.registerDevice({ projectId: 'p1', packageName: 'a' });
  });
  afterAll(() => emu.close());

  it('listens on 127.0.0.1 with three distinct ports', () => {
    const ports = [emu.h2cUrl, emu.tlsUrl, emu.http1Url].map((u) => new URL(u).port);
    expect(emu.h2cUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.tlsUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.http1Url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(ports).size).toBe(3);
  });

  it('sends over h2c and advertises maxConcurrentStreams', async () => {
    const session = connect(emu.h2cUrl).on('error', () => undefined);
    const res = await h2Request(session, { path, headers: auth, body: body() });
    expect(session.remoteSettings.maxConcurrentStreams).toBe(50);
    session.destroy();
    expect(res.status).toBe(200);
    expect(res.body).toMatch(NAME);
  });

  it('sends over TLS with ALPN h2, trusting caPem (localhost and 127.0.0.1)', async () => {
    for (const base of [emu.tlsUrl, emu.tlsUrl.replace('127.0.0.1', 'localhost')]) {
      const session = connect(base, { ca: emu.caPem }).on('error', () => undefined);
      const res = await h2Request(session, { path, headers: auth, body: body() });
      expect(session.alpnProtocol).toBe('h2');
      session.destroy();
      expect(res.status).toBe(200);
      expect(res.body).toMatch(NAME);
    }
  });

  it('opens a wide HTTP/2 receive window on h2c and TLS, so request bodies never wait for WINDOW_UPDATE', async () => {
    for (const [base, opts] of [
      [emu.h2cUrl, {}],
      [emu.tlsUrl, { ca: emu.caPem }],
    ] as const) {
      const session = connect(base, opts).on('error', () => undefined);
      // after one exchange the server's SETTINGS and its connection WINDOW_UPDATE have arrived
      expect((await h2Request(session, { path, headers: auth, body: body() })).status).toBe(200);
      expect(session.remoteSettings.initialWindowSize).toBe(1 << 20);
      expect(session.state.remoteWindowSize).toBeGreaterThan(8 << 20); // node's default: 65,535 bytes
      session.destroy();
    }
  });

  it('refuses TLS clients that do not trust the CA', async () => {
    const session = connect(emu.tlsUrl);
    const err = await new Promise<Error>((resolve) => session.on('error', resolve));
    expect((err as NodeJS.ErrnoException).code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  it('sends over HTTP/1.1 on TLS (ALPN http/1.1) and on the cleartext HTTP/1.1 port', async () => {
    const tls = await h1Request(emu.tlsUrl, { path, headers: auth, body: body() }, emu.caPem);
    expect(tls.status).toBe(200);
    expect(tls.body).toMatch(NAME);
    const plain = await h1Request(emu.http1Url, { path, headers: auth, body: body() });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatch(NAME);
    const err = await h1Request(emu.http1Url, { path, headers: auth, body: '{"message":{}}' });
    expect(err.status).toBe(400);
    expect(err.headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('serves HTTP/1.1 on the h2c port too, so a token_uri on the FCM origin works with an HTTP/1.1 client', async () => {
    const sa = emu.createServiceAccount('p1', { tokenUri: emu.tokenUri('h2c') });
    expect(sa.token_uri).toBe(`${emu.h2cUrl}/token`);
    const h1Token = await accessToken(sa);
    expect(h1Token).toMatch(/^emu\./);
    const plain = await h1Request(emu.h2cUrl, {
      path,
      headers: { ...auth, authorization: `Bearer ${h1Token}` },
      body: body(),
    });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatch(NAME);
    // and the same port still speaks HTTP/2 with prior knowledge
    const session = connect(emu.h2cUrl).on('error', () => undefined);
    const res = await h2Request(session, { path, headers: auth, body: body() });
    session.destroy();
    expect(res.status).toBe(200);
  });

  it('answers 404 for unknown paths', async () => {
    const res = await h1Request(emu.http1Url, { method: 'GET', path: '/v1/nothing' });
    expect(res.status).toBe(404);
    expect(res.body).toBe('{"error":{"code":404,"message":"Not Found","status":"NOT_FOUND"}}');
  });

  it('handles 2,000 concurrent sends on 4 sessions with unique names', async () => {
    const before = emu.stats().requests;
    const sessions = [0, 1, 2, 3].map(() => connect(emu.h2cUrl).on('error', () => undefined));
    // like any well-behaved client, learn the stream limit before opening 500 streams per session
    await Promise.all(sessions.map((s) => new Promise((resolve) => s.once('remoteSettings', resolve))));
    const tokens = Array.from({ length: 20 }, () =>
      emu.registerDevice({ projectId: 'p1', packageName: 'a' }),
    );
    const results = await Promise.all(
      Array.from({ length: 2000 }, (_, i) =>
        h2Request(sessions[i % 4]!, {
          path,
          headers: auth,
          body: JSON.stringify({ message: { token: tokens[i % 20], data: { i: String(i) } } }),
        }),
      ),
    ).finally(() => sessions.forEach((s) => s.destroy()));
    expect(results.filter((r) => r.status === 200).length).toBe(2000);
    expect(new Set(results.map((r) => r.body)).size).toBe(2000);
    const stats = emu.stats();
    expect(stats.requests - before).toBe(2000);
    expect(stats.inFlight).toBe(0);
    expect(emu.inbox(tokens[0]!).length).toBe(20);
  });
});

describe('latency option', () => {
  it('delays every send by latencyMs', async () => {
    const emu = await startEmulator({ latencyMs: 200, tlsPort: null });
    const auth = { authorization: `Bearer ${await accessToken(emu.createServiceAccount('p1'))}` };
    const token = emu.registerDevice({ projectId: 'p1', packageName: 'a' });
    const t0 = Date.now();
    const res = await h1Request(emu.http1Url, {
      path: '/v1/projects/p1/messages:send',
      headers: auth,
      body: JSON.stringify({ message: { token } }),
    });
    await emu.close();
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(195);
  });
});
