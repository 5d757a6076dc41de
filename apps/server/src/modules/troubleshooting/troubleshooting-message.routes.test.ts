import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { appOnEmulator, NOTIFICATION } from '../../test/messaging';
import { until } from '../../test/until';
import { gaid, registerOnEmulator, reportSdkEvents } from '../../test/devices';

const PW = 'Member#2024';
const UNKNOWN = '9a3b2c1d-0000-4000-8000-000000000001';
const content = NOTIFICATION;
// 0 NG gets it · 1 NG notifications off · 2 FR banned for the app · 3 KE outside the conditions · 4 NG uninstalled (FCM 404) · 5 NG
const FLEET = [
  { country: 'NG', on: true },
  { country: 'NG', on: false },
  { country: 'FR', on: true },
  { country: 'KE', on: true },
  { country: 'NG', on: true },
  { country: 'NG', on: true },
];
const NG_FR = [{ label: 'country', op: 'in', values: ['NG', 'FR'], allSelected: 0 }];
const tomorrowAt = (hhmm: string) =>
  `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)} ${hhmm}:00`;

describe.each(backends('one'))('troubleshooting by GAID and message id [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let auth: string;
  let sent: number;
  const clients: Record<string, TestClient> = {};
  const tokens: string[] = [];
  const trace = (who: string, instanceId: unknown, msgId: unknown) =>
    clients[who]!.post(`/tcm/v1/app/${appId}/instance/message/query`, { instanceId, msgId });
  const traced = async (i: number, msgId: number, who = 'owner') => {
    const res = await trace(who, gaid(i), msgId);
    expect(res.json().status).toBe(200);
    return res.json().data;
  };
  const save = async (body: Record<string, unknown>) => {
    const res = await clients.owner!.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: content,
      title: 'Sale',
      targetingType: 1,
      conditions: NG_FR,
      pushCount: 4,
      scheduleType: 1,
      countryMsgforceCreate: true,
      ...body,
    });
    expect(res.json().status).toBe(200);
    return res.json().data.id as number;
  };
  const statusOf = async (id: number) =>
    (await clients.owner!.post(`/tcm/v1/app/${appId}/msg/detail`, { id })).json().data.status as number;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
    const root = (await t.repos.users.findByEmail('root@example.com'))!;
    for (const name of ['owner', 'tester', 'stranger'])
      await t.services.users.save(
        { email: `${name}@example.com`, source: 2, ulevel: 0, description: '', password: PW },
        root,
      );
    const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
    const created = await appOnEmulator(t, emu, owner, {
      title: 'Shop',
      pkg: 'com.example.shop',
      projectId: 'shop-project',
    });
    appId = created.app.id;
    auth = created.sdkAuth;
    await t.database.query(
      `INSERT INTO app_members (app_id, user_id, email, ulevel, status) SELECT $1, id, email, 500, 0 FROM users WHERE email = 'tester@example.com'`,
      [appId],
    );
    await t.database.query(`INSERT INTO app_forbidden_countries (app_id, country) VALUES ($1, 'FR')`, [
      appId,
    ]);
    for (const [i, d] of FLEET.entries()) {
      const token = await registerOnEmulator(t, emu, created, i, {
        country: d.country,
        notificationsEnabled: d.on,
      });
      tokens.push(token);
      if (i === 4) emu.unregisterDevice(token);
    }
    for (const [name, pw] of [
      ['root', 'Root#2024x'],
      ['owner', PW],
      ['tester', PW],
      ['stranger', PW],
    ] as const) {
      clients[name] = new TestClient(t.app, name === 'tester' ? { 'accept-language': 'zh' } : {});
      await clients[name].login(`${name}@example.com`, pw);
    }
    sent = await save({ title: 'Flash sale' });
    await until(
      'sent',
      () => statusOf(sent),
      (s) => s === 1,
    );
    const ts = Date.now();
    const events = ['received', 'shown', 'clicked', 'recalled'].map((type) => ({ type, msgId: sent, ts }));
    expect((await reportSdkEvents(t, auth, 0, events)).json().status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('a dispatched device: what FCM answered and every event that came back', async () => {
    const data = await until(
      'events',
      () => traced(0, sent),
      (d) => d.events?.clicked !== null,
    );
    expect(data).toMatchObject({
      message: { id: sent, title: 'Flash sale', status: 1, targetingType: 1, scheduleType: 1 },
      device: { found: true, country: 'NG', utcOffsetMin: 60 },
      stage: 'dispatched',
      targeted: true,
      loss: null,
      wave: { utcOffsetMin: null, status: 2 },
      send: {
        outcome: 1,
        lossCode: 0,
        attempts: 1,
        fcmName: expect.stringMatching(/^projects\/shop-project\/messages\/.+/),
      },
      events: {
        received: expect.any(String),
        shown: expect.any(String),
        clicked: expect.any(String),
        recalled: true,
        dismissed: false,
        showFailed: false,
      },
    });
    expect(Math.abs(Date.parse(data.send.sentAt) - Date.now())).toBeLessThan(120_000);
    // the engine stored the name packed (migration 0039: 16 bytes, no text), and the trace rebuilt it whole
    const stored = await t.database.query<{ t: number | null; p: number | null }>(
      `SELECT octet_length(fcm_name) AS t, octet_length(fcm_id) AS p FROM send_records
       WHERE message_id = $1 AND outcome = 1`,
      [sent],
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((r) => r.t === null && r.p === 16)).toBe(true);
    // the name exactly as FCM gave it (packed in the process, rebuilt by fcmNameOf)
    const given = emu
      .inbox(tokens[0]!)
      .find((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(sent));
    expect(data.send?.fcmName).toBe(given?.name);
  });

  it('a device dropped by a filter (107) and one dropped by a policy (104, with the policy and its reason)', async () => {
    expect(await traced(1, sent)).toMatchObject({
      stage: 'dropped',
      targeted: true,
      send: { outcome: 2, lossCode: 107, attempts: 0, fcmName: null },
      events: { received: null },
      loss: { code: 107, name: 'Notifications off', policy: 'notifications-off', predicted: false },
    });
    expect(await traced(2, sent)).toMatchObject({
      stage: 'dropped',
      send: { outcome: 2, lossCode: 104, attempts: 0 },
      loss: {
        code: 104,
        name: 'App country blocked',
        policy: 'app-country',
        detail: expect.stringContaining('FR'),
        predicted: false,
      },
    });
  });

  it('names the loss in the caller’s language (tester, level 500, in zh)', async () => {
    expect((await traced(1, sent, 'tester')).loss).toMatchObject({ code: 107, name: '通知已关闭' });
  });

  it('a device FCM refused (404 UNREGISTERED → loss 1 after an attempt)', async () => {
    expect(await traced(4, sent)).toMatchObject({
      stage: 'failed',
      send: { outcome: 2, lossCode: 1 },
      loss: { code: 1, name: 'Uninstalled user' },
    });
    expect((await traced(4, sent)).send.attempts).toBeGreaterThanOrEqual(1);
  });

  it('a device outside the audience, with the condition it fails', async () => {
    expect(await traced(3, sent)).toMatchObject({
      stage: 'not-targeted',
      targeted: false,
      send: null,
      events: null,
      unmatched: [NG_FR[0]],
    });
  });

  it('an unknown device', async () => {
    const res = await trace('owner', UNKNOWN, sent);
    expect(res.json().data).toMatchObject({
      stage: 'device-not-found',
      device: { found: false },
      targeted: null,
      send: null,
    });
  });

  it('a device the push count left out, and one the filter drops as uninstalled since FCM said so', async () => {
    const one = await save({
      title: 'Just one',
      conditions: [{ label: 'country', op: 'in', values: ['NG'], allSelected: 0 }],
      pushCount: 1,
    });
    await until(
      'sent',
      () => statusOf(one),
      (s) => s === 1,
    );
    expect(await traced(0, one)).toMatchObject({ stage: 'dispatched' });
    expect(await traced(5, one)).toMatchObject({
      stage: 'not-selected',
      targeted: true,
      reason: 'push-count-reached',
      loss: null,
      send: null,
    });
    expect(await traced(4, one)).toMatchObject({
      stage: 'dropped',
      send: { outcome: 2, lossCode: 1, attempts: 0 },
      loss: { code: 1, policy: 'uninstalled' },
    });
  });

  it('a scheduled message: waiting, with the loss it will get or the banned window it will wait out', async () => {
    // NG is banned 22:00–23:30; at 21:30 UTC (22:30 in Lagos) its devices wait until 23:30 local = 22:30 UTC
    await t.database.query(
      `INSERT INTO app_forbidden_times (app_id, country, start_minute, end_minute) VALUES ($1, 'NG', 1320, 1410)`,
      [appId],
    );
    const later = await save({ title: 'Tonight', scheduleType: 2, scheduleDate: tomorrowAt('21:30') });
    const waiting = await traced(0, later);
    expect(waiting).toMatchObject({
      stage: 'waiting',
      targeted: true,
      loss: null,
      wave: { utcOffsetMin: null, status: 0, runAt: `${tomorrowAt('21:30').replace(' ', 'T')}.000Z` },
    });
    expect(waiting.delayedUntil).toBe(`${tomorrowAt('22:30').replace(' ', 'T')}.000Z`);
    expect(await traced(2, later)).toMatchObject({
      stage: 'waiting',
      delayedUntil: null,
      loss: { code: 104, policy: 'app-country', predicted: true },
    });
    expect(await traced(1, later)).toMatchObject({ stage: 'waiting', loss: { code: 107, predicted: true } });
    await clients.owner!.post(`/tcm/v1/app/${appId}/msg/${later}/stop`);
    expect(await traced(0, later)).toMatchObject({ stage: 'not-selected', reason: 'message-stopped' });
  });

  it.each([
    ['instanceId', 'not-a-gaid', 1],
    ['msgId', gaid(0), 'abc'],
    ['msgId', gaid(0), 0],
    ['msgId', gaid(0), 999999],
  ])('refuses a bad %s with 400 naming it', async (field, instanceId, msgId) => {
    const res = await trace('owner', instanceId, msgId === 1 ? sent : msgId);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('refuses a stranger with 403/1002, anonymous callers with 401; level 100 may trace', async () => {
    const res = await trace('stranger', gaid(0), sent);
    expect([res.statusCode, res.json().status]).toEqual([403, 1002]);
    expect(
      (
        await new TestClient(t.app).post(`/tcm/v1/app/${appId}/instance/message/query`, {
          instanceId: gaid(0),
          msgId: sent,
        })
      ).statusCode,
    ).toBe(401);
    expect((await trace('root', gaid(0), String(sent))).json().data.stage).toBe('dispatched');
  });
});
