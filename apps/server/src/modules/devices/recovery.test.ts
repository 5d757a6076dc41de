// Missed-push recovery end to end (issue 32 §1): the real engine sends through the FCM emulator to a simulated fleet
// whose battery-killed devices drop the push; the devices that open the app within the message's TTL get it back from
// the heartbeat, show it and report it received as recovered — exactly those, each once — and the statistics count
// them apart (funnel, loss reasons, by brand and model) while reach counts every device once.
import type { AddressInfo } from 'node:net';
import {
  Fleet,
  generateFleetDevices,
  startEmulator,
  type FcmEmulator,
  type FleetDevice,
} from '@beacon/fcm-emulator';
import { EVENT_BITS, RECOVERED_BIT } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { MISSED_SQL, missedParams, RecoveryRepository } from './recovery.repository';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

const COUNT = 40;
const SEED = 3232;
const SHARES = { notificationsOffPct: 0, uninstalledPct: 0, offlinePct: 0 };
const RECEIVED = EVENT_BITS.received;

/** The two most common brands of the fleet: the battery killer's. */
function killerBrands(): string[] {
  const counts = new Map<string, number>();
  for (const d of generateFleetDevices(COUNT, SEED, SHARES))
    counts.set(d.attributes.brand, (counts.get(d.attributes.brand) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([b]) => b);
}

describe.each(backends())('missed-push recovery with a battery-killed fleet [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let fleet: Fleet;
  let devices: readonly FleetDevice[];
  let msgId: number;
  let killed: string[];
  let auth = '';

  const masks = async () => {
    const rows = await t.database.query<{ gaid: string; mask: number }>(
      `SELECT d.gaid::text AS gaid, s.event_mask AS mask FROM send_record_events s JOIN devices d ON d.id = s.device_id
       WHERE s.message_id = $1`,
      [msgId],
    );
    return new Map(rows.map((r) => [r.gaid, r.mask]));
  };
  const data = async <T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> => {
    const res = await owner.call(method, url, body);
    expect(res.json<{ status: number }>().status, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.shop',
      projectId: 'shop-recovery',
    });
    owner = created.owner;
    appId = created.app.id;
    auth = created.sdkAuth;
    fleet = new Fleet({
      emulator: emu,
      projectId: created.projectId,
      packageName: created.pkg,
      apiBaseUrl: `http://127.0.0.1:${port}`,
      appKey: created.app.appKey,
      appSecret: created.appSecret,
      count: COUNT,
      seed: SEED,
      ...SHARES,
      // slow enough that a device's receipt follows the engine's write of its send record (an earlier one is a stray)
      behaviour: { delayScale: 0.2, pShown: 1 },
      // no open delay: the test opens the apps
      batteryKiller: { brands: killerBrands(), share: 0.7 },
    });
    devices = fleet.devices();
    killed = fleet.batteryKilledDevices();
    expect(killed.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
    await emu?.close();
  });

  it('the setting: off by default, bounds checked by the shared rule (400 naming the field), owner may set it', async () => {
    expect(await data('POST', `/tcm/v1/app/${appId}/push-recovery`)).toEqual({
      enabled: false,
      maxAgeHours: 12,
      maxCount: 3,
    });
    const bad = await owner.post(`/tcm/v1/app/${appId}/push-recovery/save`, {
      enabled: true,
      maxAgeHours: 13,
      maxCount: 0,
    });
    expect(bad.json()).toMatchObject({
      status: 400,
      data: { fields: expect.arrayContaining([{ field: 'maxAgeHours', message: expect.any(String) }]) },
    });
    expect(JSON.stringify(bad.json())).toContain('maxCount');
    // on before any device calls: the device API caches an app's setting with its credentials for 30 s
    expect(
      await data('POST', `/tcm/v1/app/${appId}/push-recovery/save`, {
        enabled: true,
        maxAgeHours: 12,
        maxCount: 3,
      }),
    ).toEqual({ enabled: true, maxAgeHours: 12, maxCount: 3 });
  });

  it('sends; the battery-killed devices drop it, every other device reports it', async () => {
    expect(await fleet.start()).toEqual({ registered: COUNT, failed: 0 });
    const saved = await data<{ id: number }>('POST', `/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Flash sale',
      pushCount: COUNT,
      targetingType: 0,
      scheduleType: 1,
      timeToLive: 3600,
    });
    msgId = saved.id;
    await until(
      'sent',
      () => data<{ status: number }>('POST', `/tcm/v1/app/${appId}/msg/detail`, { id: msgId }),
      (d) => d.status === 1,
    );
    const awake = devices.filter((d) => !killed.includes(d.gaid));
    const m = await until('every awake device reports received', masks, (x) =>
      awake.every((d) => ((x.get(d.gaid) ?? 0) & RECEIVED) !== 0),
    );
    expect(m.size).toBe(COUNT);
    for (const g of killed) expect(m.get(g)).toBe(0);
    expect(fleet.stats().deliveries).toBe(COUNT);
  });

  it('wins back exactly the devices that opened the app within the TTL, and none twice', async () => {
    const third = Math.floor(killed.length / 3);
    const opensInTime = killed.slice(0, third);
    const opensLate = killed.slice(third, third * 2); // opens after the TTL
    const neverOpens = killed.slice(third * 2);
    // the late ones' send is older than the message's TTL (3600 s) but within the app's bound (12 h)
    await t.database.query(
      `UPDATE send_records s SET sent_at = now() - interval '2 hours' FROM devices d
       WHERE d.id = s.device_id AND s.message_id = $1 AND d.gaid = ANY($2::uuid[])`,
      [msgId, opensLate],
    );
    // what the SDK gets: the push's own content (the engine's data map), newest first
    const beat = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/heartbeat',
      headers: { authorization: auth },
      payload: { gaid: opensInTime[0], notificationsEnabled: true },
    });
    expect(beat.json().data).toEqual({
      recovered: [
        {
          msgId: String(msgId),
          sentAt: expect.any(String),
          title: NOTIFICATION.noti_title,
          body: NOTIFICATION.noti_desc,
          data: expect.objectContaining({
            tcm_msg_id: String(msgId),
            tcm_msg_ttl: '3600',
            noti_title: NOTIFICATION.noti_title,
            noti_small_icon: expect.stringMatching(/^https?:\/\/.+\/files\/icon\.png$/),
          }),
        },
      ],
    });
    for (const g of opensInTime) expect(await fleet.openApp(g)).toBe(1);
    for (const g of opensLate) expect(await fleet.openApp(g)).toBe(0);
    const m = await until('the recovered receipts counted', masks, (x) =>
      opensInTime.every((g) => ((x.get(g) ?? 0) & (RECEIVED | RECOVERED_BIT)) === RECEIVED + RECOVERED_BIT),
    );
    for (const g of [...opensLate, ...neverOpens]) expect(m.get(g)).toBe(0);
    // the same devices open the app again: nothing left to recover
    for (const g of opensInTime) expect(await fleet.openApp(g)).toBe(0);
    await until('shown after recovery', masks, (x) =>
      opensInTime.every((g) => ((x.get(g) ?? 0) & EVENT_BITS.shown) !== 0),
    );
    // a repeated recovered receipt (an SDK retrying) counts nothing again
    const res = await fleetEvents(opensInTime[0]!);
    expect(res).toBe(200);

    const reach = COUNT - opensLate.length - neverOpens.length;
    await until(
      'the funnel',
      () => data<Record<string, number>>('GET', `/tcm/v1/app/${appId}/msg/${msgId}/funnel`),
      (f) => f.targetReach === reach && f.recovered === opensInTime.length,
    );
    const funnel = await data<Record<string, number>>('GET', `/tcm/v1/app/${appId}/msg/${msgId}/funnel`);
    expect(funnel).toMatchObject({
      push: COUNT,
      channelReach: COUNT,
      targetReach: reach,
      recovered: opensInTime.length,
    });
    const lose = await data<{ recovered: number; total: number }>(
      'GET',
      `/tcm/v1/app/${appId}/msg/${msgId}/lose`,
    );
    expect(lose).toMatchObject({ total: COUNT, recovered: opensInTime.length });
    const byModel = await data<{
      total: number;
      rows: Array<{ brand: string; model: string; recovered: number }>;
    }>('GET', `/tcm/v1/app/${appId}/msg/${msgId}/recovered`);
    const expected = new Map<string, number>();
    for (const g of opensInTime) {
      const a = devices.find((d) => d.gaid === g)!.attributes;
      const k = `${a.brand.toUpperCase()}/${a.model.toUpperCase()}`;
      expected.set(k, (expected.get(k) ?? 0) + 1);
    }
    expect(byModel.total).toBe(opensInTime.length);
    expect(new Map(byModel.rows.map((r) => [`${r.brand}/${r.model}`, r.recovered]))).toEqual(expected);
    expect(fleet.stats()).toMatchObject({ recovered: opensInTime.length, batteryKilled: killed.length });
  });

  it("shows a push with templates again rendered with the device's own values, never as the template", async () => {
    const neverOpens = killed.slice(Math.floor(killed.length / 3) * 2);
    const saved = await data<{ id: number }>('POST', `/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: {
        ...NOTIFICATION,
        noti_title: 'For {{ device.model | upcase }}',
        noti_desc: 'Hi {{ user.id | default: "you" }}',
      },
      title: 'Personal',
      pushCount: COUNT,
      targetingType: 0,
      scheduleType: 1,
      timeToLive: 3600,
    });
    await until(
      'sent',
      () => data<{ status: number }>('POST', `/tcm/v1/app/${appId}/msg/detail`, { id: saved.id }),
      (d) => d.status === 1,
    );
    const gaid = neverOpens[0]!;
    const model = devices.find((d) => d.gaid === gaid)!.attributes.model;
    const beat = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/heartbeat',
      headers: { authorization: auth },
      payload: { gaid, notificationsEnabled: true },
    });
    const recovered = beat.json<{
      data: { recovered: Array<{ msgId: string; title: string; body: string }> };
    }>().data.recovered;
    // newest first: the personal one, then the flash sale this device never got either
    expect(recovered.map((r) => r.msgId)).toEqual([String(saved.id), String(msgId)]);
    expect(recovered[0]).toMatchObject({ title: `For ${model.toUpperCase()}`, body: 'Hi you' });
    expect(JSON.stringify(recovered)).not.toContain('{{');
  });

  it("reads only the partitions of send_records that can hold a recoverable send, not every kept week's", async () => {
    const partitions = await t.database.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'send_records'::regclass`,
    );
    expect(partitions.length).toBeGreaterThanOrEqual(3);
    const [holder] = await t.database.query<{ name: string }>(
      `SELECT tableoid::regclass::text AS name FROM send_records WHERE message_id = $1 LIMIT 1`,
      [msgId],
    );
    const [explained] = await t.database.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${MISSED_SQL}`,
      missedParams([{ appId, gaid: killed[0]!, maxAgeHours: 12, maxCount: 3 }]),
    );
    const plan: unknown = explained!['QUERY PLAN'];
    const read = new Set<string>();
    const walk = (node: Record<string, unknown>): void => {
      const rel = node['Relation Name'];
      if (typeof rel === 'string' && rel.startsWith('send_records') && Number(node['Actual Loops']) > 0)
        read.add(rel);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
      Plan: Record<string, unknown>;
    }>;
    walk(root[0]!.Plan);
    expect([...read]).toEqual([holder!.name]);
  });

  it("answers each device its newest missed sends, at most the app's count, of messages neither stopped nor recalled", async () => {
    // a device is sent four more notifications 10, 20, 30 and 40 minutes ago (older than the ones it may have missed
    // in this file's earlier tests), none reported; the second stopped and the fourth recalled since. Another device in
    // the same batch keeps its own answer
    const repo = new RecoveryRepository(t.database);
    const ask = (gaid: string, maxCount: number) => ({ appId, gaid, maxAgeHours: 12, maxCount });
    const [reporter, other] = devices.map((d) => d.gaid) as [string, string];
    const ids = (xs: Array<{ messageId: string }>) => xs.map((m) => m.messageId);
    // the awake devices' receipts of the earlier tests' sends come in late on a loaded machine (the fleet's delays):
    // one landing between the two readings below takes a send out of what the device missed
    const awake = devices.filter((d) => !killed.includes(d.gaid)).map((d) => d.gaid);
    await until(
      "the awake devices' receipts",
      async () =>
        (
          await t.database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM send_record_events s JOIN devices d ON d.id = s.device_id
             JOIN messages m ON m.id = s.message_id
             WHERE m.app_id = $1 AND d.gaid = ANY($2::uuid[]) AND s.event_mask & $3 = 0`,
            [appId, awake, RECEIVED],
          )
        )[0]!.n,
      (n) => n === 0,
    );
    const earlier = ids(await repo.missed([ask(reporter, 50)]));
    const alone = ids(await repo.missed([ask(other, 3)]));
    const made = await t.database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
         schedule_type, ttl_seconds, content_create_type, created_at, started_at)
       SELECT $1::int, 1, CASE k WHEN 2 THEN 3 WHEN 4 THEN 8 ELSE 4 END, 'Missed ' || k, 'owner@example.com',
         '{}'::jsonb, 0, 1, 0, 86400, 0, now() - interval '1 hour', now() - interval '1 hour'
       FROM generate_series(1, 4) AS k ORDER BY k RETURNING id::text AS id`,
      [appId],
    );
    const fresh = made.map((r) => r.id);
    await t.database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, sent_at)
       SELECT m.id, d.id, 1, now() - make_interval(mins => 10 * m.k::int)
       FROM unnest($1::bigint[]) WITH ORDINALITY AS m(id, k), devices d WHERE d.app_id = $2 AND d.gaid = $3::uuid`,
      [fresh, appId, reporter],
    );
    try {
      const n = earlier.length;
      const two = await repo.missed([ask(other, 3), ask(reporter, n + 2)]);
      expect(ids(two.filter((m) => m.index === 0))).toEqual(alone);
      // newest first, the stopped one left out, the recalled one too
      expect(ids(two.filter((m) => m.index === 1))).toEqual([...earlier, fresh[0], fresh[2]]);
      // the count bounds what remains, the oldest left out
      expect(ids(await repo.missed([ask(reporter, n + 1)]))).toEqual([...earlier, fresh[0]]);
      const all = await repo.missed([ask(reporter, n + 5)]);
      expect(ids(all)).toEqual([...earlier, fresh[0], fresh[2]]);
      const times = all.map((m) => m.sentAt.getTime());
      expect(times).toEqual([...times].sort((x, y) => y - x));
    } finally {
      await t.database.query('DELETE FROM send_records WHERE message_id = ANY($1::bigint[])', [fresh]);
      await t.database.query('DELETE FROM messages WHERE id = ANY($1::bigint[])', [fresh]);
    }
  });

  /** Reports a recovered receipt again for the device's message, as a retrying SDK would; returns the status. */
  async function fleetEvents(gaid: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/events',
      headers: { authorization: auth },
      payload: { gaid, events: [{ type: 'received', msgId, ts: Date.now(), recovered: true }] },
    });
    return res.json<{ status: number }>().status;
  }
});
