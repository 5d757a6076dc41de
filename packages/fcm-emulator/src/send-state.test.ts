import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessToken, errorBody, FCM_ERROR, harness, type Harness } from './test-utils';
import { type Delivery } from './types';

const fcm = (errorCode: string): object => ({ '@type': FCM_ERROR, errorCode });
const quotaFailure = (subject: string, description: string): object => ({
  '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
  violations: [{ subject, description }],
});
const UNREGISTERED = errorBody(404, 'Requested entity was not found.', 'NOT_FOUND', [fcm('UNREGISTERED')]);

describe('send: token state, quotas and deliveries', () => {
  let h: Harness;
  let token: string;
  beforeEach(async () => {
    h = await harness();
    token = h.emu.registerDevice({ projectId: 'p1', packageName: 'com.example.app' });
  });
  afterEach(() => h.close());

  it('validate_only answers fake_message_id and delivers nothing', async () => {
    const res = await h.send({ validate_only: true, message: { token, notification: { title: 'x' } } });
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"name":"projects/p1/messages/fake_message_id"}');
    expect(h.emu.inbox(token)).toEqual([]);
    expect(h.emu.stats().delivered).toBe(0);
  });

  it('answers UNREGISTERED after unregisterDevice, also with validate_only', async () => {
    h.emu.unregisterDevice(token);
    for (const validate_only of [false, true]) {
      const res = await h.send({ validate_only, message: { token } });
      expect(res.status).toBe(404);
      expect(res.body).toBe(UNREGISTERED);
    }
  });

  it('answers SENDER_ID_MISMATCH for a token of another project', async () => {
    const other = h.emu.registerDevice({ projectId: 'p2', packageName: 'com.example.app' });
    const res = await h.send({ message: { token: other } });
    expect(res.status).toBe(403);
    expect(res.body).toBe(
      errorBody(403, 'SenderId mismatch', 'PERMISSION_DENIED', [fcm('SENDER_ID_MISMATCH')]),
    );
  });

  it('rejects a restricted_package_name that is not the token package', async () => {
    const res = await h.send({ message: { token, android: { restricted_package_name: 'com.other' } } });
    expect(res.status).toBe(400);
    const m =
      'The restricted_package_name "com.other" does not match the package name of the registration token.';
    expect(res.body).toBe(errorBody(400, m, 'INVALID_ARGUMENT', [fcm('INVALID_ARGUMENT')]));
    expect(
      (await h.send({ message: { token, android: { restricted_package_name: 'com.example.app' } } })).status,
    ).toBe(200);
  });

  it('sends to fids registered as device tokens', async () => {
    const fid = h.emu.registerDevice({
      projectId: 'p1',
      packageName: 'com.example.app',
      token: 'cXZ1aWQtZmlkLTAwMDAwMQ',
    });
    expect((await h.send({ message: { fid } })).status).toBe(200);
    expect((await h.send({ message: { fid: 'dUnknownFid000000000000' } })).body).toBe(UNREGISTERED);
  });

  it('applies the project quota per rolling minute with Retry-After', async () => {
    h.emu.setQuota('p1', { perMinute: 3 });
    const devices = [0, 1, 2, 3].map(() => h.emu.registerDevice({ projectId: 'p1', packageName: 'a' }));
    for (const d of devices.slice(0, 3)) expect((await h.send({ message: { token: d } })).status).toBe(200);
    const res = await h.send({ message: { token: devices[3] } });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const m =
      "Quota exceeded for quota metric 'Messages sent' and limit 'Messages per minute' of service 'fcm.googleapis.com' for consumer 'project:p1' (limit 3).";
    expect(res.body).toBe(
      errorBody(429, m, 'RESOURCE_EXHAUSTED', [fcm('QUOTA_EXCEEDED'), quotaFailure('project', m)]),
    );
    expect((await h.send({ validate_only: true, message: { token } })).status).toBe(200);
    expect(h.emu.stats().byErrorCode.QUOTA_EXCEEDED).toBe(1);
  });

  it('limits one device to perDevicePerMinute and perDevicePerHour', async () => {
    h.emu.setQuota('p1', { perDevicePerMinute: 2, perDevicePerHour: 3 });
    expect((await h.send({ message: { token } })).status).toBe(200);
    expect((await h.send({ message: { token } })).status).toBe(200);
    const res = await h.send({ message: { token } });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(55);
    const m = 'Quota exceeded for messages sent to a single device (2 per minute).';
    expect(res.body).toBe(
      errorBody(429, m, 'RESOURCE_EXHAUSTED', [fcm('QUOTA_EXCEEDED'), quotaFailure('device', m)]),
    );
    const other = h.emu.registerDevice({ projectId: 'p1', packageName: 'a' });
    expect((await h.send({ message: { token: other } })).status).toBe(200);
    h.emu.setQuota('p1', { perDevicePerMinute: 10 });
    expect((await h.send({ message: { token } })).status).toBe(200);
    const hour = await h.send({ message: { token } });
    expect(hour.status).toBe(429);
    expect(hour.body).toContain('(3 per hour)');
  });

  it('replaces a queued message with the same collapse_key while offline, delivers on reconnect', async () => {
    const events: Delivery[] = [];
    h.emu.on('delivery', (d) => events.push(d));
    h.emu.setOnline(token, false);
    const first = await h.send({ message: { token, data: { v: '1' }, android: { collapse_key: 'score' } } });
    await h.send({ message: { token, data: { v: 'other' } } });
    const second = await h.send({ message: { token, data: { v: '2' }, android: { collapseKey: 'score' } } });
    await h.send({ message: { token, data: { v: 'dropped' }, android: { ttl: '0s' } } });
    expect(first.status).toBe(200);
    expect(h.emu.inbox(token)).toEqual([]);
    expect(events).toEqual([]);
    h.emu.setOnline(token, true);
    const inbox = h.emu.inbox(token);
    expect(inbox.map((d) => d.message.data)).toEqual([{ v: 'other' }, { v: '2' }]);
    expect(inbox[1]?.collapsed).toBe(true);
    expect(inbox[1]?.name).toBe((JSON.parse(second.body) as { name: string }).name);
    expect(events.length).toBe(2);
    expect(h.emu.stats().delivered).toBe(4);
  });

  it('replaces a shown notification with the same tag in the tray', async () => {
    await h.send({
      message: { token, notification: { title: 'v1' }, android: { notification: { tag: 'm1' } } },
    });
    await h.send({ message: { token, android: { notification: { tag: 'm2', title: 'other' } } } });
    await h.send({
      message: { token, notification: { title: 'v2' }, android: { notification: { tag: 'm1' } } },
    });
    await h.send({ message: { token, data: { op: 'recall', tag: 'm1' } } });
    const tray = h.emu.tray(token);
    expect(Object.keys(tray)).toEqual(['m2', 'm1']);
    expect(tray.m1?.message.notification).toEqual({ title: 'v2' });
    expect(tray.m1?.replaced).toBe(true);
    expect(tray.m2?.replaced).toBeUndefined();
    expect(h.emu.inbox(token).length).toBe(4);
  });

  it('keeps only the last 20 deliveries per device', async () => {
    for (let i = 0; i < 25; i++) await h.send({ message: { token, data: { i: String(i) } } });
    const inbox = h.emu.inbox(token);
    expect(inbox.length).toBe(20);
    expect(inbox[0]?.message.data).toEqual({ i: '5' });
  });

  it('answers 401 with ErrorInfo ACCESS_TOKEN_EXPIRED once the access token has expired', async () => {
    const short = await harness({ tokenExpiresIn: 3 });
    try {
      const t = short.emu.registerDevice({ projectId: 'p1', packageName: 'a' });
      expect((await short.send({ message: { token: t } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const res = await short.send({ message: { token: t } });
      expect(res.status).toBe(401);
      expect(res.body).toBe(
        '{"error":{"code":401,"message":"Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.","status":"UNAUTHENTICATED","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"ACCESS_TOKEN_EXPIRED","domain":"googleapis.com","metadata":{"method":"google.firebase.fcm.v1.FcmService.SendMessage","service":"fcm.googleapis.com"}}]}}',
      );
      const fresh = await accessToken(short.sa);
      expect((await short.send({ message: { token: t } }, { auth: `Bearer ${fresh}` })).status).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('keeps only counters with storeDeliveries: false but still emits deliveries', async () => {
    const lean = await harness({ storeDeliveries: false });
    try {
      const t = lean.emu.registerDevice({ projectId: 'p1', packageName: 'a' });
      const seen: string[] = [];
      lean.emu.on('delivery', (d) => seen.push(d.token));
      expect((await lean.send({ message: { token: t, notification: { title: 'x' } } })).status).toBe(200);
      expect(lean.emu.inbox(t)).toEqual([]);
      expect(lean.emu.tray(t)).toEqual({});
      expect(seen).toEqual([t]);
      expect(lean.emu.stats().delivered).toBe(1);
    } finally {
      await lean.close();
    }
  });
});
