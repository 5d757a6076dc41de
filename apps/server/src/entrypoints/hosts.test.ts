import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@beacon/shared';
// the topology is shared with `node scripts/topology.mjs` (plain ESM, typed by its .d.mts)
import { Topology } from '../../../../scripts/lib/topology.mjs';
import {
  API_PORT,
  FCM_CONTROL_PORT,
  NATS_HOSTS,
  startBeacon,
  startFcmEmulator,
  startNats,
  startPostgres,
  TOPOLOGY_HOSTS,
  type BeaconHost,
  type NatsHosts,
  type PgHost,
} from '../../../../scripts/lib/topology-roles.mjs';
import { postgresAt } from '../test/faults';
import { gaid, sdkAuthOf, sdkDevice } from '../test/devices';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/test-app';
import { call, sdkCallsOf, startApiAndWorkers, topologyApp } from '../test/topology-app';
import { until } from '../test/until';
import { CLI, serverRoot } from '../test/cli';

// Beacon on separate network hosts (issue 31 §1): two API hosts behind a round-robin balancer, two worker hosts, a
// PostgreSQL primary and its streaming replica, three NATS hosts (the device events' JetStream log) and the FCM
// emulator, each in its own network namespace with an address that exists only there. Devices register through the
// balancer (each API host takes its share), a broadcast reaches every device exactly once (counted by the emulator),
// their receipts reach the statistics through JetStream with one NATS host killed on the way, the replica holds what
// the primary wrote, and four
// sending processes on the two worker hosts keep together to the project's FCM quota (issue 31 §3).
// The faults of §4 (a worker host killed or cut off, PostgreSQL restarted or failed over) build on this topology: a
// worker host killed at 250 sends/s mid-broadcast re-sent 394 of 2,000 devices on today's engine (its sends not yet
// recorded), which is that item's work.

const DEVICES = 1_000;
const t0 = Date.now();
/** Progress on stderr: a slow step on a loaded machine is then visible in the output. */
const step = (what: string) =>
  process.stderr.write(`hosts.test: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

async function inParallel(n: number, width: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

describe('Beacon on separate hosts: 2 API, 2 worker, PostgreSQL primary + replica, 3 NATS, FCM', () => {
  let topo: Topology;
  let primary: PgHost;
  let replica: PgHost;
  let nats: NatsHosts;
  let t: TestApp;
  const beacons: BeaconHost[] = [];

  beforeAll(async () => {
    // the hosts `node scripts/topology.mjs` starts by hand
    topo = await Topology.create(TOPOLOGY_HOSTS);
    [primary, nats] = await Promise.all([startPostgres(topo, 'pg1'), startNats(topo, NATS_HOSTS)]);
    [replica] = await Promise.all([
      startPostgres(topo, 'pg2', { primary }),
      startFcmEmulator(topo, 'fcm', { quota: 15_000 }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await topo?.destroy();
  });

  it('devices through round-robin APIs, a broadcast by two worker hosts: every device exactly once, the replica in step', async () => {
    // the schema and the first user, written by this process through the primary's Unix socket
    t = await startTestApp(postgresAt(primary.socketUrl()));
    const dbName = new URL(t.database.url ?? '').pathname.slice(1);
    const fcmControl = await topo.open('fcm-control', 'fcm', FCM_CONTROL_PORT);
    const control = (path: string, body: unknown) =>
      call<Record<string, unknown>>(fcmControl.url(), `/emulator/v1${path}`, body).then((r) => r.json);
    const projectId = 'hosts-project';
    const pkg = 'com.example.hosts';
    const { app, appSecret } = await topologyApp(t, control, {
      title: 'Hosts',
      pkg,
      projectId,
      fcmAddress: topo.address('fcm'),
    });
    const { tokens } = (await control(`/projects/${projectId}/devices:batchCreate`, {
      count: DEVICES,
      packageName: pkg,
    })) as { tokens: string[] };

    const env = {
      DATABASE_URL: primary.url(dbName),
      FCM_BASE_URL: `http://${topo.address('fcm')}:4000`,
      PUBLIC_URL: 'http://beacon.test',
      BEACON_SECRET_KEY: TEST_SECRET,
      BEACON_JOB_MAINTENANCE_SECONDS: '1',
      // the device events go through JetStream: appended by the API hosts, applied by the worker hosts
      NATS_URL: nats.url,
    };
    const opts = { cli: [...CLI], cwd: serverRoot, env };
    const started = await startApiAndWorkers(topo, env);
    beacons.push(...started.beacons);
    step('started');
    const base = started.base;

    // the devices register through the balancer: both API hosts take their share
    const sdkAuth = sdkAuthOf(app, appSecret);
    await inParallel(DEVICES, 16, async (i) => {
      const { json } = await call<{ status: number }>(
        base,
        '/sdk/v1/register',
        sdkDevice(i, { token: tokens[i] }),
        { authorization: sdkAuth },
      );
      expect(json.status).toBe(200);
    });
    step('registered');
    // each API host counted its share (its own /metrics, reached past the balancer)
    const registered = await Promise.all(['api1', 'api2'].map((h) => sdkCallsOf(topo, h, 'register')));
    expect(registered[0]! + registered[1]!).toBe(DEVICES);
    for (const n of registered) expect(n).toBeGreaterThan(DEVICES / 4);

    // every device reports `received` for what it gets, through the balancer (as the SDK does)
    await control(`/projects/${projectId}/receipts`, {
      apiBaseUrl: `http://${topo.address('api1')}:${API_PORT}`,
      appKey: app.appKey,
      appSecret,
      devices: Object.fromEntries(tokens.map((tok, i) => [tok, gaid(i)])),
    });

    // the owner signs in (through one API host) and sends to everyone (through the other: the session is shared)
    const login = await call<{ status: number }>(base, '/tcm/v1/user/login', {
      email: 'owner@example.com',
      password: 'Owner#2024',
    });
    expect(login.json.status).toBe(200);
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const saved = await call<{ status: number; msg: string; data: { id: number } }>(
      base,
      `/tcm/v1/app/${app.id}/msg/save`,
      {
        msgType: 1,
        title: 'Across hosts',
        pushCount: DEVICES,
        targetingType: 0,
        scheduleType: 1,
        data: NOTIFICATION,
      },
      { cookie },
    );
    expect(saved.json.status, saved.json.msg).toBe(200);
    const id = saved.json.data.id;
    step('saved');
    // a NATS host lost while the receipts flow: the stream (3 replicas) keeps its quorum on the other two
    nats.kill('nats3');

    const [row] = await until(
      'the broadcast sent by the worker hosts',
      () =>
        t.database.query<{ status: number; target: number; dispatched: number; lost: number }>(
          `SELECT status, target_count AS target, dispatch_count AS dispatched, lost_count AS lost
           FROM messages WHERE id = $1`,
          [id],
        ),
      (r) => r[0]?.status === 1,
      120_000,
      250,
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}\n${beacons.map((b) => `--- ${b.host}\n${b.out().slice(-3000)}`).join('\n')}`,
      );
    });
    expect(row).toEqual({ status: 1, target: DEVICES, dispatched: DEVICES, lost: 0 });

    // at FCM: every device holds the message exactly once
    const counted = (await control(`/projects/${projectId}/deliveries:count`, {
      collapseKey: String(id),
    })) as {
      byCount: Record<string, number>;
    };
    expect(counted.byCount).toEqual({ 1: DEVICES });

    // the receipts, appended to JetStream by the API hosts and applied by the workers: each device counted once
    const [reach] = await until(
      'the receipts counted',
      () =>
        t.database.query<{ reach: number; stray: number }>(
          `SELECT reach_count AS reach, (SELECT count(*)::int FROM stat_stray_events WHERE message_id = $1) AS stray
           FROM messages WHERE id = $1`,
          [id],
        ),
      (r) => (r[0]?.reach ?? 0) >= DEVICES,
      90_000,
      250,
    );
    expect(reach).toEqual({ reach: DEVICES, stray: 0 });
    // with the log, the engine gave each send a place in the message's event pages (migration 0060), and the
    // receipts set bits there, not on the records: a write a page, not one a device
    const [places] = await t.database.query<{
      placed: number;
      received: number;
      onRecords: number;
      pages: number;
    }>(
      `SELECT count(*) FILTER (WHERE ev IS NOT NULL)::int AS placed,
              count(*) FILTER (WHERE event_mask & 1 <> 0)::int AS received,
              (SELECT count(*)::int FROM send_records WHERE message_id = $1 AND event_mask IS NOT NULL) AS "onRecords",
              (SELECT count(*)::int FROM send_events WHERE message_id = $1) AS pages
       FROM send_record_events WHERE message_id = $1`,
      [id],
    );
    expect(places).toEqual({
      placed: DEVICES,
      received: DEVICES,
      onRecords: 0,
      pages: Math.ceil(DEVICES / 64),
    });
    step('receipts counted');

    // the platform's System status, read through the balancer by a platform admin: the four hosts' processes by
    // their names, answering, and the stream's three replicas with one leader (nats3 lost: not caught up, or gone)
    await t.services.users.upsertAdmin('ops@example.com', 'Ops#2024-status', 150);
    const opsLogin = await call<{ status: number }>(base, '/tcm/v1/user/login', {
      email: 'ops@example.com',
      password: 'Ops#2024-status',
    });
    const opsCookie = (opsLogin.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    // nats3 was killed a moment ago: the API host's client may be reconnecting and the stream electing its leader,
    // and the status says "NATS did not answer" meanwhile; it reads the stream again once the cluster has settled
    const statusNow = await until(
      'the System status reading the stream',
      async () => {
        const res = await fetch(`${base}/tcm/v1/platform/system/status`, { headers: { cookie: opsCookie } });
        return ((await res.json()) as { data: SystemStatus }).data;
      },
      (st) => st.eventsLog.error === null,
      30_000,
      500,
    );
    const hostsSeen = statusNow.processes
      .filter((p) => p.host !== os.hostname())
      .map((p) => `${p.host}:${p.roles.join('+')}:${p.alive ? 'up' : 'down'}`)
      .sort();
    expect(hostsSeen).toEqual(['api1:api:up', 'api2:api:up', 'worker1:workers:up', 'worker2:workers:up']);
    expect(statusNow.processes.filter((p) => p.self)).toHaveLength(1);
    expect(statusNow.database).toMatchObject({ engine: 'postgres', replica: null });
    expect(statusNow.eventsLog).toMatchObject({ mode: 'nats', error: null });
    expect(statusNow.eventsLog.replicas.filter((r) => r.leader)).toHaveLength(1);
    expect(statusNow.fcmProjects.map((p) => p.project)).toEqual([projectId]);

    // one FCM quota for the project across hosts (§3): four sending processes, two on each worker host, send three
    // messages at once under the app's quota of 12,000 a minute; FCM sees them arrive at that rate together
    step('quota');
    beacons.push(
      ...(await Promise.all([
        startBeacon(topo, 'worker1', 'worker', opts),
        startBeacon(topo, 'worker2', 'worker', opts),
      ])),
    );
    const quota = await call<{ status: number }>(
      base,
      `/tcm/v1/app/${app.id}/fcm/quota/12000`,
      {},
      { cookie },
    );
    expect(quota.json.status).toBe(200);
    const ids: number[] = [];
    for (const k of [1, 2, 3]) {
      const r = await call<{ status: number; msg: string; data: { id: number } }>(
        base,
        `/tcm/v1/app/${app.id}/msg/save`,
        {
          msgType: 1,
          title: `Under the quota ${k}`,
          pushCount: DEVICES,
          targetingType: 0,
          scheduleType: 1,
          data: NOTIFICATION,
        },
        { cookie },
      );
      expect(r.json.status, r.json.msg).toBe(200);
      ids.push(r.json.data.id);
    }
    await until(
      'the three messages sent',
      () =>
        t.database.query<{ status: number }>(`SELECT status FROM messages WHERE id = ANY($1::bigint[])`, [
          ids,
        ]),
      (rows) => rows.length === 3 && rows.every((r) => r.status === 1),
      180_000,
      500,
    );
    step('quota sent');
    const arrivals = (
      await Promise.all(
        ids.map(
          async (id) =>
            (await control(`/projects/${projectId}/deliveries:count`, {
              collapseKey: String(id),
              times: true,
            })) as {
              byCount: Record<string, number>;
              times: number[];
            },
        ),
      )
    ).flatMap((r) => {
      expect(r.byCount).toEqual({ 1: DEVICES });
      return r.times;
    });
    arrivals.sort((a, b) => a - b);
    // the steady rate: the middle 80 % of the arrivals, measured at FCM's side (200 a second allowed), as the median of
    // the rates over every span of half of them. A stall of the emulator (or of a sender), which a parallel test run
    // causes, queues arrivals that then come at once; that moves only the spans that start or end inside the stall, a
    // few on each side of the median, where a least-squares line (a stall in the middle) and the rate between the two
    // ends (a stall at either end) move with it: CI's loaded run read 217.8 a second by the line (stop 47)
    const middle = arrivals.slice(Math.floor(arrivals.length * 0.1), Math.floor(arrivals.length * 0.9));
    const rate = medianSpanRate(middle);
    const line = 1000 / leastSquaresSlope(middle);
    const ends = (middle.length - 1) / ((middle.at(-1)! - middle[0]!) / 1000);
    process.stderr.write(
      `hosts.test: 4 senders on 2 hosts under a 200/s quota sent ${rate.toFixed(1)}/s (least squares ${line.toFixed(1)}/s, between the ends ${ends.toFixed(1)}/s)\n`,
    );
    // never above the quota (+2 %), whatever the load; at 99.8 % of it on a quiet machine (the issue's ≥ 97 %), but
    // senders starved of CPU by a parallel test run fall behind their slots (133–161 a second measured so): the floor
    // here catches a pace that wastes the quota, the target itself is the scale bench's.
    // Senders that really go faster than the quota read so by all three measures (206/s: 206 by each); a stall of the
    // emulator under a loaded run moves one or two of them (a local run beside five other multi-process files read
    // 210.9 by the median, 202.6 by the line, 191.1 between the ends): the bound holds for the lowest of the three, the
    // floor for the highest
    expect(Math.min(rate, line, ends)).toBeLessThanOrEqual(200 * 1.02);
    expect(Math.max(rate, line, ends)).toBeGreaterThanOrEqual(200 * 0.6);

    // the replica streamed the primary's writes: the message and its send records are there
    const replicaDb = (await import('pg')).default;
    const r = new replicaDb.Client({ connectionString: replica.socketUrl(dbName) });
    await r.connect();
    try {
      const sent = await until(
        'the replica in step',
        async () =>
          (
            await r.query<{ n: number; ro: boolean }>(
              `SELECT (SELECT count(*)::int FROM send_records WHERE message_id = $1 AND outcome = 1) AS n,
                      pg_is_in_recovery() AS ro`,
              [id],
            )
          ).rows[0],
        (v) => v?.n === DEVICES,
        30_000,
      );
      expect(sent).toEqual({ n: DEVICES, ro: true });
    } finally {
      await r.end();
    }
  }, 900_000);
});

/** The median of the rates (a second) over every span of half the sorted times `ts` (ms). */
function medianSpanRate(ts: number[]): number {
  const half = Math.floor(ts.length / 2);
  const rates: number[] = [];
  for (let i = 0; i + half < ts.length; i++) rates.push((half * 1000) / (ts[i + half]! - ts[i]!));
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)]!;
}

/** The slope of the least-squares line through (i, ys[i]): here ms an arrival. */
function leastSquaresSlope(ys: number[]): number {
  const n = ys.length;
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, i) => {
    num += (i - meanX) * (y - meanY);
    den += (i - meanX) ** 2;
  });
  return num / den;
}
