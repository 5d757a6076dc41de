// Custom events (issue 33 §2) through the real device API and console API: every limit's 400 naming its field, the
// property types fixed by first use, a bad call batched with good ones, a redelivered event stored and counted once,
// the daily counts against hand-computed figures, troubleshooting's recent events, deleting a name, and retention.
import { CUSTOM_EVENT_LIMITS } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainPartitions, periodStart, suffixOf } from '../../db/partitions';
import { backends } from '../../test/databases';
import { gaid, registerSdkDevice, sdkAuthOf, sdkDevice } from '../../test/devices';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

const DAY = 86_400_000;
const NOW = Date.now();
/** Midday UTC of `n` days ago: events on a known UTC day, inside the 7 days the device API accepts. */
const noonDaysAgo = (n: number) => Math.floor(NOW / DAY) * DAY - n * DAY + DAY / 2;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

describe.each(backends())('custom events /sdk/v1/track [$name]', (backend) => {
  let t: TestApp;
  let auth: string;
  let appId: number;
  let owner: TestClient;

  const track = (body: unknown, authorization = auth) =>
    t.app.inject({
      method: 'POST',
      url: '/sdk/v1/track',
      headers: { authorization },
      payload: body as object,
    });
  const ok = async (body: unknown) => {
    const res = await track(body);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    return res.json<{ data: { accepted: number } }>().data;
  };
  const refused = async (body: unknown) => {
    const res = await track(body);
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ msg: string; data: { fields: Array<{ field: string }> } }>();
  };
  const data = async <T>(url: string): Promise<T> => {
    const res = await owner.call('GET', url);
    expect(res.json<{ status: number }>().status, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const stored = async () =>
    Number((await t.database.query<{ n: string }>('SELECT count(*)::text AS n FROM custom_events'))[0]?.n);
  const settle = async () => {
    // the counting runs off the request path: the report's requests wait for it (withCountsSettled)
    await data(`/tcm/v1/app/${appId}/report/custom-events`);
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 100);
    const session = await t.services.users.resolveSession(
      await t.services.users.openSession(1, { ip: '', userAgent: '' }),
    );
    const { app, appSecret } = await t.services.apps.create({
      title: 'Shop',
      pkg: 'com.example.shop',
      owner: { userId: session!.user.id, email: session!.user.email },
    });
    appId = app.id;
    auth = sdkAuthOf(app, appSecret);
    for (const i of [1, 2, 3]) await registerSdkDevice(t, auth, sdkDevice(i));
    owner = new TestClient(t.app);
    expect((await owner.login('owner@example.com', 'Owner#2024')).json().status).toBe(200);
  });
  afterAll(async () => t.close());

  it('answers 401 without the app’s credentials and 404 for a device the app never registered', async () => {
    expect((await track({ gaid: gaid(1), events: [{ name: 'open' }] }, '')).statusCode).toBe(401);
    const res = await track({ gaid: gaid(99), events: [{ name: 'open' }] });
    expect(res.json()).toMatchObject({ status: 404 });
    expect(await stored()).toBe(0);
  });

  const bad: Array<[string, unknown[], string?]> = [
    ['events.0.name', [{ name: '9lives' }]],
    ['events.0.name', [{ name: 'has space' }]],
    ['events.0.name', [{ name: `a${'b'.repeat(64)}` }]],
    ['events.1.properties.9x', [{ name: 'ok' }, { name: 'ok', properties: { '9x': 1 } }]],
    ['events.0.properties.price', [{ name: 'buy', properties: { price: { amount: 1 } } }]],
    ['events.0.properties.note', [{ name: 'buy', properties: { note: 'x'.repeat(257) } }]],
    ['events.0.properties.list', [{ name: 'buy', properties: { list: [1, 2] } }]],
    [
      'events.0.properties',
      [{ name: 'buy', properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])) }],
    ],
    ['events.0.at', [{ name: 'old', at: NOW - 8 * DAY }]],
    ['events.0.at', [{ name: 'soon', at: NOW + 10 * 60_000 }]],
    ['events.0.at', [{ name: 'frac', at: NOW + 0.5 }]],
    // an unknown key is named by the object that has it, as on every route
    ['events.0', [{ name: 'buy', extra: 1 }], 'extra'],
    ['events', []],
    ['events', Array.from({ length: 51 }, () => ({ name: 'many' }))],
  ];
  it.each(bad)('refuses %s with status 400 naming it, storing nothing', async (field, events, said) => {
    const body = await refused({ gaid: gaid(1), events });
    expect(body.data.fields.map((f) => f.field)).toContain(field);
    expect(body.msg).toContain(said ?? field);
    expect(await stored()).toBe(0);
  });

  it('names the field in the reader’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/track',
      headers: { authorization: auth, 'accept-language': 'fr' },
      payload: { gaid: gaid(1), events: [{ name: 'buy', properties: { note: 'x'.repeat(257) } }] },
    });
    expect(res.json().msg).toContain('events.0.properties.note');
    expect(res.json().msg).toContain('256');
  });

  it('stores accepted events with their properties; a property keeps the type of its first use', async () => {
    const at = noonDaysAgo(2);
    expect(
      await ok({
        gaid: gaid(1),
        events: [
          { name: 'purchase', at, properties: { price: 9.5, sku: 'A-1', gift: false } },
          { name: 'purchase', at: at + 1000, properties: { price: 3 } },
        ],
      }),
    ).toEqual({ accepted: 2 });
    const res = await refused({
      gaid: gaid(2),
      events: [{ name: 'open' }, { name: 'purchase', at, properties: { price: '9.50' } }],
    });
    expect(res.data.fields[0]?.field).toBe('events.1.properties.price');
    expect(res.msg).toContain('must be a number, as first reported');
    // within one call too: the first use fixes the type for the rest of the call
    const within = await refused({
      gaid: gaid(2),
      events: [
        { name: 'share', properties: { to: 'mail' } },
        { name: 'share', properties: { to: 3 } },
      ],
    });
    expect(within.data.fields[0]?.field).toBe('events.1.properties.to');
    const [row] = await t.database.query<{ types: unknown }>(
      `SELECT property_types AS types FROM app_event_names WHERE app_id = $1 AND name = 'purchase'`,
      [appId],
    );
    expect(row?.types).toEqual({ price: 'number', sku: 'string', gift: 'boolean' });
    // the refused calls stored nothing and added no name
    expect(await stored()).toBe(2);
    const names = await t.database.query('SELECT 1 FROM app_event_names WHERE app_id = $1', [appId]);
    expect(names.length).toBe(1);
  });

  it('stores a redelivered event once and counts it once', async () => {
    const event = { name: 'purchase', at: noonDaysAgo(2) + 5000, properties: { price: 1 } };
    await ok({ gaid: gaid(2), events: [event] });
    await ok({ gaid: gaid(2), events: [event, event] });
    const rows = await t.database.query(
      `SELECT 1 FROM custom_events e JOIN devices d ON d.id = e.device_id WHERE d.gaid = $1`,
      [gaid(2)],
    );
    expect(rows.length).toBe(1);
  });

  it('a bad call batched with good ones fails alone', async () => {
    const before = await stored();
    const at = noonDaysAgo(1);
    const calls = await Promise.all([
      track({ gaid: gaid(1), events: [{ name: 'view', at, properties: { screen: 'home' } }] }),
      track({ gaid: gaid(2), events: [{ name: 'view', at, properties: { screen: 'cart' } }] }),
      track({ gaid: gaid(3), events: [{ name: 'purchase', at, properties: { price: 'free' } }] }),
      track({ gaid: gaid(98), events: [{ name: 'view', at }] }),
      track({
        gaid: gaid(3),
        events: [
          { name: 'view', at },
          { name: 'view', at: at + 1 },
        ],
      }),
    ]);
    expect(calls.map((c) => c.json<{ status: number }>().status)).toEqual([200, 200, 400, 404, 200]);
    expect(await stored()).toBe(before + 4);
  });

  it('counts events and devices by UTC day and name (hand-computed)', async () => {
    // so far: day −2: purchase ×2 by device 1, ×1 by device 2 (its redelivery once); day −1: view ×1 by devices 1
    // and 2, ×2 by device 3
    await settle();
    const r = await data<{ dated: Array<{ date: string; name: string; events: number; devices: number }> }>(
      `/tcm/v1/app/${appId}/report/custom-events?start=${dayOf(noonDaysAgo(3))}&end=${dayOf(NOW)}`,
    );
    expect(r.dated).toEqual([
      { date: dayOf(noonDaysAgo(2)), name: 'purchase', events: 3, devices: 2 },
      { date: dayOf(noonDaysAgo(1)), name: 'view', events: 4, devices: 3 },
    ]);
    // the same again, redelivered: nothing moves
    await ok({ gaid: gaid(3), events: [{ name: 'view', at: noonDaysAgo(1) }] });
    await settle();
    const again = await data<typeof r>(
      `/tcm/v1/app/${appId}/report/custom-events?start=${dayOf(noonDaysAgo(3))}&end=${dayOf(NOW)}`,
    );
    expect(again.dated).toEqual(r.dated);
    const days = await t.database.query<{ events: number }>(
      `SELECT c.events FROM custom_event_days c JOIN devices d ON d.id = c.device_id
       JOIN app_event_names n ON n.id = c.name_id WHERE d.gaid = $1 AND n.name = 'view'`,
      [gaid(3)],
    );
    expect(days).toEqual([{ events: 2 }]);
  });

  it('exports the report as CSV', async () => {
    const res = await owner.call(
      'GET',
      `/tcm/v1/app/${appId}/report/custom-events/export?start=${dayOf(noonDaysAgo(3))}&end=${dayOf(NOW)}`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('date,name,events,devices');
    expect(lines).toContain(`${dayOf(noonDaysAgo(1))},view,4,3`);
  });

  it('lists the names with their property types and counts; troubleshooting shows a device’s recent events', async () => {
    const names = await data<{
      list: Array<{ name: string; events: number; properties: Array<{ key: string; type: string }> }>;
      total: number;
      limits: { namesPerApp: number };
    }>(`/tcm/v1/app/${appId}/custom-events/names?pageSize=1`);
    expect(names.total).toBe(2);
    expect(names.limits.namesPerApp).toBe(CUSTOM_EVENT_LIMITS.namesPerApp);
    expect(names.list).toMatchObject([
      {
        name: 'purchase',
        events: 3,
        properties: [
          { key: 'gift', type: 'boolean' },
          { key: 'price', type: 'number' },
          { key: 'sku', type: 'string' },
        ],
      },
    ]);
    const info = await owner.post(`/tcm/v1/app/${appId}/instance/info/query`, { instanceId: gaid(1) });
    expect(info.json().data.customEvents).toEqual([
      { name: 'view', at: new Date(noonDaysAgo(1)).toISOString(), properties: { screen: 'home' } },
      {
        name: 'purchase',
        at: new Date(noonDaysAgo(2) + 1000).toISOString(),
        properties: { price: 3 },
      },
      {
        name: 'purchase',
        at: new Date(noonDaysAgo(2)).toISOString(),
        properties: { price: 9.5, sku: 'A-1', gift: false },
      },
    ]);
  });

  it('refuses a new name beyond the app’s 200, and takes one again once a name is deleted', async () => {
    const have = (await t.database.query('SELECT 1 FROM app_event_names WHERE app_id = $1', [appId])).length;
    for (let i = have; i < CUSTOM_EVENT_LIMITS.namesPerApp; i += 50)
      await ok({
        gaid: gaid(1),
        events: Array.from({ length: Math.min(50, CUSTOM_EVENT_LIMITS.namesPerApp - i) }, (_, k) => ({
          name: `e${i + k}`,
        })),
      });
    const over = await refused({ gaid: gaid(1), events: [{ name: 'view' }, { name: 'one_more' }] });
    expect(over.data.fields[0]?.field).toBe('events.1.name');
    expect(over.msg).toContain('200');
    // a known name still goes in
    await ok({ gaid: gaid(1), events: [{ name: 'view' }] });

    const [view] = await t.database.query<{ id: number }>(
      `SELECT id FROM app_event_names WHERE app_id = $1 AND name = 'view'`,
      [appId],
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/tcm/v1/app/${appId}/custom-events/names/${view!.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.json(), del.body).toMatchObject({ status: 200 });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/tcm/v1/app/${appId}/custom-events/names/${view!.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(again.json()).toMatchObject({ status: 404 });
    await ok({ gaid: gaid(1), events: [{ name: 'one_more' }] });
    await settle();
    const r = await data<{ names: string[] }>(
      `/tcm/v1/app/${appId}/report/custom-events?start=${dayOf(noonDaysAgo(3))}&end=${dayOf(NOW)}`,
    );
    expect(r.names).not.toContain('view');
    const info = await owner.post(`/tcm/v1/app/${appId}/instance/info/query`, { instanceId: gaid(3) });
    expect(info.json().data.customEvents).toEqual([]);
  });

  it('keeps events for the retention: a week’s partition goes once it ended more than the retention ago', async () => {
    const now = new Date(NOW);
    await maintainPartitions(t.database, { now, retentionDays: 30 });
    const current = `custom_events_${suffixOf(periodStart(now))}`;
    const exists = async (name: string) =>
      (await t.database.query<{ oid: string | null }>('SELECT to_regclass($1)::text AS oid', [name]))[0]
        ?.oid != null;
    expect(await exists(current)).toBe(true);
    const before = await stored();
    expect(before).toBeGreaterThan(0);
    // 60 days on, every week holding these events ended more than 30 days ago
    const later = new Date(NOW + 60 * DAY);
    const report = await maintainPartitions(t.database, { now: later, retentionDays: 30 });
    expect(report.customEventsDropped).toContain(current);
    expect(await stored()).toBe(0);
    const days = await t.database.query('SELECT 1 FROM custom_event_days');
    expect(days.length).toBe(0);
    // the daily counts are statistics: they outlive the events
    const counts = await t.database.query('SELECT 1 FROM stat_custom_events WHERE app_id = $1', [appId]);
    expect(counts.length).toBeGreaterThan(0);
  });
});
