// Device API ingest (issue 17): /sdk/v1/register (new devices/s) and /sdk/v1/events (calls/s, events/s) through the
// shipped server (and, with --kinds …,attributes, /sdk/v1/attributes: five attributes of one device's user a call,
// one of each type, issue 33 §1),
// against the ceiling of the same load generator on a trivial node:http JSON server, in one run.
// Both run `beacon api` from the bundle npm start runs: on PGlite one process on the data folder the bench seeded and
// closed (PGlite is embedded: one process holds it); on PostgreSQL `beacon api --processes N` (N from --processes,
// default "1,2": one, and one per core on this 2-core machine).
// Optionally a memory soak: the events load for --soak-s seconds against `beacon api` (one process), sampling its RSS.
// Run: npm run bench -- ingest [--backend pglite|postgres|both] [--processes 1,2] [--kinds register,events,attributes]
//      [--seconds 10] [--soak-s 600]
//      [--devices 200000] [--messages 3] [--workers 2] [--in-flight 32] [--client raw|node] [--out ingest]
//      [--pg-statements N] (PostgreSQL: each run's top N statements by server time per call)
//      [--nats 0|1] (PostgreSQL: also one process with NATS_URL, a 3-node JetStream cluster of nats-server; default 1)
//      [--pg-log 0|1] (PostgreSQL: also one process with EVENTS_LOG=postgres, the log table; default 1)
//      [--attribute-users 1|0] (attributes: every seeded device has a user already, the steady state; 0: each call
//      is its device's first write, which makes an anonymous user and points the device at it)
// Profile the server: BENCH_SERVER_NODE_OPTIONS=--cpu-prof (the beacon api children write CPU.*.cpuprofile in apps/server).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  backendsOf,
  buildBenchApp,
  keptRuns,
  load,
  numArg,
  openStatementsDb,
  root,
  round,
  say,
  strArg,
  topStatementsPerSend,
  treeCpuSeconds,
  type BenchDb,
} from './src/harness';
import { runLoad, startTrivialServer, type EventCalls, type LoadResult } from './src/http-load';
import { seedDispatched } from './src/seed-dispatched';
import { newGaids } from './src/gaids';
import { spawnedTarget, type Kind, type SpawnArgs, type Target } from './src/ingest-target';
import { describeMemory, type MemoryBreakdown } from './src/rss';
import { soak } from './src/ingest-soak';
import { prng } from './src/stat-simulation';
import { startNatsCluster } from '../apps/server/src/test/nats';

type Backend = 'pglite' | 'postgres';
const BACKEND = strArg('backend', 'both');
const PROCESSES = strArg('processes', '1,2')
  .split(',')
  .map((p) => Number(p));
const KINDS = strArg('kinds', 'register,events').split(',');
const SECONDS = numArg('seconds', 10);
const WARMUP_S = numArg('warmup-s', 2);
const SOAK_S = numArg('soak-s', 0);
const DEVICES = numArg('devices', 200_000);
const MESSAGES = numArg('messages', 3);
const WORKERS = numArg('workers', 2);
const IN_FLIGHT = numArg('in-flight', 32);
/** the load generator's client (bench/src/http-load.ts LoadOptions.client): bare sockets, or node:http's */
const CLIENT = strArg('client', 'raw') as 'raw' | 'node';
if (CLIENT !== 'raw' && CLIENT !== 'node') throw new Error('--client is raw or node');
const OUT = strArg('out', 'ingest');
/** On PostgreSQL, also `beacon api --processes 1` with NATS_URL: events appended to a 3-node JetStream cluster. */
const NATS = strArg('nats', '1') !== '0';
/** On PostgreSQL, also `beacon api --processes 1` with EVENTS_LOG=postgres: events appended to the log table. */
const PG_LOG = strArg('pg-log', '1') !== '0';
/** Attributes: the seeded devices have users (writes update them); 0: the calls are first writes. */
const ATTRIBUTE_USERS = strArg('attribute-users', '1') !== '0';
/** PostgreSQL: the top N statements of each run by server time per call (pg_stat_statements, reset before each); 0 off */
const PG_STATEMENTS = numArg('pg-statements', 0);
const TARGETS = {
  postgres: { registerPerSec: 10_000, eventCallsPerSec: 10_000, eventsPerSec: 25_000 },
  pglite: { eventCallsPerSec: 5_000 },
};

async function runBackend(backend: Backend): Promise<Record<string, unknown>> {
  // PGlite: seeded here in its data folder, then closed, and opened by `beacon api` (one process holds it)
  const dataDir = backend === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'beacon-ingest-')) : undefined;
  const statements = backend === 'postgres' && PG_STATEMENTS > 0;
  const db: BenchDb = await openStatementsDb(
    backend,
    10,
    statements,
    dataDir && path.join(dataDir, 'pglite'),
  );
  let dbOpen = true;
  const out: Record<string, unknown> = { backend, date: new Date().toISOString() };
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const { built, owner } = await buildBenchApp(db);
    closers.push(() => built.app.close());
    const { app, appSecret } = await built.services.apps.create({
      title: 'Ingest',
      pkg: 'com.example.ingest',
      owner: { userId: owner.id, email: owner.email },
    });
    const t0 = performance.now();
    const messageIds = await seedDispatched(db.database, app.id, owner.email, DEVICES, MESSAGES);
    const devs = await db.database.query<{ gaid: string }>(
      'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id',
      [app.id],
    );
    if (KINDS.includes('attributes') && ATTRIBUTE_USERS)
      // one named user per device, as an app that signs its users in has: attribute calls update them
      await db.database.query(
        `WITH u AS (
           INSERT INTO app_users (app_id, external_id) SELECT app_id, 'bench-' || id FROM devices WHERE app_id = $1
           RETURNING id, external_id
         )
         UPDATE devices d SET user_id = u.id FROM u WHERE d.app_id = $1 AND u.external_id = 'bench-' || d.id`,
        [app.id],
      );
    say(
      `${backend}: seeded ${devs.length} devices × ${messageIds.length} dispatched messages${KINDS.includes('attributes') && ATTRIBUTE_USERS ? ', a user each' : ''} in ${round((performance.now() - t0) / 1000, 1)} s`,
    );
    // every (device, message) once, shuffled; 2 events (received, shown) or, for 30 %, 3 (+ clicked)
    const rand = prng(17);
    const pairs = new Int32Array(devs.length * messageIds.length).map((_, i) => i);
    for (let i = pairs.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
    }
    let used = 0;
    const eventCalls = (n: number): EventCalls => {
      // past the last pair, from the first again: repeats, which the database path finds already counted (cheaper)
      // and a log path appends as any call — run the database targets first (they are)
      if (used + n > pairs.length) {
        say(
          `events: ${used} of ${pairs.length} (device, message) pairs used; this target's calls repeat earlier ones`,
        );
        used = 0;
      }
      const part = pairs.subarray(used, Math.min(pairs.length, used + n));
      used += part.length;
      return {
        gaids: Array.from(part, (p) => devs[Math.floor(p / messageIds.length)]!.gaid),
        msgIds: Array.from(part, (p) => messageIds[p % messageIds.length]!),
        nEvents: Array.from(part, () => (rand() < 0.3 ? 3 : 2)),
      };
    };
    const registerCalls = (n: number): EventCalls => ({
      gaids: newGaids(n),
      msgIds: new Array<number>(n).fill(0),
      nEvents: new Array<number>(n).fill(0),
    });
    // the seeded devices in turn: a device's first call makes its anonymous user, the next ones update it
    const attributeCalls = (n: number): EventCalls => ({
      gaids: Array.from({ length: n }, (_, i) => devs[(i * 7919) % devs.length]!.gaid),
      msgIds: new Array<number>(n).fill(0),
      nEvents: new Array<number>(n).fill(0),
    });
    // enough calls for the window at up to 25,000 calls/s
    const budget = Math.ceil((SECONDS + WARMUP_S + 1) * 25_000);
    const authorization = `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`;
    const base = {
      authorization,
      workers: WORKERS,
      inFlight: IN_FLIGHT,
      client: CLIENT,
      warmupMs: WARMUP_S * 1000,
      durationMs: SECONDS * 1000,
    };

    // a target, or one started when its turn comes (and stopped after it)
    const targets: Array<Target | (() => Promise<Target>)> = [];
    const spawned = (...a: SpawnArgs) => spawnedTarget(closers, ...a);
    if (dataDir) {
      // what is open so far (the app), then the database: closed once, here, before `beacon api` opens the folder
      for (const c of closers.splice(0).reverse()) await c();
      await db.close();
      dbOpen = false;
      const { port, cpu, rss, measured } = await spawned({ dataDir }, 1);
      targets.push({ label: 'beacon api (PGlite)', port, cpu, rss, ...measured });
    } else {
      for (const n of PROCESSES) {
        const { port, cpu, rss, measured } = await spawned({ url: db.url! }, n);
        targets.push({ label: `beacon api --processes ${n}`, port, cpu, rss, ...(n === 1 ? measured : {}) });
      }
      if (PG_LOG) {
        // EVENTS_LOG=postgres: the API answers once the log table holds the call, and a worker applies it. In the
        // same process (`beacon serve`, the one-machine case): started when its turn comes and stopped after it, so
        // that its consumer applies only its own calls (fresh pairs: it counts them), the backlog drained after the
        // run timed. On an API host (`beacon api`): nothing applies the log during the run, as nothing applies the
        // JetStream log below.
        targets.push(async () => {
          await db.database.query('TRUNCATE device_event_log');
          const { port, cpu, rss, stop } = await spawned(
            { url: db.url! },
            1,
            { EVENTS_LOG: 'postgres' },
            'serve',
          );
          return {
            label: 'beacon serve --processes 1 + EVENTS_LOG=postgres',
            port,
            cpu,
            rss,
            stop,
            drain: async () => {
              for (;;) {
                const [row] = await db.database.query<{ n: number }>(
                  'SELECT count(*)::int AS n FROM device_event_log',
                );
                if (row!.n === 0) return;
                await new Promise((r) => setTimeout(r, 100));
              }
            },
          };
        });
        const { port, cpu, rss } = await spawned({ url: db.url! }, 1, { EVENTS_LOG: 'postgres' });
        targets.push({ label: 'beacon api --processes 1 + EVENTS_LOG=postgres', port, cpu, rss });
      }
      if (NATS) {
        // the device events' log (docs/scaling.md): the API answers once JetStream (3 nodes, 3 replicas) holds the call
        const nats = await startNatsCluster(3);
        closers.push(() => nats.stop());
        const { port, cpu, rss } = await spawned({ url: db.url! }, 1, {
          NATS_URL: nats.url,
          NATS_REPLICAS: '3',
        });
        targets.push({
          label: 'beacon api --processes 1 + JetStream',
          port,
          cpu,
          rss,
          sideCpu: {
            label: 'NATS (3 nodes)',
            cpu: () =>
              nats.nodes.reduce((sum, n) => sum + (n.process?.pid ? treeCpuSeconds(n.process.pid) : 0), 0),
          },
        });
      }
    }

    const trivial = await startTrivialServer();
    closers.push(() => trivial.close());
    const results: Array<Record<string, unknown>> = [];
    const record = (label: string, kind: Kind, r: LoadResult, serverCores: number, peakRssMb: number) => {
      results.push({ target: label, kind, serverCores, peakRssMb, ...r });
      say(
        `${backend} ${label} ${kind}: ${r.callsPerSec} calls/s${kind === 'events' ? ` (${r.eventsPerSec} events/s)` : ''}, p50 ${r.latencyMs.p50} / p99 ${r.latencyMs.p99} ms, ${r.errors} errors${r.firstError ? ` (first: ${r.firstError})` : ''}${r.exhausted ? ', calls used up' : ''}; server ${serverCores || r.processCores} cores, PostgreSQL ${r.dbCores} cores, load threads ELU ${r.workerElu.join('/')}; server RSS peak so far ${peakRssMb} MB`,
      );
    };
    const measure = async (t: Target, kind: Kind) => {
      const calls =
        kind === 'register'
          ? registerCalls(budget)
          : kind === 'events'
            ? eventCalls(budget)
            : attributeCalls(budget);
      if (statements) await db.database.query('SELECT pg_stat_statements_reset()');
      const c0 = t.cpu();
      const side0 = t.sideCpu?.cpu() ?? 0;
      const t1 = performance.now();
      const r = await runLoad({ ...base, port: t.port, path: `/sdk/v1/${kind}`, kind, calls }, () =>
        db.serverCpu(),
      );
      const cores = (cpuSeconds: number) => round(cpuSeconds / ((performance.now() - t1) / 1000), 2);
      record(t.label, kind, r, t.cpu() ? cores(t.cpu() - c0) : 0, t.rss.peakMb());
      if (t.sideCpu) {
        const sideCores = cores(t.sideCpu.cpu() - side0);
        results[results.length - 1]!.sideCores = sideCores;
        say(`  ${t.sideCpu.label}: ${sideCores} cores`);
      }
      if (t.drain && kind === 'events') {
        // the calls of the run (warm-up included) applied, from the run's start to the log's last row
        const d0 = performance.now();
        await t.drain();
        const drainS = (performance.now() - d0) / 1000;
        t.applied = round(r.totalCalls / ((d0 - t1) / 1000 + drainS), 0);
        results[results.length - 1]!.logDrainS = round(drainS, 1);
        results[results.length - 1]!.appliedCallsPerSec = t.applied;
        say(
          `  the log drained ${round(drainS, 1)} s after the run: ${t.applied} calls/s applied, from the run's start`,
        );
      }
      if (statements) {
        // the warm-up's calls are in the statistics too: per call of the whole run, warm-up included
        const calls = Math.max(1, Math.round(r.callsPerSec * (SECONDS + WARMUP_S)));
        const top = await topStatementsPerSend(db.database, PG_STATEMENTS, calls);
        results[results.length - 1]!.statements = top;
        for (const s of top)
          say(`    ${s.usPerSend} µs/call, ${s.rowsPerSend} rows/call, ${s.calls} calls: ${s.query}`);
      }
      if (t.metrics) say(`  ${await t.metrics(kind)}`);
      if (t.memory) say(`  ${describeMemory(await t.memory())}`);
      return r;
    };
    const ceiling = async () => {
      const r = await runLoad({
        ...base,
        port: trivial.port,
        path: '/sdk/v1/events',
        calls: registerCalls(budget * 2),
      });
      say(
        `${backend} ceiling (trivial node:http JSON server): ${r.callsPerSec} calls/s (load threads ELU ${r.workerElu.join('/')})`,
      );
      return r.callsPerSec;
    };

    const ceilings = [await ceiling()];
    const summary: Record<string, Record<string, number>> = {};
    const memory: Record<string, MemoryBreakdown> = {};
    for (const entry of targets) {
      const t = typeof entry === 'function' ? await entry() : entry;
      const reg = KINDS.includes('register') ? await measure(t, 'register') : undefined;
      const ev = KINDS.includes('events') ? await measure(t, 'events') : undefined;
      const attrs = KINDS.includes('attributes') ? await measure(t, 'attributes') : undefined;
      summary[t.label] = {
        registerPerSec: reg?.callsPerSec ?? 0,
        attributeCallsPerSec: attrs?.callsPerSec ?? 0,
        attributesVsRegister: reg?.callsPerSec && attrs ? round(attrs.callsPerSec / reg.callsPerSec, 2) : 0,
        eventCallsPerSec: ev?.callsPerSec ?? 0,
        eventsPerSec: ev?.eventsPerSec ?? 0,
        // from the server's start (its database opened and migrated) to the end of its runs
        peakRssMb: t.rss.peakMb(),
      };
      if (t.memory) memory[t.label] = await t.memory();
      if (t.applied) summary[t.label]!.appliedCallsPerSec = t.applied;
      t.rss.stop();
      await t.stop?.();
    }
    ceilings.push(await ceiling());
    const ceilingPerSec = Math.max(...ceilings);
    for (const s of Object.values(summary)) {
      s.registerVsCeiling = round(s.registerPerSec! / ceilingPerSec, 2);
      s.eventsVsCeiling = round(s.eventCallsPerSec! / ceilingPerSec, 2);
    }
    out.summary = summary;
    out.memory = memory;
    out.ceilingPerSec = ceilingPerSec;
    out.ceilings = ceilings;
    out.results = results;
    out.targets = TARGETS[backend];

    if (SOAK_S > 0 && backend === 'postgres') {
      // the soak's calls: what is left of the pairs, then again from the start (repeats are no-ops but every call runs)
      used = 0;
      const load = { ...base, path: '/sdk/v1/events', calls: eventCalls(pairs.length) };
      out.soak = await soak({ url: db.url! }, SOAK_S, load, closers, () => db.serverCpu(), backend);
    }
  } finally {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    if (dbOpen) await db.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const backends: Backend[] = backendsOf(BACKEND);
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
  const runs: Array<Record<string, unknown>> = [];
  for (const b of backends) runs.push(await runBackend(b));
  const { file, kept } = keptRuns(OUT, backends);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    knobs: {
      seconds: SECONDS,
      warmupS: WARMUP_S,
      devices: DEVICES,
      messages: MESSAGES,
      workers: WORKERS,
      inFlight: IN_FLIGHT,
      client: CLIENT,
      attributeUsers: ATTRIBUTE_USERS,
    },
    totalS: round((performance.now() - t0) / 1000, 0),
    loadAverageEnd: load(),
    runs: [...kept, ...runs],
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log('\nIngest (/sdk/v1/register new devices/s; /sdk/v1/events calls/s, 2–3 events per call):');
  for (const r of runs as Array<{
    backend: string;
    summary?: Record<string, Record<string, number>>;
    ceilingPerSec?: number;
  }>)
    for (const [label, s] of Object.entries(r.summary ?? {}))
      console.log(
        `  ${r.backend} ${label}: register ${s.registerPerSec}/s, events ${s.eventCallsPerSec} calls/s (${s.eventsPerSec} events/s)${s.attributeCallsPerSec ? `, attributes ${s.attributeCallsPerSec} calls/s (${s.attributesVsRegister} × register)` : ''}; ceiling ${r.ceilingPerSec} (register ${s.registerVsCeiling}, events ${s.eventsVsCeiling}); server RSS peak ${s.peakRssMb} MB`,
      );
  console.log(`\nwritten ${path.relative(process.cwd(), file)} (${result.totalS} s)`);
}

await main();
process.exit(0);
