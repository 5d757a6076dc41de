import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// the topology is shared with `node scripts/topology.mjs` (plain ESM, typed by its .d.mts)
import { Topology } from '../../../../scripts/lib/topology.mjs';
import {
  API_PORT,
  FCM_CONTROL_PORT,
  startBeacon,
  startFcmEmulator,
  startPostgres,
  type BeaconHost,
  type PgHost,
} from '../../../../scripts/lib/topology-roles.mjs';
import { openDatabase, type Database } from '../db/client';
import { DEFAULT_SKIPPED_IDS } from '../db/message-ids';
import { postgresAt } from '../test/faults';
import { gaid } from '../test/devices';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/test-app';
import { call, topologyApp } from '../test/topology-app';
import { until } from '../test/until';
import { CLI, serverRoot } from '../test/cli';

// Exactly once across faults (issue 31 §4), on the host topology: a broadcast sent by two worker hosts, and in its
// middle a worker host killed, a worker host cut from the network and restored, PostgreSQL restarted, the PostgreSQL
// primary failed over to its (synchronous) replica, which Beacon follows through its multi-host DATABASE_URL. After each, the
// FCM emulator counts every device holding the message exactly once, and the message's counts reconcile. The
// emulator's devices report `received` through the device API (the SDK's receipts), by which a batch taken over
// resolves the sends its dead worker left in flight (docs/scaling.md, "Exactly once across faults").
// Sizes: EXACTLY_ONCE_DEVICES (default 2,000; the issue's 20,000 takes ~40 s of sending per case at the 500/s pace
// that keeps each fault inside the send on this 2-core machine), EXACTLY_ONCE_CUT_SECONDS (default 30, the issue's).

const DEVICES = Number(process.env.EXACTLY_ONCE_DEVICES ?? 2_000);
const CUT_SECONDS = Number(process.env.EXACTLY_ONCE_CUT_SECONDS ?? 30);
const PACE = 500;
const t0 = Date.now();
const step = (what: string) =>
  process.stderr.write(`exactly-once.test: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

describe('exactly once across faults on separate hosts: a worker killed, a worker cut off, PostgreSQL restarted and failed over', () => {
  let topo: Topology;
  let primary: PgHost;
  let replica: PgHost;
  let t: TestApp;
  /** Where the test reads the counts: the primary, then the promoted replica. */
  let reader: Database;
  let dbName: string;
  let base: string;
  let control: (path: string, body: unknown) => Promise<Record<string, unknown>>;
  let send: (title: string) => Promise<number>;
  let startWorker: (host: string) => Promise<BeaconHost>;
  const beacons: BeaconHost[] = [];
  const projectId = 'once-project';

  beforeAll(async () => {
    topo = await Topology.create(['api1', 'worker1', 'worker2', 'pg1', 'pg2', 'fcm']);
    [primary] = await Promise.all([startPostgres(topo, 'pg1'), startFcmEmulator(topo, 'fcm')]);
    replica = await startPostgres(topo, 'pg2', { primary });
    step('hosts up');
    t = await startTestApp(postgresAt(primary.socketUrl()));
    reader = t.database;
    dbName = new URL(t.database.url ?? '').pathname.slice(1);
    // synchronous replication: a commit returns once the replica has it, so a failover loses no acknowledged write
    await t.database.query(`ALTER SYSTEM SET synchronous_standby_names = '*'`);
    await t.database.query('SELECT pg_reload_conf()');
    const fcmControl = await topo.open('fcm-control', 'fcm', FCM_CONTROL_PORT);
    control = (path, body) =>
      call<Record<string, unknown>>(fcmControl.url(), `/emulator/v1${path}`, body).then((r) => r.json);
    const pkg = 'com.example.once';
    const { app, appSecret } = await topologyApp(t, control, {
      title: 'Once',
      pkg,
      projectId,
      fcmAddress: topo.address('fcm'),
    });
    // in calls of 500 (a large answer through the test's forwarder has stalled on a loaded machine)
    const tokens: string[] = [];
    while (tokens.length < DEVICES) {
      const r = (await control(`/projects/${projectId}/devices:batchCreate`, {
        count: Math.min(500, DEVICES - tokens.length),
        packageName: pkg,
      })) as { tokens: string[] };
      tokens.push(...r.tokens);
    }
    step('tokens made');
    // the devices, written straight to the database (registration is hosts.test's)
    await t.database.query(
      `WITH d AS (
         INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
         SELECT $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
         FROM generate_series(0, $2 - 1) g RETURNING id, gaid
       ) INSERT INTO device_tokens (device_id, token)
         SELECT d.id, (ARRAY(SELECT unnest($3::text[])))[(right(d.gaid::text, 12))::int + 1] FROM d`,
      [app.id, DEVICES, tokens],
    );
    // the project's FCM quota paces the send (PACE a second), so each fault lands inside it
    await t.database.query('UPDATE apps SET fcm_quota_per_min = $2 WHERE id = $1', [app.id, PACE * 60]);

    const env = {
      // both servers: the connections go to whichever is primary (db/hosts.ts)
      DATABASE_URL: `postgres://postgres@${topo.address('pg1')}:5432,${topo.address('pg2')}:5432/${dbName}`,
      FCM_BASE_URL: `http://${topo.address('fcm')}:4000`,
      PUBLIC_URL: 'http://beacon.test',
      BEACON_SECRET_KEY: TEST_SECRET,
      BEACON_JOB_MAINTENANCE_SECONDS: '1',
      // small batches (8 of 250 devices at 2,000) on both worker hosts; a lease of 5 s; receipts in 10 s (they lag on a loaded machine: 3 s left 400 devices sent twice)
      BEACON_PAGE_SIZE: '250',
      BEACON_BATCH_PAGES: '1',
      BEACON_DISPATCH_EXPIRE_SECONDS: '5',
      BEACON_RECEIPT_WINDOW_SECONDS: '10',
    };
    const opts = { cli: [...CLI], cwd: serverRoot, env };
    startWorker = async (host) => {
      const b = await startBeacon(topo, host, 'worker', opts);
      beacons.push(b);
      return b;
    };
    step('devices written');
    beacons.push(await startBeacon(topo, 'api1', 'api', opts));
    await Promise.all([startWorker('worker1'), startWorker('worker2')]);
    base = (await topo.open('api', 'api1', API_PORT)).url();
    // every device reports `received` for what it gets, through the device API (as the SDK does); in calls of 2,000
    // devices (the emulator takes a body of 1 MB at most: the issue's 20,000 in one call had its connection reset)
    for (let from = 0; from < DEVICES; from += 2000)
      await control(`/projects/${projectId}/receipts`, {
        apiBaseUrl: `http://${topo.address('api1')}:${API_PORT}`,
        appKey: app.appKey,
        appSecret,
        devices: Object.fromEntries(tokens.slice(from, from + 2000).map((tok, i) => [tok, gaid(from + i)])),
      });
    const login = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${base}/tcm/v1/user/login`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email: 'owner@example.com', password: 'Owner#2024' }));
    });
    send = async (title) => {
      const { json: saved } = await call<{ status: number; msg: string; data: { id: number } }>(
        base,
        `/tcm/v1/app/${app.id}/msg/save`,
        {
          msgType: 1,
          title,
          pushCount: DEVICES,
          targetingType: 0,
          scheduleType: 1,
          data: NOTIFICATION,
        },
        { cookie: login },
      );
      expect(saved.status, saved.msg).toBe(200);
      return saved.data.id;
    };
    step('started');
  }, 600_000);
  afterAll(async () => {
    if (reader !== t?.database) await reader?.close().catch(() => undefined);
    await t?.close();
    await topo?.destroy();
  });

  /** The message's counts (undefined while the database does not answer). */
  const countsOf = async (id: number) =>
    (
      await reader
        .query<{ status: number; target: number; dispatched: number; lost: number }>(
          `SELECT status, target_count AS target, dispatch_count AS dispatched, lost_count AS lost
           FROM messages WHERE id = $1`,
          [id],
        )
        .catch(() => [])
    )[0];

  /** Waits until `share` of the devices are recorded dispatched: the fault lands mid-send. */
  const midSend = (id: number, share = 0.25) =>
    until(
      'mid-send',
      () => countsOf(id),
      (c) => (c?.dispatched ?? 0) >= DEVICES * share,
      120_000,
      50,
    );

  /** The message sent: every device exactly once at FCM, and its counts reconciled. */
  const exactlyOnce = async (id: number, what: string) => {
    const done = await until(
      'sent',
      () => countsOf(id),
      (c) => c?.status === 1,
      150_000,
      250,
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}\n${beacons.map((b) => `--- ${b.host}\n${b.out().slice(-3000)}`).join('\n')}`,
      );
    });
    const { byCount } = (await control(`/projects/${projectId}/deliveries:count`, {
      collapseKey: String(id),
    })) as { byCount: Record<string, number> };
    step(`${what}: FCM holds ${JSON.stringify(byCount)}, counts ${JSON.stringify(done)}`);
    expect(byCount).toEqual({ 1: DEVICES });
    expect(done).toEqual({ status: 1, target: DEVICES, dispatched: DEVICES, lost: 0 });
    const [records] = await reader.query<{ sent: number; other: number }>(
      `SELECT count(*) FILTER (WHERE outcome = 1)::int AS sent, count(*) FILTER (WHERE outcome <> 1)::int AS other
       FROM send_records WHERE message_id = $1`,
      [id],
    );
    expect(records).toEqual({ sent: DEVICES, other: 0 });
  };

  // The sends left in flight (by the killed worker, or the survivor's own requests cut when it lost a lease under
  // load) are resolved by the devices' receipts, which reached the device API 3–30 s after FCM took the send on this
  // loaded machine (its backlog). Resolved once the receipt window ran out, they missed the receipts still queued:
  // 100–481 devices sent twice in 5 of 12 runs. The resolution now also waits until the device API applies events
  // stamped after those sends, or none for a while (message_receipts; docs/scaling.md, "Exactly once across faults").
  it('a worker host killed mid-broadcast: the other takes its batches over; no device twice, none missed', async () => {
    const id = await send('Killed');
    await midSend(id);
    topo.kill('worker1');
    step('worker1 killed');
    await exactlyOnce(id, 'kill');
    await startWorker('worker1');
  }, 300_000);

  it(`a worker host cut off for ${CUT_SECONDS} s and back: what it held is taken over, it sends nothing after`, async () => {
    const id = await send('Cut off');
    await midSend(id);
    await topo.cut('worker1');
    step('worker1 cut');
    await new Promise((r) => setTimeout(r, CUT_SECONDS * 1000));
    await topo.restore('worker1');
    step('worker1 restored');
    await exactlyOnce(id, 'cut');
  }, 300_000);

  it('PostgreSQL restarted mid-broadcast: the workers reconnect; no device twice, none missed', async () => {
    const id = await send('Restarted');
    await midSend(id);
    step('restarting PostgreSQL');
    await primary.restart(2_000);
    step('PostgreSQL back');
    await exactlyOnce(id, 'restart');
  }, 300_000);

  // last: the primary is gone after it
  it('the PostgreSQL primary failed over to the replica mid-broadcast: Beacon follows it without a restart', async () => {
    const id = await send('Failed over');
    await midSend(id);
    topo.kill('pg1');
    step('pg1 killed');
    await replica.promote();
    step('pg2 promoted');
    reader = await openDatabase({ url: replica.socketUrl(dbName), poolSize: 2 });
    await exactlyOnce(id, 'failover');
    // the promoted replica is on a new timeline: the next message id moves past any the old primary may have handed
    // out unreplicated (migration 0064), once
    const [next] = await reader.query<{ id: string }>('SELECT next_message_id()::text AS id');
    const [seen] = await reader.query<{ timeline: string }>(
      'SELECT timeline::text AS timeline FROM db_timeline',
    );
    expect(seen!.timeline).toBe('2');
    expect(Number(next!.id) - id - DEFAULT_SKIPPED_IDS).toBeGreaterThanOrEqual(1);
    expect(Number(next!.id) - id - DEFAULT_SKIPPED_IDS).toBeLessThanOrEqual(33);
  }, 300_000);
});
