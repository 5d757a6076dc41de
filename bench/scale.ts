// Scale-out (issue 31 §8): device events calls/s through one and through two API hosts, and broadcast sends/s by one
// and by two worker hosts, on the network-namespace topology of the tests (scripts/lib/topology.mjs: each host its
// own namespace and address; PostgreSQL and the FCM emulator on hosts of their own). Each rate is given as a ratio to
// the floor measured in the same run — the same load generator, on the topology's edge, against a trivial server on
// an API host — and with the CPU it cost: µs of the API hosts' CPU per event, of the worker hosts' CPU per send
// (on a 2-core machine the hosts share the cores, so two hosts cannot show linear scaling; the CPU per operation is
// the figure that carries over to real hosts).
// With `--nats 1` (the default) the hosts run as the several-host tier does: NATS_URL names a JetStream cluster of
// three hosts of their own (events appended by the API hosts, applied by the worker hosts' consumers once they run).
// Run (as root: namespaces): npm run bench -- scale [--devices 20000] [--messages 3] [--seconds 10] [--sends 20000]
//      [--workers 2] [--in-flight 32] [--nats 1|0] [--quota 0] [--out scale]
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
  startNats,
  startPostgres,
  type BeaconHost,
} from '../scripts/lib/topology-roles.mjs';
import { openDatabase, type Database } from '../apps/server/src/db/client';
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
import type { EventCalls, LoadOptions, LoadResult } from './src/http-load';
import { seedDevices } from './src/seed-devices';
import { seedDispatched } from './src/seed-dispatched';

const DEVICES = numArg('devices', 20_000);
const MESSAGES = numArg('messages', 3);
const SECONDS = numArg('seconds', 10);
const SENDS = numArg('sends', 20_000);
const WORKERS = numArg('workers', 2);
const IN_FLIGHT = numArg('in-flight', 32);
const NATS = numArg('nats', 1) === 1;
/** the app's FCM quota per minute for the broadcasts (0: as shipped, FCM's 600,000) */
const QUOTA = numArg('quota', 0);
const OUT = strArg('out', 'scale');
const SECRET = 'cd'.repeat(32);
const PROJECT = 'scale-project';
const PKG = 'com.example.scale';
const FLOOR_PORT = 8090;
const LOAD_CHILD = path.join(here, 'src', 'load-child.ts');

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

/** CPU seconds of the topology's nats-server processes (found by their configuration files under its folder). */
function natsCpu(topo: Topology): number {
  let pids: number[] = [];
  try {
    pids = execFileSync('pgrep', ['-f', `${topo.dir}/nats-`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    /* none */
  }
  return pids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0);
}

/** Waits until `calls` (device, message) pairs of the messages have their received bit; returns the seconds taken. */
async function applied(database: Database, messageIds: readonly number[], calls: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const [row] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_record_events WHERE message_id = ANY($1::bigint[]) AND event_mask & 1 <> 0',
      [messageIds],
    );
    const s = (performance.now() - t0) / 1000;
    if ((row?.n ?? 0) >= calls) {
      say(
        `the events' log applied by one worker host: ${calls} calls' events in PostgreSQL after ${round(s, 1)} s`,
      );
      return round(s, 1);
    }
    if (s > 300) throw new Error(`the events' log was not applied in 300 s: ${row?.n} of ${calls} calls`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build', '-w', '@beacon/server', '--silent'], { cwd: root, stdio: 'inherit' });
  const natsHosts = NATS ? ['n1', 'n2', 'n3'] : [];
  const topo = await Topology.create(['pg', 'fcm', 'api1', 'api2', 'w1', 'w2', ...natsHosts]);
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    devices: DEVICES,
    sendDevices: SENDS,
    nats: NATS,
    loadAvg: load(),
  };
  const beacons: BeaconHost[] = [];
  try {
    const primary = await startPostgres(topo, 'pg');
    await startFcmEmulator(topo, 'fcm', { quota: 100_000_000 });
    const nats = NATS ? await startNats(topo, natsHosts) : undefined;
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
    if (QUOTA > 0)
      await database.query('UPDATE apps SET fcm_quota_per_min = $2 WHERE id = $1', [app.id, QUOTA]);

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
      ...(nats ? { NATS_URL: nats.url, NATS_REPLICAS: '3' } : {}),
    };
    // the hosts run the bundle npm start runs, with its node flags
    const opts = {
      // BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=…" profiles every Beacon host (written when it stops)
      cli: [
        ...SERVER_NODE_FLAGS,
        ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
        '--enable-source-maps',
        'dist/cli.mjs',
      ],
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
    // The generator runs on the topology's edge and calls the hosts' addresses itself, its threads spread over them
    // in turn (2 threads, 2 hosts: one each): no forwarder between it and the servers, whose CPU would be counted
    // against the floor and Beacon alike (through the two forwarders of topo.open the floor read ≈ 3,700 calls/s)
    let loads = 0;
    const loadOn = async (hosts: readonly string[], port: number, calls: EventCalls): Promise<LoadResult> => {
      const file = path.join(topo.dir, `load-${++loads}.json`);
      const options: LoadOptions = {
        hosts: hosts.map((h) => topo.address(h)),
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
      };
      writeFileSync(file, JSON.stringify(options));
      const child = topo.spawn('edge', process.execPath, ['--import', 'tsx', LOAD_CHILD, file], {
        cwd: root,
      });
      let out = '';
      let err = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      if (code !== 0) throw new Error(`the load generator exited ${code}: ${err.slice(-2000)}`);
      return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
    };
    const budget = Math.floor(pairs / 2) - 1;
    const floor = await loadOn(['api1'], FLOOR_PORT, eventCalls(budget));
    floorChild.kill();
    used = 0; // the floor's calls changed nothing: give them to Beacon
    const eventRuns: Record<string, unknown>[] = [];
    let answered = 0;
    for (const hosts of [[apis[0]], apis]) {
      const cpu0 = pidsCpu(hosts);
      const nats0 = natsCpu(topo);
      const r = await loadOn(
        hosts.map((h) => h.host),
        API_PORT,
        eventCalls(budget),
      );
      const cpu = pidsCpu(hosts) - cpu0;
      const natsSeconds = natsCpu(topo) - nats0;
      answered += r.totalCalls - r.errors;
      eventRuns.push({
        apiHosts: hosts.length,
        callsPerSec: round(r.callsPerSec),
        eventsPerSec: round(r.eventsPerSec),
        ratioToFloor: round(r.callsPerSec / floor.callsPerSec),
        // the hosts' CPU over the whole run (warm-up included) per event sent in it (2.3 a call on average)
        cpuUsPerEvent: round((cpu * 1e6) / Math.max(1, r.totalCalls * 2.3)),
        ...(NATS ? { natsCpuUsPerEvent: round((natsSeconds * 1e6) / Math.max(1, r.totalCalls * 2.3)) } : {}),
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
    // a first broadcast by one host not counted (its process's first sends: compilation, FCM sessions, the job
    // queue's first polls; it read 1,490 sends/s and 327 µs a send against 4,035 and 182 by two warm hosts after it)
    for (const [run, hostCount] of [
      ['warm-up', 1],
      ['one', 1],
      ['two', 2],
    ] as const) {
      while (workers.length < hostCount) {
        workers.push(await startBeacon(topo, `w${workers.length + 1}`, 'worker', opts));
        beacons.push(workers.at(-1)!);
      }
      // with the log, the events answered above are applied by the worker hosts' consumers: wait until they are, so
      // that the broadcasts' CPU is the sends' (each answered call set one (device, message)'s received bit)
      if (nats && run === 'warm-up') result.eventsAppliedS = await applied(database, messageIds, answered);
      const cpu0 = pidsCpu(workers);
      const t0 = performance.now();
      const saved = (await (
        await fetch(`${lb.url()}/tcm/v1/app/${app.id}/msg/save`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            msgType: 1,
            title: `Scale ${run}`,
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
      if (run === 'warm-up') {
        say(`warm-up broadcast by 1 worker host (not counted): ${round((row?.dispatched ?? 0) / s)} sends/s`);
        continue;
      }
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
    // stopped as an operator does (SIGTERM: a profile is written), killed if still running after 15 s
    await Promise.all(
      beacons.map(async (b) => {
        if (b.child.exitCode !== null) return;
        const exited = new Promise((r) => b.child.once('exit', r));
        b.child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        b.child.kill('SIGKILL');
      }),
    );
    await topo.destroy();
  }
  const file = path.join(here, 'results', `${OUT}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  say(`written ${path.relative(process.cwd(), file)}`);
}

await main();
process.exit(0);
