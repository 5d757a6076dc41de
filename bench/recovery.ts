// Missed-push recovery (issue 32 §1): the lookup a heartbeat makes when the app's recovery is on, timed on its own,
// and the heartbeat's rate through `beacon api` (one process) with recovery off and on, in one run, beside the same
// load generator's floor on a trivial server (PostgreSQL). The app's devices were each dispatched --messages
// notifications 90 minutes ago (within their TTL), a share --unreported of those sends never acknowledged (what a
// lookup returns), the rest received and shown.
// Targets: the lookup p95 ≤ 5 ms at 10M devices; heartbeats with recovery on ≥ 0.9 × off.
// Run: npm run bench -- recovery [--devices 1000000] [--messages 3] [--unreported 0.3] [--lookups 2000]
//      [--seconds 10] [--workers 2] [--in-flight 32] [--shared-buffers 2GB] [--pairs 4] [--prewarm 1|0] [--event-pages 0|1] [--out recovery]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RecoveryRepository } from '../apps/server/src/modules/devices/recovery.repository';
import { startApi } from './src/api-process';
import {
  type BenchDb,
  buildBenchApp,
  here,
  load,
  numArg,
  openBenchDb,
  percentile,
  root,
  round,
  say,
  strArg,
  treeCpuSeconds,
} from './src/harness';
import { runLoad, startTrivialServer, type EventCalls, type LoadResult } from './src/http-load';
import { eventPagesSql, seedDispatched } from './src/seed-dispatched';
import { watchPgWaits, type PgWaits } from './src/pg-waits';
import { prng } from './src/stat-simulation';

const DEVICES = numArg('devices', 1_000_000);
const MESSAGES = numArg('messages', 3);
const UNREPORTED = numArg('unreported', 0.3);
const LOOKUPS = numArg('lookups', 2000);
const SECONDS = numArg('seconds', 10);
const WARMUP_S = numArg('warmup-s', 2);
const WORKERS = numArg('workers', 2);
const IN_FLIGHT = numArg('in-flight', 32);
const SHARED_BUFFERS = strArg('shared-buffers', '2GB');
const PAIRS = numArg('pairs', 4);
const PREWARM = numArg('prewarm', 1) === 1;
/** The sends' events in their event pages (migration 0060), as the engine writes them with the JetStream log on. */
const PAGES = numArg('event-pages', 0) === 1;
const OUT = strArg('out', 'recovery');
const RECOVERY = { enabled: true, maxAgeHours: 12, maxCount: 3 };

async function main(): Promise<void> {
  const t0 = performance.now();
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
  const db = await openBenchDb('postgres', 10, undefined, { shared_buffers: SHARED_BUFFERS });
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const { built, owner } = await buildBenchApp(db);
    const { app, appSecret } = await built.services.apps.create({
      title: 'Recovery',
      pkg: 'com.example.recovery',
      owner: { userId: owner.id, email: owner.email },
    });
    await built.app.close();
    const messageIds = await seedDispatched(db.database, app.id, owner.email, DEVICES, MESSAGES, {
      eventPages: PAGES,
    });
    // the share acknowledged: received and shown (nothing to recover); the rest never reported
    if (PAGES)
      // in the sends' event pages (migration 0060; with the JetStream log): received and shown 2 s after the send
      await db.database.query(
        eventPagesSql(
          `SELECT s.message_id, s.ev, x.mask, s.sent_at + interval '2 seconds' AS at,
                  CASE WHEN x.mask <> 0 THEN 0 END AS received_s, CASE WHEN x.mask <> 0 THEN 0 END AS shown_s,
                  NULL::int AS clicked_s
           FROM send_records s
           CROSS JOIN LATERAL (SELECT CASE WHEN (hashint8(s.device_id * 31 + s.message_id) & 1023) >= $2::int
                                           THEN 3 ELSE 0 END AS mask) x
           WHERE s.message_id = ANY($1::bigint[])`,
        ),
        [messageIds, Math.round(UNREPORTED * 1024)],
      );
    else
      await db.database.query(
        `UPDATE send_records SET event_mask = 3, received_at = sent_at + interval '2 seconds'
         WHERE message_id = ANY($1::bigint[]) AND (hashint8(device_id * 31 + message_id) & 1023) >= $2::int`,
        [messageIds, Math.round(UNREPORTED * 1024)],
      );
    // every table the seeding wrote, not only send_records: an autovacuum of a freshly loaded table (its insert
    // threshold) would otherwise run in the middle of the heartbeat runs, on whichever side it lands
    await db.database.exec('VACUUM ANALYZE');
    // the pages the heartbeats and the lookups touch, read into the shared buffers before any run (pg_prewarm): this
    // VM's kernel pages out file pages it finds cold (DAMON reclaim), so a 10M-device app's tables left to the page
    // cache are re-read from disk at random, more or less as the runs go on, and the runs measure the disk. A server
    // holding its working set in memory is what the target is about; what did not fit is said.
    const prewarm = PREWARM ? await prewarmWorkingSet(db) : undefined;
    if (prewarm)
      say(
        `prewarmed ${prewarm.loadedMb} of ${prewarm.totalMb} MB (devices and their indexes, send records and their per-device index, their event pages) into ${SHARED_BUFFERS} of shared buffers`,
      );
    const devs = await db.database.query<{ gaid: string }>(
      'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id',
      [app.id],
    );
    say(
      `seeded ${devs.length} devices × ${MESSAGES} dispatched notifications (${UNREPORTED * 100} % unreported)`,
    );

    // the lookup alone, as a heartbeat of one device makes it (and as the device API's batch of 32 does)
    const rand = prng(32);
    const pick = () => devs[Math.floor(rand() * devs.length)]!.gaid;
    const repo = new RecoveryRepository(db.database);
    const ask = (gaid: string) => ({ appId: app.id, gaid, ...RECOVERY });
    for (let i = 0; i < 200; i++) await repo.missed([ask(pick())]);
    const single: number[] = [];
    let found = 0;
    for (let i = 0; i < LOOKUPS; i++) {
      const t = performance.now();
      found += (await repo.missed([ask(pick())])).length;
      single.push(performance.now() - t);
    }
    const batched: number[] = [];
    for (let i = 0; i < LOOKUPS / 32; i++) {
      const batch = Array.from({ length: 32 }, () => ask(pick()));
      const t = performance.now();
      await repo.missed(batch);
      batched.push(performance.now() - t);
    }
    const lookup = {
      single: {
        p50: round(percentile(single, 50)),
        p95: round(percentile(single, 95)),
        p99: round(percentile(single, 99)),
      },
      batchOf32: { p50: round(percentile(batched, 50)), p95: round(percentile(batched, 95)) },
      missedPerDevice: round(found / LOOKUPS, 2),
    };
    say(
      `lookup of one device: p50 ${lookup.single.p50} / p95 ${lookup.single.p95} / p99 ${lookup.single.p99} ms (${lookup.missedPerDevice} missed pushes a device); of 32: p95 ${lookup.batchOf32.p95} ms (load ${load()})`,
    );

    // heartbeats through `beacon api`: recovery off and on, --pairs times each, alternating (a fresh process each: the
    // device API keeps an app's setting for 30 s), each run after a checkpoint: the heartbeats' writes otherwise leave
    // the next run a checkpoint (and its full-page writes) that lands on whichever run comes next
    const authorization = `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`;
    const budget = Math.ceil((SECONDS + WARMUP_S + 1) * 25_000);
    const calls = (): EventCalls => {
      const gaids = Array.from({ length: budget }, pick);
      return { gaids, msgIds: new Array<number>(budget).fill(0), nEvents: new Array<number>(budget).fill(0) };
    };
    const base = {
      authorization,
      workers: WORKERS,
      inFlight: IN_FLIGHT,
      client: 'raw' as const,
      warmupMs: WARMUP_S * 1000,
      durationMs: SECONDS * 1000,
    };
    const trivial = await startTrivialServer();
    closers.push(() => trivial.close());
    const floor = await runLoad({
      ...base,
      port: trivial.port,
      path: '/sdk/v1/heartbeat',
      kind: 'heartbeat',
      calls: calls(),
    });
    say(`floor (trivial node:http JSON server): ${floor.callsPerSec} calls/s`);
    const runs: Array<
      {
        recovery: boolean;
        apiCores: number;
        walPerCall: number;
        pgWaits: PgWaits['waits'];
        pgActive: number;
      } & LoadResult
    > = [];
    // a first run that is not counted (the devices' and records' pages come off disk into the caches), then the pairs
    // in alternating order (off-on, on-off, …): each run's writes leave the next one more dead rows and dirty pages,
    // so a fixed order charges that drift to whichever side always runs second
    const order = [
      false,
      ...Array.from({ length: PAIRS }, (_, i) => (i % 2 === 0 ? [false, true] : [true, false])).flat(),
    ];
    let warm = true;
    for (const on of order) {
      await db.database.exec('CHECKPOINT');
      await db.database.query('UPDATE apps SET push_recovery = $2::jsonb WHERE id = $1', [
        app.id,
        JSON.stringify({ ...RECOVERY, enabled: on }),
      ]);
      const api = await startApi({ url: db.url! }, 1);
      try {
        // the API process's CPU over the same window as PostgreSQL's (runLoad reads both at its start and end)
        const apiCpu: Array<[number, number]> = [];
        // an autovacuum of a large table during a run costs that side the cores it takes: said beside each run
        const [vac] = await db.database.query<{ tables: string | null }>(
          `SELECT string_agg(relid::regclass::text, ', ') AS tables FROM pg_stat_progress_vacuum`,
        );
        // what PostgreSQL waits on, and the WAL each call costs: a run slower than its neighbours says why
        const stopWaits = await watchPgWaits(db);
        const r = await runLoad(
          { ...base, port: api.port, path: '/sdk/v1/heartbeat', kind: 'heartbeat', calls: calls() },
          () => {
            apiCpu.push([performance.now(), treeCpuSeconds(api.pid)]);
            return db.serverCpu();
          },
        );
        const [[ta, ca], [tb, cb]] = [apiCpu[0]!, apiCpu[apiCpu.length - 1]!];
        const apiCores = tb > ta ? round((cb - ca) / ((tb - ta) / 1000), 2) : 0;
        const pg = await stopWaits();
        const walPerCall = round(pg.walBytes / Math.max(1, r.totalCalls), 0);
        if (!warm)
          runs.push({
            recovery: on,
            apiCores,
            walPerCall,
            pgWaits: pg.waits,
            pgActive: pg.activeBackends,
            ...r,
          });
        const waits = Object.entries(pg.waits)
          .map(([w, x]) => `${w} ${x}`)
          .join(', ');
        const vacuuming = vac?.tables ? ` (vacuuming at its start: ${vac.tables})` : '';
        say(
          `heartbeats${warm ? ' (warm-up, not counted)' : ''}, recovery ${on ? 'on ' : 'off'}: ${r.callsPerSec} calls/s, p50 ${r.latencyMs.p50} / p99 ${r.latencyMs.p99} ms, ${r.errors} errors${r.firstError ? ` (first: ${r.firstError})` : ''}; PostgreSQL ${r.dbCores} cores (${pg.activeBackends} backends active: ${waits}), ${walPerCall} B of WAL a call, API ${apiCores} cores${vacuuming}`,
        );
      } finally {
        warm = false;
        await api.stop();
      }
    }
    const mean = (on: boolean) => {
      const xs = runs.filter((r) => r.recovery === on).map((r) => r.callsPerSec);
      return round(xs.reduce((a, b) => a + b, 0) / xs.length, 0);
    };
    const heartbeats = {
      offPerSec: mean(false),
      onPerSec: mean(true),
      onVsOff: round(mean(true) / mean(false), 3),
      // each pair's own ratio (on against the off beside it), to see the spread the mean hides
      pairs: Array.from({ length: PAIRS }, (_, i) => {
        const [a, b] = [runs[2 * i]!, runs[2 * i + 1]!];
        const [off, on] = a.recovery ? [b, a] : [a, b];
        return round(on.callsPerSec / off.callsPerSec, 3);
      }),
      offVsFloor: round(mean(false) / floor.callsPerSec, 3),
      floorPerSec: floor.callsPerSec,
    };
    say(
      `heartbeats: off ${heartbeats.offPerSec}/s, on ${heartbeats.onPerSec}/s: on/off ${heartbeats.onVsOff} (pairs ${heartbeats.pairs.join(', ')}; target ≥ 0.9); floor ${heartbeats.floorPerSec}/s`,
    );
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      knobs: {
        devices: DEVICES,
        messages: MESSAGES,
        unreported: UNREPORTED,
        lookups: LOOKUPS,
        seconds: SECONDS,
        workers: WORKERS,
        inFlight: IN_FLIGHT,
        sharedBuffers: SHARED_BUFFERS,
        hugePages: db.hugePages,
        pairs: PAIRS,
        prewarm: PREWARM,
      },
      prewarm,
      lookup,
      heartbeats,
      runs,
      targets: { lookupP95Ms: 5, onVsOff: 0.9 },
      loadAverageEnd: load(),
      totalS: round((performance.now() - t0) / 1000, 0),
    };
    writeFileSync(path.join(here, `results/${OUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    await db.close();
  }
}

/** Reads the relations a heartbeat and its lookup touch into the shared buffers, indexes first; returns the sizes. */
async function prewarmWorkingSet(
  db: BenchDb,
): Promise<{ totalMb: number; loadedMb: number; relations: Record<string, number> }> {
  await db.database.exec('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  const rels = await db.database.query<{ rel: string; mb: number; idx: boolean }>(
    `WITH parts AS (SELECT inhrelid AS oid FROM pg_inherits WHERE inhparent = 'send_records'::regclass),
     pages AS (SELECT inhrelid AS oid FROM pg_inherits WHERE inhparent = 'send_events'::regclass)
     SELECT c.oid::regclass::text AS rel, round(pg_relation_size(c.oid) / 1048576.0, 1)::float8 AS mb, c.relkind = 'i' AS idx
     FROM pg_class c
     WHERE c.oid = 'devices'::regclass
        OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'devices'::regclass)
        OR c.oid IN (SELECT oid FROM parts)
        OR c.oid IN (SELECT oid FROM pages)
        OR c.oid IN (SELECT i.indexrelid FROM pg_index i JOIN pages p ON p.oid = i.indrelid)
        OR c.oid IN (SELECT i.indexrelid FROM pg_index i JOIN parts p ON p.oid = i.indrelid
                     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
                     WHERE a.attname = 'device_id')
     ORDER BY idx DESC, mb`,
  );
  for (const r of rels.filter((x) => x.mb > 0))
    await db.database.query('SELECT pg_prewarm($1::regclass)', [r.rel]);
  // what stayed: a relation read later evicts an earlier one's pages when the buffers are too small for all of them
  await db.database.exec('CREATE EXTENSION IF NOT EXISTS pg_buffercache');
  const [fit] = await db.database.query<{ mb: number }>(
    `SELECT round(count(*) * 8192 / 1048576.0)::int AS mb FROM pg_buffercache b
     JOIN pg_class c ON b.relfilenode = pg_relation_filenode(c.oid) WHERE c.oid::regclass::text = ANY($1::text[])`,
    [rels.map((r) => r.rel)],
  );
  return {
    totalMb: Math.round(rels.reduce((a, r) => a + r.mb, 0)),
    loadedMb: fit?.mb ?? 0,
    relations: Object.fromEntries(rels.map((r) => [r.rel, r.mb])),
  };
}

await main();
