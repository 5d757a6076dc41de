// Audit finding 2: a service account's token_uri decides where the server POSTs the key's signed assertion, so only
// Google's endpoint, the configured FCM_BASE_URL origin and the built-in sandbox's endpoint are accepted — at upload
// and again at send time, before any connection; a token endpoint's answer reaches alerts bounded and printable.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { FcmAuth } from '../delivery/fcm-auth';
import { mapTokenResponse } from '../delivery/fcm-token-endpoint';
import { allowedTokenEndpoints, isAllowedTokenUri } from '../delivery/token-endpoints';
import { multipartFile } from '../test/fixtures/multipart';
import { serviceAccountJson, testPrivateKey } from '../test/fixtures/service-accounts';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { registerSdkDevice, sdkAuthOf, sdkDevice } from '../test/devices';
import { until } from '../test/until';
import { backends } from '../test/databases';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

const config = (env: Record<string, string>) =>
  loadConfig({ BEACON_SECRET_KEY: 'ab'.repeat(32), PUBLIC_URL: 'http://beacon.test', ...env });

/** Whether `text` holds a control character (C0, DEL) or the right-to-left override. */
const unprintable = (text: string) =>
  Array.from(text).some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\u202e');

/** An HTTP server that counts connections and answers every request with `answer`. */
async function listen(answer: { status: number; body: string }) {
  let connections = 0;
  const server: Server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'text/html' });
    res.end(answer.body);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('allowedTokenEndpoints', () => {
  it.each([
    ['https://oauth2.googleapis.com/token', true],
    ['https://OAUTH2.googleapis.com:443/token', true],
    ['http://beacon.test/emulator/token', true],
    ['http://beacon.test/emulator/token?x=1', false],
    ['http://beacon.test/other', false],
    ['http://oauth2.googleapis.com/token', false],
    ['https://oauth2.googleapis.com/token/', false],
    ['https://user:pw@oauth2.googleapis.com/token', false],
    ['https://oauth2.googleapis.com.evil.example/token', false],
    ['https://evil.example/https://oauth2.googleapis.com/token', false],
    ['http://127.0.0.1:8080/token', false],
    ['http://169.254.169.254/computeMetadata/v1/', false],
    ['file:///etc/passwd', false],
    [42, false],
  ])('without FCM_BASE_URL (the sandbox runs): %s → %s', (uri, allowed) => {
    expect(isAllowedTokenUri(allowedTokenEndpoints(config({})), uri)).toBe(allowed);
  });

  it.each([
    ['https://oauth2.googleapis.com/token', true],
    ['http://127.0.0.1:4000/token', true],
    ['http://127.0.0.1:4000/any/path', true],
    ['http://127.0.0.1:4001/token', false],
    ['https://127.0.0.1:4000/token', false],
    ['http://localhost:4000/token', false],
    ['http://beacon.test/emulator/token', false],
  ])('with FCM_BASE_URL=http://127.0.0.1:4000: %s → %s', (uri, allowed) => {
    const endpoints = allowedTokenEndpoints(config({ FCM_BASE_URL: 'http://127.0.0.1:4000' }));
    expect(isAllowedTokenUri(endpoints, uri)).toBe(allowed);
  });

  it('refuses at send time before any connection, naming token_uri', async () => {
    const trap = await listen({ status: 200, body: '{"access_token":"stolen","expires_in":3600}' });
    try {
      const auth = new FcmAuth({ tokenEndpoints: allowedTokenEndpoints(config({})) });
      const result = await auth.get({
        appId: 'a',
        serviceAccount: {
          project_id: 'p',
          client_email: 'sa@p.iam.gserviceaccount.com',
          private_key: testPrivateKey(),
          token_uri: `${trap.origin}/token`,
        },
      });
      expect(result).toMatchObject({ outcome: 'auth_error', message: expect.stringContaining('token_uri') });
      expect(trap.connections()).toBe(0);
    } finally {
      await trap.close();
    }
  });

  it('keeps a bounded, printable excerpt of a token endpoint answer', () => {
    const body = `<html><script>alert(1)</script>\u001b[2J\r\n\u202e${'x'.repeat(5000)}</html>`;
    const r = mapTokenResponse(400, body, undefined, Date.now());
    expect(r.ok).toBe(false);
    const message = r.ok ? '' : String((r.result as { message: string }).message);
    expect(message.length).toBeLessThanOrEqual(230);
    expect(unprintable(message)).toBe(false);
    const json = mapTokenResponse(
      400,
      JSON.stringify({ error: 'invalid_grant', error_description: 'a\nb' }),
      undefined,
      0,
    );
    expect(json.ok ? '' : (json.result as { message: string }).message).toBe(
      'token endpoint: invalid_grant: a b',
    );
  });
});

describe.each(backends('one'))('service-account token_uri [$name]', (backend) => {
  let t: TestApp;
  let owner: TestClient;
  let fcm: Awaited<ReturnType<typeof listen>>;
  let trap: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    // FCM_BASE_URL is a server that answers every token request 400 with a long, hostile body
    fcm = await listen({
      status: 400,
      body: `<b onmouseover=alert(1)>\u0007denied\u202e</b>${'y'.repeat(3000)}`,
    });
    trap = await listen({ status: 200, body: '{"access_token":"stolen","expires_in":3600}' });
    t = await startTestApp(backend, { FCM_BASE_URL: fcm.origin }, { runWorkers: true });
    await seedTeam(t);
    owner = await clientFor(t, 'owner');
  });
  afterAll(async () => {
    await t?.close();
    await fcm?.close();
    await trap?.close();
  });

  const uploadKey = (tokenUri: string, lang = 'en') => {
    const { payload, headers } = multipartFile('sa.json', serviceAccountJson({ token_uri: tokenUri }));
    return t.app.inject({
      method: 'POST',
      url: '/tcm/v1/app/upload/firebase',
      payload,
      headers: { ...headers, cookie: owner.cookie, 'accept-language': lang },
    });
  };

  it('refuses at upload a token_uri that is not an allowed endpoint, naming it in en, zh and fr', async () => {
    for (const uri of [
      `${trap.origin}/token`,
      'http://beacon.test/emulator/token',
      'http://[::1]:80/token',
    ]) {
      const res = (await uploadKey(uri)).json();
      expect(res.status, uri).toBe(400);
      expect(res.msg).toContain('token_uri');
      expect(res.data.fields[0].field).toBe('file');
    }
    expect((await uploadKey(`${trap.origin}/token`, 'zh')).json().msg).toContain('token_uri');
    expect((await uploadKey(`${trap.origin}/token`, 'fr')).json().msg).toContain('token_uri');
    expect(trap.connections()).toBe(0);
  });

  it('accepts Google’s endpoint and the FCM_BASE_URL origin', async () => {
    for (const uri of ['https://oauth2.googleapis.com/token', `${fcm.origin}/token`])
      expect((await uploadKey(uri)).json(), uri).toMatchObject({ status: 200 });
  });

  it('refuses at send time a stored key naming another endpoint: no connection, a credential alert naming token_uri', async () => {
    const user = (await t.repos.users.findByEmail('owner@example.com'))!;
    const appOf = async (pkg: string, tokenUri: string) => {
      const json = serviceAccountJson({ token_uri: tokenUri });
      const { app, appSecret } = await t.services.apps.create({
        title: pkg.split('.').pop()!,
        pkg,
        owner: { userId: user.id, email: user.email },
        serviceAccount: {
          json,
          projectId: 'shop-push',
          clientEmail: 'x@shop-push.iam.gserviceaccount.com',
          fileName: 'sa.json',
        },
      });
      await registerSdkDevice(t, sdkAuthOf(app, appSecret), sdkDevice(app.id, { token: `token-${pkg}` }));
      const saved = await owner.post(`/tcm/v1/app/${app.id}/msg/save`, {
        msgType: 1,
        data: NOTIFICATION,
        title: 'Hello',
        pushCount: 1,
        targetingType: 0,
        scheduleType: 1,
      });
      expect(saved.json().status).toBe(200);
      return app.id;
    };
    const refused = await appOf('com.example.trapped', `${trap.origin}/token`);
    const answered = await appOf('com.example.answered', `${fcm.origin}/token`);

    const alerts = await until(
      'the two credential alerts',
      () =>
        t.database.query<{ app_id: number; params: { reason?: string } }>(
          "SELECT app_id, params FROM alerts WHERE kind = 'fcm_credentials' ORDER BY app_id",
        ),
      (rows) => rows.length === 2,
    );
    const reason = (appId: number) => alerts.find((a) => a.app_id === appId)?.params.reason ?? '';
    expect(reason(refused)).toContain('token_uri');
    expect(trap.connections()).toBe(0);
    // the answer of an allowed endpoint is quoted, bounded and on one printable line
    expect(reason(answered)).toContain('denied');
    expect(Array.from(reason(answered)).length).toBeLessThanOrEqual(200);
    expect(unprintable(reason(answered))).toBe(false);
    const lost = await until(
      'the refused send recorded as an invalid key',
      () =>
        t.database.query<{ loss_code: number }>(
          'SELECT r.loss_code FROM send_records r JOIN messages m ON m.id = r.message_id WHERE m.app_id = $1',
          [refused],
        ),
      (rows) => rows.length === 1,
    );
    expect(lost[0]!.loss_code).toBe(35);
  });
});
