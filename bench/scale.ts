// Scale-out (issue 31 §8): device events calls/s through one and through two API hosts, and broadcast sends/s by one
// and by two worker hosts, on the network-namespace topology of the tests (scripts/lib/topology.mjs: each host its
// own namespace and address; PostgreSQL and the FCM emulator on hosts of their own). Each rate is given as a ratio to
// the floor measured in the same run — the same load generator against a trivial server on an API host, through the
// same balancer — and with the CPU it cost: µs of the API hosts' CPU per event, of the worker hosts' CPU per send
// (on a 2-core machine the hosts share the cores, so two hosts cannot show linear scaling; the CPU per operation is
// the figure that carries over to real hosts).
// Run (as root: namespaces): npm run bench -- scale [--devices 20000] [--messages 3] [--seconds 10] [--sends 20000]
//      [--workers 2] [--in-flight 32] [--out scale]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Topology } from '../scripts/lib/topology.mjs';
import {
  API_PORT,
  FCM_CONTROL_PORT,
  startBeacon,
  startFcmEmulator,
  startPostgres,
  type BeaconHost,
} from '../scripts/lib/topology-roles.mjs';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { SERVER_NODE_FLAGS } from '../scripts/lib/ensure.mjs';
import {
  buildBenchApp,
  control,
  here,
  load,
  numArg,
  root,
  round,
  say,
  strArg,
  treeCpuSeconds,
} from './src/harness';
import { runLoad, type EventCalls, type LoadResult } from './src/http-load';
import { seedDevices } from './src/seed-devices';
import { seedDispatched } from './src/seed-dispatched';

const DEVICES = numArg('devices', 20_000);
const MESSAGES = numArg('messages', 3);
const SECONDS = numArg('seconds', 10);
const SENDS = numArg('sends', 20_000);
const WORKERS = numArg('workers', 2);
const IN_FLIGHT = numArg('in-flight', 32);
const OUT = strArg('out', 'scale');
const SECRET = 'cd'.repeat(32);
const PROJECT = 'scale-project';
const PKG = 'com.example.scale';
const FLOOR_PORT = 8090;

/** A node:http JSON server answering every POST (the floor), as one process on a host. */
const FLOOR_SERVER = `
const http = require('node:http');
const answer = Buffer.from(JSON.stringify({ status: 200, msg: 'success', data: {} }));
const s = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => { JSON.parse(Buffer.concat(chunks).toString('utf8')); res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length }); res.end(answer); });
});
s.keepAliveTimeout = 72000;
s.listen(${FLOOR_PORT}, process.argv[1], () => console.log('floor listening'));`;

const pidsCpu = (hosts: readonly BeaconHost[]) => hosts.reduce((s, h) => s + treeCpuSeconds(h.child.pid!), 0);

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build', '-w', '@beacon/server', '--silent'], { cwd: root, stdio: 'inherit' });
  const topo = await Topology.create(['pg', 'fcm', 'api1', 'api2', 'w1', 'w2']);
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    devices: DEVICES,
    loadAvg: load(),
  };
  const beacons: BeaconHost[] = [];
  try {
    const primary = await startPostgres(topo, 'pg');
    await startFcmEmulator(topo, 'fcm', { quota: 100_000_000 });
    const admin = new pg.Client({ connectionString: primary.socketUrl() });
    await admin.connect();
    await admin.query('CREATE DATABASE scale');
    await admin.end();
    const database = await openDatabase({ url: primary.socketUrl('scale'), poolSize: 10 });
    await migrate(database);
    const { built, owner } = await buildBenchApp(
      { database, url: undefined, serverCpu: () => 0, close: () => database.close() },
      { env: { BEACON_SECRET_KEY: SECRET } },
    );
    const fcmControl = await topo.open('fcm-control', 'fcm', FCM_CONTROL_PORT);
    const ctl = fcmControl.url();
    const sa = await control<Record<string, string>>(ctl, 'POST', `/projects/${PROJECT}/serviceAccounts`, {
      tokenUri: `http://${topo.address('fcm')}:4000/token`,
    });
    const { app } = await built.services.apps.create({
      title: 'Scale',
      pkg: PKG,
      owner: { userId: owner.id, email: owner.email },
      serviceAccount: {
        json: JSON.stringify(sa),
        projectId: PROJECT,
        clientEmail: sa.client_email!,
        fileName: 'sa.json',
      },
    });
    await built.app.close();

    // the devices of the sends (emulator tokens) and the dispatched messages of the events
    const { minId } = await seedDevices(database, app.id, SENDS, { allSendable: true });
    for (let done = 0; done < SENDS;) {
      const count = Math.min(50_000, SENDS - done);
      const { tokens } = await control<{ tokens: string[] }>(
        ctl,
        'POST',
        `/projects/${PROJECT}/devices:batchCreate`,
        {
          count,
          packageName: PKG,
        },
      );
      await database.query(
        'INSERT INTO device_tokens (device_id, token) SELECT $1::bigint + k - 1, token FROM unnest($2::text[]) WITH ORDINALITY AS t(token, k)',
        [minId + done, tokens],
      );
      done += count;
    }
    const eventsApp = await buildBenchApp({
      database,
      url: undefined,
      serverCpu: () => 0,
      close: async () => {},
    });
    const events = await eventsApp.built.services.apps.create({
      title: 'Scale events',
      pkg: 'com.example.scale.events',
      owner: { userId: owner.id, email: owner.email },
    });
    await eventsApp.built.app.close();
    const messageIds = await seedDispatched(database, events.app.id, owner.email, DEVICES, MESSAGES);
    const gaids = (
      await database.query<{ gaid: string }>(
        'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id',
        [events.app.id],
      )
    ).map((r) => r.gaid);
    say(`seeded ${SENDS} sendable devices and ${DEVICES} devices × ${MESSAGES} dispatched messages`);

    const env = {
      DATABASE_URL: primary.url('scale'),
      FCM_BASE_URL: `http://${topo.address('fcm')}:4000`,
      PUBLIC_URL: 'http://beacon.bench',
      BEACON_SECRET_KEY: SECRET,
      BEACON_JOB_MAINTENANCE_SECONDS: '1',
    };
    // the hosts run the bundle npm start runs, with its node flags
    const opts = {
      cli: [...SERVER_NODE_FLAGS, '--enable-source-maps', 'dist/cli.mjs'],
      cwd: path.join(root, 'apps/server'),
      env,
    };
    const apis = await Promise.all([
      startBeacon(topo, 'api1', 'api', opts),
      startBeacon(topo, 'api2', 'api', opts),
    ]);
    beacons.push(...apis);
    const floorChild = topo.spawn('api1', process.execPath, ['-e', FLOOR_SERVER, topo.address('api1')]);
    await new Promise((r) => floorChild.stdout!.once('data', r));

    // events: every (device, message) pair once, split over the runs
    let used = 0;
    const pairs = gaids.length * messageIds.length;
    const eventCalls = (n: number): EventCalls => {
      const out: EventCalls = { gaids: [], msgIds: [], nEvents: [] };
      for (let k = 0; k < n && used < pairs; k++, used++) {
        out.gaids.push(gaids[used % gaids.length]!);
        out.msgIds.push(messageIds[Math.floor(used / gaids.length)]!);
        out.nEvents.push(used % 10 < 3 ? 3 : 2);
      }
      return out;
    };
    const authorization = `Basic ${Buffer.from(`${events.app.appKey}:${events.appSecret}`).toString('base64')}`;
    const loadOn = async (port: number, calls: EventCalls): Promise<LoadResult> =>
      runLoad({
        port,
        path: '/sdk/v1/events',
        authorization,
        calls,
        workers: WORKERS,
        inFlight: IN_FLIGHT,
        warmupMs: 1000,
        durationMs: SECONDS * 1000,
        client: 'raw',
        cycle: false,
      });
    const budget = Math.floor(pairs / 2) - 1;
    const floorLb = await topo.open('floor', 'api1', FLOOR_PORT);
    const floor = await loadOn(floorLb.port, eventCalls(budget));
    floorChild.kill();
    used = 0; // the floor's calls changed nothing: give them to Beacon
    const eventRuns: Record<string, unknown>[] = [];
    for (const hosts of [[apis[0]], apis]) {
      const lb = await topo.open(
        `api-${hosts.length}`,
        hosts.map((h) => h.host),
        API_PORT,
      );
      const cpu0 = pidsCpu(hosts);
      const r = await loadOn(lb.port, eventCalls(budget));
      const cpu = pidsCpu(hosts) - cpu0;
      eventRuns.push({
        apiHosts: hosts.length,
        callsPerSec: round(r.callsPerSec),
        eventsPerSec: round(r.eventsPerSec),
        ratioToFloor: round(r.callsPerSec / floor.callsPerSec),
        // the hosts' CPU over the whole run (warm-up included) per event sent in it (2.3 a call on average)
        cpuUsPerEvent: round((cpu * 1e6) / Math.max(1, r.totalCalls * 2.3)),
        errors: r.errors,
        p95Ms: r.latencyMs.p95,
      });
      say(`events through ${hosts.length} API host(s): ${JSON.stringify(eventRuns.at(-1))}`);
    }
    result.events = { floorCallsPerSec: round(floor.callsPerSec), runs: eventRuns };

    // sends: one broadcast of SENDS devices by one worker host, then another by two
    const lb = await topo.open('api', ['api1', 'api2'], API_PORT);
    const login = await fetch(`${lb.url()}/tcm/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench.test', password: 'Owner#2024' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const sendRuns: Record<string, unknown>[] = [];
    const workers: BeaconHost[] = [];
    for (const host of ['w1', 'w2']) {
      workers.push(await startBeacon(topo, host, 'worker', opts));
      beacons.push(workers.at(-1)!);
      const cpu0 = pidsCpu(workers);
      const t0 = performance.now();
      const saved = (await (
        await fetch(`${lb.url()}/tcm/v1/app/${app.id}/msg/save`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            msgType: 1,
            title: `Scale ${workers.length}`,
            pushCount: SENDS,
            targetingType: 0,
            scheduleType: 1,
            data: {
              noti_type: 1,
              noti_title: 'Weekend sale',
              noti_desc: 'Only until Sunday.',
              noti_small_icon: '/files/icon.png',
              noti_ex_type: 1,
              noti_open_type: 1,
              noti_open_content: 'shop://promo',
            },
          }),
        })
      ).json()) as { status: number; msg: string; data: { id: number } };
      if (saved.status !== 200) throw new Error(`msg/save: ${saved.msg}`);
      let row: { status: number; dispatched: number; lost: number } | undefined;
      for (;;) {
        await new Promise((r) => setTimeout(r, 250));
        [row] = await database.query<{ status: number; dispatched: number; lost: number }>(
          'SELECT status, dispatch_count AS dispatched, lost_count AS lost FROM messages WHERE id = $1',
          [saved.data.id],
        );
        if (row?.status === 1) break;
        if (performance.now() - t0 > 300_000) {
          for (const w of workers) process.stderr.write(`--- ${w.host}\n${w.out().slice(-3000)}\n`);
          throw new Error(`the broadcast did not finish in 300 s: ${JSON.stringify(row)}`);
        }
      }
      const s = (performance.now() - t0) / 1000;
      const cpu = pidsCpu(workers) - cpu0;
      sendRuns.push({
        workerHosts: workers.length,
        dispatched: row?.dispatched,
        sendsPerSec: round((row?.dispatched ?? 0) / s),
        cpuUsPerSend: round((cpu * 1e6) / Math.max(1, row?.dispatched ?? 0)),
      });
      say(`broadcast by ${workers.length} worker host(s): ${JSON.stringify(sendRuns.at(-1))}`);
    }
    result.sends = sendRuns;
    result.loadAvgAfter = load();
    await database.close();
  } finally {
    for (const b of beacons) b.child.kill('SIGKILL');
    await topo.destroy();
  }
  const file = path.join(here, 'results', `${OUT}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  say(`written ${path.relative(process.cwd(), file)}`);
}

await main();
process.exit(0);
