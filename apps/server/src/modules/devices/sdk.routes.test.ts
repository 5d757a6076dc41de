import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, sdkAuthOf, sdkDevice } from '../../test/devices';
import { startTestApp, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { DevicesRepository, type RegisterRow } from './devices.repository';
import { DevicesService } from './devices.service';
import type { Queryable } from '../../db/client';
import { StatisticsWriter } from '../statistics';

const GAID = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** The device GAID as an SDK may send it, before normalisation (ng, pt-BR, Tecno, Spark 10). */
const device = (over: Record<string, unknown> = {}) =>
  sdkDevice(1, {
    gaid: GAID,
    country: 'ng',
    language: 'pt-BR',
    brand: 'Tecno',
    model: 'Spark 10',
    operator: 'MTN',
    ...over,
  });

describe.each(backends())('device API /sdk/v1 [$name]', (backend) => {
  let t: TestApp;
  let auth: string;
  let appId: number;
  const post = (url: string, body: unknown, authorization = auth) =>
    t.app.inject({ method: 'POST', url, headers: { authorization }, payload: body as object });
  const count = async (table: string) =>
    Number((await t.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n);

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 100);
    const owner = await t.services.users.resolveSession(
      await t.services.users.openSession(1, { ip: '', userAgent: '' }),
    );
    const { app, appSecret } = await t.services.apps.create({
      title: 'Shop',
      pkg: 'com.example.shop',
      owner: { userId: owner!.user.id, email: owner!.user.email },
    });
    appId = app.id;
    auth = sdkAuthOf(app, appSecret);
  });
  afterAll(async () => t.close());

  it('answers HTTP 401 without or with wrong credentials', async () => {
    expect((await post('/sdk/v1/register', device(), '')).statusCode).toBe(401);
    const wrong = `Basic ${Buffer.from('nokey:nosecret').toString('base64')}`;
    const res = await post('/sdk/v1/register', device(), wrong);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401 });
    // the app's right header, verified once and then answered from the process's cache, lets no other secret in
    const heartbeat = { gaid: GAID, notificationsEnabled: true };
    // (authenticated: the device is not registered yet)
    expect((await post('/sdk/v1/heartbeat', heartbeat)).statusCode).toBe(404);
    const [key] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    for (const secret of ['', 'x', auth]) {
      const other = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
      expect((await post('/sdk/v1/heartbeat', heartbeat, other)).statusCode).toBe(401);
    }
    expect((await post('/sdk/v1/heartbeat', heartbeat)).statusCode).toBe(404);
  });

  it('registers a device, normalises its fields, and updates it (new token) on the same gaid', async () => {
    const first = await post('/sdk/v1/register', device());
    expect(first.json()).toMatchObject({ status: 200, data: { deviceId: expect.stringMatching(/^\d+$/) } });
    const again = await post(
      '/sdk/v1/register',
      device({ token: 'tok-2:APA91bNEW', gaid: GAID.toUpperCase(), appVersionCode: 400 }),
    );
    expect(again.json().data.deviceId).toBe(first.json().data.deviceId);
    const [row] = await t.database.query<Record<string, unknown>>(
      'SELECT d.country, d.language, d.brand, d.model, d.utc_offset_min, d.app_version_code, k.token FROM devices d JOIN device_tokens k ON k.device_id = d.id WHERE d.gaid = $1',
      [GAID],
    );
    expect(row).toEqual({
      country: 'NG',
      language: 'pt_BR',
      brand: 'TECNO',
      model: 'SPARK 10',
      utc_offset_min: 60,
      app_version_code: 400,
      token: 'tok-2:APA91bNEW',
    });
  });

  const bad: Array<[string, Record<string, unknown>]> = [
    ['token', { token: '' }],
    ['token', { token: 'has space' }],
    ['gaid', { gaid: 'not-a-gaid' }],
    ['country', { country: 'XX' }],
    ['country', { country: 'NGA' }],
    ['language', { language: 'english!' }],
    ['brand', { brand: '' }],
    ['model', { model: 'x'.repeat(51) }],
    ['osVersion', { osVersion: 13 }],
    ['osVersion', { osVersion: 36 }],
    ['osVersion', { osVersion: '33' }],
    ['appVersion', { appVersion: '' }],
    ['appVersionCode', { appVersionCode: -1 }],
    ['appVersionCode', { appVersionCode: 1.5 }],
    ['operator', { operator: 7 }],
    ['timezone', { timezone: '+01:00' }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['notificationsEnabled', { notificationsEnabled: 'yes' }],
  ];
  it.each(bad)('refuses a bad %s with status 400 naming it, storing nothing', async (field, over) => {
    const before = await count('devices');
    const res = await post(
      '/sdk/v1/register',
      device({ gaid: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', ...over }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(res.json().msg).toContain(field);
    expect(await count('devices')).toBe(before);
  });

  it('refuses unknown fields and missing ones', async () => {
    expect((await post('/sdk/v1/register', device({ extra: 1 }))).json().status).toBe(400);
    const { timezone: _tz, ...missing } = device();
    expect((await post('/sdk/v1/register', missing)).json().data.fields[0].field).toBe('timezone');
  });

  it('heartbeat marks the device active and records the notification switch; unknown devices get 404', async () => {
    // the app's missed-push recovery is off: the answer is {} as it always was
    const beat = (await post('/sdk/v1/heartbeat', { gaid: GAID, notificationsEnabled: false })).json();
    expect(beat.status).toBe(200);
    expect(beat.data).toEqual({});
    const [row] = await t.database.query<{
      notifications_enabled: boolean;
      status: number;
      invalid_reason: number;
    }>('SELECT notifications_enabled, status, invalid_reason FROM devices WHERE gaid = $1', [GAID]);
    expect(row).toEqual({ notifications_enabled: false, status: 2, invalid_reason: 1 });
    await post('/sdk/v1/heartbeat', { gaid: GAID, notificationsEnabled: true });
    const [back] = await t.database.query<{ status: number }>('SELECT status FROM devices WHERE gaid = $1', [
      GAID,
    ]);
    expect(back?.status).toBe(1);
    const unknown = await post('/sdk/v1/heartbeat', {
      gaid: '11111111-2222-3333-4444-555555555555',
      notificationsEnabled: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/sdk/v1/heartbeat', { gaid: GAID })).json().data.fields[0].field).toBe(
      'notificationsEnabled',
    );
  });

  it('events are idempotent per (device, message, type); unknown message ids are accepted and ignored', async () => {
    const [dev] = await t.database.query<{ id: string }>(
      'SELECT id::text AS id FROM devices WHERE gaid = $1',
      [GAID],
    );
    await t.database.query('INSERT INTO send_records (message_id, device_id, outcome) VALUES (77, $1, 1)', [
      dev!.id,
    ]);
    const ts = Date.now() - 1000;
    const events = [
      { type: 'received', msgId: '77', ts },
      { type: 'shown', msgId: 77, ts: ts + 10 },
      { type: 'received', msgId: '999999', ts },
    ];
    for (let i = 0; i < 2; i++)
      expect((await post('/sdk/v1/events', { gaid: GAID, events })).json().status).toBe(200);
    await post('/sdk/v1/events', { gaid: GAID, events: [{ type: 'clicked', msgId: '77', ts: ts + 20 }] });
    const [rec] = await t.database.query<{ event_mask: number; received_at: Date }>(
      'SELECT event_mask, received_at FROM send_record_events WHERE message_id = 77',
    );
    expect(rec?.event_mask).toBe(1 | 2 | 4);
    expect(new Date(rec!.received_at).getTime()).toBe(ts);
    expect(await count('send_records')).toBe(1);
  });

  it('events move the device’s last-active time at most once per interval, counted as the day’s activity', async () => {
    const lastActive = async () =>
      new Date(
        (
          await t.database.query<{ at: Date }>('SELECT last_active_at AS at FROM devices WHERE gaid = $1', [
            ACTIVE,
          ])
        )[0]!.at,
      ).getTime();
    const effectiveToday = async () =>
      Number(
        (
          await t.database.query<{ n: string }>(
            `SELECT COALESCE(sum(effective), 0)::text AS n FROM stat_user_days
             WHERE app_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
            [appId],
          )
        )[0]?.n,
      );
    // a device of its own: no event of it was reported yet in this process
    const ACTIVE = gaid(4242);
    expect((await post('/sdk/v1/register', device({ gaid: ACTIVE }))).json().status).toBe(200);
    const event = { type: 'received', msgId: '999998', ts: Date.now() - 1000 };
    // registered (and so active) yesterday: the event is today's first activity, and makes it an active device
    await t.services.devices.drain();
    await t.database.query(`UPDATE devices SET last_active_at = now() - interval '1 day' WHERE gaid = $1`, [
      ACTIVE,
    ]);
    const activeBefore = await effectiveToday();
    const before = Date.now();
    expect((await post('/sdk/v1/events', { gaid: ACTIVE, events: [event] })).json().status).toBe(200);
    await t.services.devices.drain();
    expect(await lastActive()).toBeGreaterThanOrEqual(before - 1000);
    expect(await effectiveToday()).toBe(activeBefore + 1);
    // within the interval, later events write nothing: the device's time stays, the day counts it once
    const earlier = new Date(Date.now() - 60_000);
    await t.database.query('UPDATE devices SET last_active_at = $2 WHERE gaid = $1', [ACTIVE, earlier]);
    await post('/sdk/v1/events', { gaid: ACTIVE, events: [{ ...event, type: 'shown' }] });
    await t.services.devices.drain();
    expect(await lastActive()).toBe(earlier.getTime());
    expect(await effectiveToday()).toBe(activeBefore + 1);
  });

  it('counts a device active once a day: a second heartbeat or registration the same day adds nothing', async () => {
    const day = async () =>
      (
        await t.database.query<{ effective: number; fresh: number }>(
          `SELECT COALESCE(sum(effective), 0)::int AS effective, COALESCE(sum(new_users), 0)::int AS fresh
           FROM stat_user_days WHERE app_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
          [appId],
        )
      )[0]!;
    const ONCE = gaid(4343);
    const at0 = await day();
    expect((await post('/sdk/v1/register', device({ gaid: ONCE }))).json().status).toBe(200);
    await t.services.devices.drain();
    // new today: one active, one new
    expect(await day()).toEqual({ effective: at0.effective + 1, fresh: at0.fresh + 1 });
    for (const path of ['/sdk/v1/heartbeat', '/sdk/v1/heartbeat', '/sdk/v1/register']) {
      const body = path.endsWith('register')
        ? device({ gaid: ONCE })
        : { gaid: ONCE, notificationsEnabled: true };
      expect((await post(path, body)).json().status).toBe(200);
      await t.services.devices.drain();
      expect(await day()).toEqual({ effective: at0.effective + 1, fresh: at0.fresh + 1 });
    }
    // as if last active two days ago: the next heartbeat is the first of the day (counted), the one after is not
    await t.database.query(`UPDATE devices SET last_active_at = now() - interval '2 days' WHERE gaid = $1`, [
      ONCE,
    ]);
    for (let i = 0; i < 2; i++) {
      expect(
        (await post('/sdk/v1/heartbeat', { gaid: ONCE, notificationsEnabled: true })).json().status,
      ).toBe(200);
      await t.services.devices.drain();
      expect(await day()).toEqual({ effective: at0.effective + 2, fresh: at0.fresh + 1 });
    }
  });

  it('refuses bad events naming the field, and more than 500', async () => {
    const ts = Date.now();
    const cases: Array<[unknown, string]> = [
      [[{ type: 'opened', msgId: '1', ts }], 'events.0.type'],
      [[{ type: 'shown', msgId: 'abc', ts }], 'events.0.msgId'],
      [[{ type: 'shown', msgId: '1', ts: 'now' }], 'events.0.ts'],
      [[{ type: 'shown', msgId: '1', ts: ts + 3 * 24 * 3600e3 }], 'events.0.ts'],
      [[{ type: 'show_failed', msgId: '1', ts, reason: 'x' }], 'events.0.reason'],
      [[{ type: 'shown', msgId: '1', ts, recovered: true }], 'events.0.recovered'],
      [Array.from({ length: 501 }, () => ({ type: 'shown', msgId: '1', ts })), 'events'],
      [[], 'events'],
    ];
    for (const [events, field] of cases) {
      const res = await post('/sdk/v1/events', { gaid: GAID, events });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.fields[0].field).toBe(field);
    }
  });

  it('batches a burst of registrations into a few set-based writes', async () => {
    class CountingRepo extends DevicesRepository {
      calls: number[] = [];
      override async register(rows: RegisterRow[], q?: Queryable) {
        this.calls.push(rows.length);
        return super.register(rows, q);
      }
    }
    const repo = new CountingRepo(t.database);
    const service = new DevicesService(repo, new StatisticsWriter(t.database), {
      maxBatch: 500,
      maxDelayMs: 5,
    });
    const ids = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        service.register(appId, {
          ...device(),
          gaid: gaid(i),
          country: 'KE',
          language: 'sw',
          brand: 'INFINIX',
          model: 'HOT 30',
          operator: '',
        }),
      ),
    );
    expect(new Set(ids).size).toBe(1000);
    expect(repo.calls.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(repo.calls.length).toBeLessThanOrEqual(4);
  });

  it('runs event flushes side by side (PostgreSQL) without deadlock: each new bit counted once', async () => {
    // the 1,000 devices of the test above; 200 of them were dispatched one message
    const [m] = await t.database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at)
       VALUES ($1, 1, 1, 'Side by side', 'owner@example.com', '{}', 0, 200, 1, 86400, now()) RETURNING id::text AS id`,
      [appId],
    );
    const gaids = Array.from({ length: 200 }, (_, i) => gaid(i));
    await t.database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, sent_at)
       SELECT $1::bigint, d.id, 1, now() FROM devices d WHERE d.app_id = $2 AND d.gaid = ANY($3::uuid[])`,
      [m!.id, appId, gaids],
    );
    const service = new DevicesService(new DevicesRepository(t.database), new StatisticsWriter(t.database), {
      maxBatch: 100, // 10 events calls a flush
      maxDelayMs: 1,
      eventFlushes: 4,
    });
    // every device twice (received, then shown), the second pass in the opposite order: flushes overlap on rows
    const ts = Date.now() - 1000;
    const calls = [
      ...gaids.map((g) => ({ gaid: g, events: [{ type: 'received' as const, msgId: m!.id, ts }] })),
      ...[...gaids]
        .reverse()
        .map((g) => ({ gaid: g, events: [{ type: 'shown' as const, msgId: m!.id, ts }] })),
    ];
    await Promise.all(calls.map((c) => service.recordEvents(appId, c)));
    await service.drain();
    // the app's own counter (a second process, as far as this service knows) may have taken queued events and not
    // yet committed them: settle waits for this service's counting only, so the counts are read until they arrive
    const read = async () =>
      (
        await t.database.query<{ reach: number; show: number; masks: number }>(
          `SELECT reach_count AS reach, show_count AS show,
                  (SELECT count(*)::int FROM send_record_events WHERE message_id = $1 AND event_mask = 3) AS masks
           FROM messages WHERE id = $1`,
          [m!.id],
        )
      )[0];
    const counts = await until('the events counted', read, (c) => c?.reach === 200 && c.show === 200, 15_000);
    expect(counts).toEqual({ reach: 200, show: 200, masks: 200 });
  });

  it('runs registration flushes side by side (PostgreSQL) without deadlock: every device once, new ones counted once', async () => {
    const service = new DevicesService(new DevicesRepository(t.database), new StatisticsWriter(t.database), {
      maxBatch: 50,
      maxDelayMs: 1,
      eventFlushes: 4,
    });
    const newUsers = async () =>
      Number(
        (
          await t.database.query<{ n: string }>(
            "SELECT COALESCE(sum(new_users), 0)::text AS n FROM stat_user_days WHERE app_id = $1 AND country = 'GH'",
            [appId],
          )
        )[0]?.n,
      );
    const before = await newUsers();
    // 300 new devices, each registered twice, the second pass in the opposite order: flushes overlap on rows
    const gaids = Array.from({ length: 300 }, (_, i) => gaid(5000 + i));
    const reg = (g: string, token: string) =>
      service.register(appId, { ...device(), gaid: g, token, country: 'GH', language: 'en', operator: '' });
    const ids = await Promise.all([
      ...gaids.map((g) => reg(g, `first-${g}`)),
      ...[...gaids].reverse().map((g) => reg(g, `second-${g}`)),
    ]);
    await service.drain();
    expect(new Set(ids).size).toBe(300);
    // each device once, with one of its two tokens (which one: whichever flush committed last)
    const [rows] = await t.database.query<{ devices: number }>(
      `SELECT count(*)::int AS devices
       FROM devices d JOIN device_tokens k ON k.device_id = d.id WHERE d.app_id = $1 AND d.gaid = ANY($2::uuid[])`,
      [appId, gaids],
    );
    expect(rows!.devices).toBe(300);
    expect(await newUsers()).toBe(before + 300);
  });
});
