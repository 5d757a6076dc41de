import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataMessage,
  recordingLogger,
  startFixture,
  type EmulatorFixture,
} from '../test/fixtures/fcm-emulator';
import { FcmClient } from './fcm-client';

let fx: EmulatorFixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx.close();
});

describe('FcmClient outcomes against the emulator (h2c)', () => {
  it('dispatches and records the message name; the device receives it', async () => {
    const app = fx.app('outcomes');
    const token = fx.device('outcomes');
    const r = await fx.client().send(app, dataMessage(token));
    expect(r).toMatchObject({
      outcome: 'dispatched',
      name: expect.stringMatching(/^projects\/outcomes\/messages\/.+/),
    });
    expect(fx.emu.inbox(token)).toHaveLength(1);
  });

  it('validate_only runs the checks and delivers nothing', async () => {
    const app = fx.app('outcomes');
    const token = fx.device('outcomes');
    const c = fx.client();
    expect(await c.send(app, dataMessage(token), { validateOnly: true })).toEqual({
      outcome: 'dispatched',
      name: 'projects/outcomes/messages/fake_message_id',
    });
    expect(fx.emu.inbox(token)).toHaveLength(0);
    fx.emu.unregisterDevice(token);
    expect(await c.send(app, dataMessage(token), { validateOnly: true })).toMatchObject({
      outcome: 'token_dead',
      errorCode: 'UNREGISTERED',
    });
  });

  it('404 UNREGISTERED → token_dead', async () => {
    const token = fx.device('outcomes');
    fx.emu.unregisterDevice(token);
    expect(await fx.client().send(fx.app('outcomes'), dataMessage(token))).toEqual({
      outcome: 'token_dead',
      errorCode: 'UNREGISTERED',
      httpStatus: 404,
    });
  });

  it('400 malformed registration token → token_dead', async () => {
    expect(await fx.client().send(fx.app('outcomes'), dataMessage('not-a-token'))).toEqual({
      outcome: 'token_dead',
      errorCode: 'INVALID_ARGUMENT',
      httpStatus: 400,
    });
  });

  it('403 SENDER_ID_MISMATCH → sender_mismatch', async () => {
    const foreign = fx.device('someone-else');
    expect(await fx.client().send(fx.app('outcomes'), dataMessage(foreign))).toEqual({
      outcome: 'sender_mismatch',
      httpStatus: 403,
    });
  });

  it('bad payloads → message_invalid (never token_dead)', async () => {
    const c = fx.client();
    const app = fx.app('outcomes');
    const token = fx.device('outcomes');
    const nonString = await c.send(app, dataMessage(token, { data: { n: 12 } }));
    expect(nonString).toMatchObject({
      outcome: 'message_invalid',
      httpStatus: 400,
      message: expect.stringContaining('message.data'),
    });
    const wrongPackage = await c.send(
      app,
      dataMessage(token, { android: { restricted_package_name: 'com.other' } }),
    );
    expect(wrongPackage).toMatchObject({ outcome: 'message_invalid', httpStatus: 400 });
    const unknownField = await c.send(app, dataMessage(token, { bogus: true }));
    expect(unknownField).toMatchObject({ outcome: 'message_invalid', httpStatus: 400 });
  });

  it('403 without FcmError (credentials of another project) → auth_error', async () => {
    const other = fx.app('outcomes');
    const app = { appId: 'cross', serviceAccount: { ...other.serviceAccount, project_id: 'not-mine' } };
    expect(await fx.client().send(app, dataMessage(fx.device('not-mine')))).toMatchObject({
      outcome: 'auth_error',
      httpStatus: 403,
    });
  });

  it('401 THIRD_PARTY_AUTH_ERROR → auth_error without a token refresh', async () => {
    const log = recordingLogger();
    const c = fx.client({ logger: log });
    fx.emu.addFault({
      match: { project: 'third' },
      respond: { status: 401, errorCode: 'THIRD_PARTY_AUTH_ERROR' },
      times: 1,
    });
    expect(await c.send(fx.app('third'), dataMessage(fx.device('third')))).toMatchObject({
      outcome: 'auth_error',
      httpStatus: 401,
    });
    expect(log.lines.filter((l) => l.msg === 'fcm access token fetched')).toHaveLength(1);
  });

  it('token endpoint errors: invalid_grant → auth_error; unreachable → retry network', async () => {
    const app = fx.app('grant');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = {
      appId: 'forged',
      serviceAccount: {
        ...app.serviceAccount,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    };
    expect(await fx.client().send(forged, dataMessage(fx.device('grant')))).toMatchObject({
      outcome: 'auth_error',
      httpStatus: 400,
      message: expect.stringContaining('invalid_grant'),
    });
    const down = {
      appId: 'down',
      serviceAccount: { ...app.serviceAccount, token_uri: 'http://127.0.0.1:1/token' },
    };
    const toDown = fx.client({ tokenEndpoints: { urls: ['http://127.0.0.1:1/token'], origins: [] } });
    expect(await toDown.send(down, dataMessage(fx.device('grant')))).toMatchObject({
      outcome: 'retry',
      reason: 'network',
    });
    const garbage = { appId: 'garbage', serviceAccount: { ...app.serviceAccount, private_key: 'not a key' } };
    expect(await fx.client().send(garbage, dataMessage(fx.device('grant')))).toMatchObject({
      outcome: 'auth_error',
      httpStatus: 0,
    });
  });

  it('an unreachable FCM base URL → retry network', async () => {
    const c = new FcmClient({
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 2000,
      tokenEndpoints: { urls: [], origins: [new URL(fx.emu.http1Url).origin] },
    });
    expect(await c.send(fx.app('outcomes'), dataMessage(fx.device('outcomes')))).toMatchObject({
      outcome: 'retry',
      reason: 'network',
    });
    await c.close();
  });
});

describe('OAuth token lifecycle', () => {
  it('concurrent first sends share one token fetch', async () => {
    const log = recordingLogger();
    const c = fx.client({ logger: log });
    const app = fx.app('shared');
    const tokens = Array.from({ length: 50 }, () => fx.device('shared'));
    const results = await Promise.all(tokens.map((t) => c.send(app, dataMessage(t))));
    expect(results.every((r) => r.outcome === 'dispatched')).toBe(true);
    expect(log.lines.filter((l) => l.msg === 'fcm access token fetched')).toHaveLength(1);
  });

  it('a 401 without FcmError refreshes the token and retries once', async () => {
    const log = recordingLogger();
    const c = fx.client({ logger: log });
    const app = fx.app('refresh401');
    const token = fx.device('refresh401');
    fx.emu.addFault({ match: { project: 'refresh401' }, respond: { status: 401 }, times: 1 });
    expect(await c.send(app, dataMessage(token))).toMatchObject({ outcome: 'dispatched' });
    expect(log.lines.filter((l) => l.msg === 'fcm access token fetched')).toHaveLength(2);
    fx.emu.addFault({ match: { project: 'refresh401' }, respond: { status: 401 }, times: 2 });
    const before = fx.emu.stats().byStatus['401'] ?? 0;
    expect(await c.send(app, dataMessage(token))).toMatchObject({ outcome: 'auth_error', httpStatus: 401 });
    expect((fx.emu.stats().byStatus['401'] ?? 0) - before).toBe(2);
  });
});

describe('TLS', () => {
  it('sends over TLS h2 with the emulator CA, token fetched over https', async () => {
    const c = fx.client({ baseUrl: fx.emu.tlsUrl, ca: fx.emu.caPem });
    expect(await c.send(fx.app('tls', 'tls'), dataMessage(fx.device('tls')))).toMatchObject({
      outcome: 'dispatched',
    });
  });

  it('without the CA the certificate is refused → retry network', async () => {
    const c = fx.client({ baseUrl: fx.emu.tlsUrl });
    const app = fx.app('tls'); // token over plain http, so only the FCM connection fails
    expect(await c.send(app, dataMessage(fx.device('tls')))).toMatchObject({
      outcome: 'retry',
      reason: 'network',
    });
  });
});
