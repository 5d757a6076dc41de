// Statistics: (1) report latency over the rollups of a large app, through HTTP (buildApp listening on 127.0.0.1, a
// signed-in owner, one keep-alive connection); (2) /sdk/v1/events throughput with the statistics writer and without
// it (the same bench-only device API app built with no-op counters), against a load generator's ceiling.
// Run: npm run bench -- stats [--backend pglite|postgres|both] [--phases reports,ingest]
// Sizes: flags or STATS_* environment variables (see bench/README.md, "stats").
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addDays, utcDay } from '@beacon/shared';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { benchConfig, here, load, openBenchDb, percentile, round } from './src/harness';
import {
  runLoad,
  SequentialClient,
  startTrivialServer,
  type EventCalls,
  type LoadResult,
} from './src/http-load';
import { startSdkApp, type StageTotals } from './src/sdk-app';
import { DevicesRepository, type EventRow } from '../apps/server/src/modules/devices/devices.repository';
import { StatisticsWriter } from '../apps/server/src/modules/statistics';
import { seedDevices } from './src/seed-devices';
import { prng, seedStatRollups, STAT_COUNTRIES, STAT_VERSIONS, type RollupSeed } from './src/stat-rollups';

/** `--name value`, else the environment variable, else the default. */
function opt(name: string, env: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1] !== undefined) return process.argv[i + 1]!;
  return process.env[env] ?? def;
}
function num(name: string, env: string, def: number): number {
  const v = Number(opt(name, env, String(def)));
  if (!Number.isFinite(v)) throw new Error(`--${name} / ${env} needs a number`);
  return v;
}

const BACKEND = opt('backend', 'STATS_BACKEND', 'both');
const PHASES = opt('phases', 'STATS_PHASES', 'reports,ingest').split(',');
const DEVICES = {
  postgres: num('pg-devices', 'STATS_PG_DEVICES', 10_000_000),
  pglite: num('pglite-devices', 'STATS_PGLITE_DEVICES', 1_000_000),
};
const RANGE_DAYS = num('range-days', 'STATS_RANGE_DAYS', 31);
const RANGE_MESSAGES = num('messages', 'STATS_MESSAGES', 1000);
const TREND_DAYS = num('trend-days', 'STATS_TREND_DAYS', 365);
const REPEATS = num('repeats', 'STATS_REPEATS', 50);
const SHAPE_BUDGET_MS = num('shape-budget-s', 'STATS_SHAPE_BUDGET_S', 20) * 1000;
const TARGET_P95 = { postgres: 100, pglite: 200 };
const INGEST_DEVICES = num('ingest-devices', 'STATS_INGEST_DEVICES', 200_000);
const INGEST_MESSAGES = num('ingest-messages', 'STATS_INGEST_MESSAGES', 3);
const INGEST_S = num('ingest-s', 'STATS_INGEST_S', 10);
const WARMUP_S = num('warmup-s', 'STATS_WARMUP_S', 2);
const ROUNDS = num('rounds', 'STATS_ROUNDS', 2);
const WORKERS = num('workers', 'STATS_WORKERS', 2);
const IN_FLIGHT = num('in-flight', 'STATS_IN_FLIGHT', 32);
const OUT = opt('out', 'STATS_OUT', 'stats');

const say = (s: string): void =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${load().toFixed(1)}] ${s}`);

interface Statement {
  sql: string;
  params: unknown[] | undefined;
  t0: number;
  t1: number;
}

/** The database with its `query` statements recorded while `start()`…`stop()` (the reports' two rollup reads). */
function capturing(database: Database) {
  let log: Statement[] | undefined;
  const wrapped: Database = {
    ...database,
    query: async <T>(text: string, params?: unknown[]): Promise<T[]> => {
      if (!log) return database.query<T>(text, params);
      const s: Statement = { sql: text, params, t0: performance.now(), t1: 0 };
      log.push(s);
      try {
        return await database.query<T>(text, params);
      } finally {
        s.t1 = performance.now();
      }
    },
  };
  return {
    database: wrapped,
    start: () => void (log = []),
    stop: (): Statement[] => {
      const l = log ?? [];
      log = undefined;
      return l;
    },
  };
}

async function explain(database: Database, s: Statement): Promise<string[]> {
  const rows = await database.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
  return rows.map((r) => Object.values(r)[0] ?? '');
}

interface ShapeResult {
  shape: string;
  path: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  /** wall time of the report's statements inside the server (first start → last end), p50 */
  dbP50: number;
  rows: number;
  targetP95?: number;
  met?: boolean;
  plans: Array<{ sql: string; executionMs: number; plan: string[] }>;
}

async function pgSettings(database: Database): Promise<Record<string, string>> {
  if (database.kind !== 'postgres') return {};
  const rows = await database.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'shared_buffers', 'work_mem', 'jit',
       'max_parallel_workers_per_gather', 'effective_cache_size')`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}

async function tableSizes(database: Database): Promise<Record<string, string>> {
  const rows = await database.query<{ t: string; size: string }>(
    `SELECT t, pg_size_pretty(pg_total_relation_size(t::regclass)) AS size
     FROM unnest(ARRAY['stat_app_days', 'stat_uv_days', 'stat_message_days', 'stat_message_losses']) AS t`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.size]));
}

async function runBackend(backend: 'pglite' | 'postgres'): Promise<Record<string, unknown>> {
  const db = await openBenchDb(backend, 10);
  const cap = capturing(db.database);
  const out: Record<string, unknown> = { backend, date: new Date().toISOString() };
  const closers: Array<() => Promise<unknown>> = [];
  try {
    out.pgSettings = await pgSettings(db.database);
    const config = benchConfig({
      PUBLIC_URL: 'http://beacon.bench',
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    });
    const built = await buildApp({
      config,
      database: cap.database,
      logger: false,
      mailer: { send: async () => undefined },
      runWorkers: false,
    });
    closers.push(() => built.app.close());
    await built.services.users.upsertAdmin('owner@bench.test', 'Owner#2024', 150);
    const user = (await built.repos.users.findByEmail('owner@bench.test'))!;
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (built.app.server.address() as AddressInfo).port;
    const login = await fetch(`http://127.0.0.1:${port}/tcm/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench.test', password: 'Owner#2024' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!cookie.startsWith('beacon_session=')) throw new Error(`login: ${await login.text()}`);
    const owner = { userId: user.id, email: user.email };

    if (PHASES.includes('reports')) {
      const devices = DEVICES[backend];
      const { app } = await built.services.apps.create({
        title: `Stats ${devices}`,
        pkg: `com.example.stats${devices}`,
        owner,
      });
      say(
        `${backend}: seeding the rollups of an app with ${devices} devices: ${RANGE_MESSAGES} messages in ${RANGE_DAYS} days, ${TREND_DAYS} days of rollups`,
      );
      const seed = await seedStatRollups(db.database, {
        appId: app.id,
        devices,
        rangeDays: RANGE_DAYS,
        rangeMessages: RANGE_MESSAGES,
        trendDays: TREND_DAYS,
        ownerEmail: user.email,
      });
      const t = performance.now();
      for (const table of [
        'stat_app_days',
        'stat_uv_days',
        'stat_message_days',
        'stat_message_losses',
        'messages',
      ])
        await db.database.exec(`VACUUM ANALYZE ${table}`);
      const vacuumS = round((performance.now() - t) / 1000, 1);
      // the per-message rows of the reported types add up to the app rollup over the range (as the writer keeps them)
      const [check] = await db.database.query<{ md: string; ad: string; mdShow: string; adShow: string }>(
        `WITH md AS (
           SELECT sum(x.push)::text AS push, sum(x.show)::text AS show FROM stat_message_days x
           JOIN messages m ON m.id = x.message_id
           WHERE x.app_id = $1 AND x.day BETWEEN $2::date AND $3::date AND m.msg_type NOT IN (98, 99)
         ), ad AS (
           SELECT sum(push)::text AS push, sum(show)::text AS show FROM stat_app_days
           WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date
         )
         SELECT md.push AS md, ad.push AS ad, md.show AS "mdShow", ad.show AS "adShow" FROM md, ad`,
        [app.id, seed.rangeStart, seed.rangeEnd],
      );
      const consistent = check?.md === check?.ad && check?.mdShow === check?.adShow;
      const sizes = await tableSizes(db.database);
      const [inRange] = await db.database.query<{ app: number; uv: number }>(
        `SELECT (SELECT count(*)::int FROM stat_app_days WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date) AS app,
                (SELECT count(*)::int FROM stat_uv_days WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date) AS uv`,
        [app.id, seed.rangeStart, seed.rangeEnd],
      );
      say(
        `${backend}: seeded in ${round(seed.seconds, 1)} s (+ VACUUM ANALYZE ${vacuumS} s): ${Object.entries(
          seed.rows,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )}; ${seed.simulatedMessages} messages simulated over ${TREND_DAYS} days; range push ${seed.rangeTotals.push}; Σ per-message rows = app rollup over the range: ${consistent ? 'yes' : `NO (${JSON.stringify(check)})`}; sizes ${JSON.stringify(sizes)}`,
      );
      say(
        `${backend}: equivalent to a ${devices}-device app because the reports read only stat_app_days and stat_uv_days ` +
          `(StatisticsRepository.counts): one row per (day, msg_type, ai, country, version) that had a send and per ` +
          `(day, mode, country, version) that had a show or click — their number depends on days × types × ${STAT_COUNTRIES.length} countries × ` +
          `${STAT_VERSIONS.length} versions, not on devices; the devices only set the counter values and which cells are non-empty ` +
          `(here ${inRange?.app} app rows and ${inRange?.uv} uv rows in the ${RANGE_DAYS}-day range). The rows are what the ` +
          `writer would have left after the simulated sends and events: the per-message rows add up to the app rollup.`,
      );
      const { app: empty } = await built.services.apps.create({
        title: 'Stats empty',
        pkg: 'com.example.stats.empty',
        owner,
      });
      out.reports = {
        devices,
        seeding: { ...seed, vacuumS, consistent, tableSizes: sizes, rowsInRange: inRange },
        ...(await measureReports(backend, db.database, cap, port, cookie, app.id, empty.id, seed)),
      };
    }

    if (PHASES.includes('ingest')) {
      out.ingest = await measureIngest(backend, db, built, config, port, owner);
    }
  } finally {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    await db.close();
  }
  return out;
}

async function measureReports(
  backend: 'pglite' | 'postgres',
  database: Database,
  cap: ReturnType<typeof capturing>,
  port: number,
  cookie: string,
  appId: number,
  emptyId: number,
  seed: RollupSeed,
): Promise<{ floor: object; shapes: ShapeResult[]; met: boolean; loadAverage: number }> {
  const client = new SequentialClient(port, { cookie });
  const range = `start=${seed.rangeStart}&end=${seed.rangeEnd}`;
  const trend = `start=${seed.trendStart}&end=${seed.rangeEnd}`;
  const enc = encodeURIComponent;
  const dim = (id: number, q: string) => `/tcm/v1/app/${id}/report/dimension?${range}&${q}`;
  const shapes: Array<{ name: string; path: string; target: boolean }> = [
    { name: 'dimension, no filter (type 0)', path: dim(appId, 'type=0'), target: true },
    {
      name: `dimension, country ${STAT_COUNTRIES[1]}`,
      path: dim(appId, `type=0&country=${STAT_COUNTRIES[1]}`),
      target: true,
    },
    {
      name: 'dimension, 3 versions',
      path: dim(appId, `type=0&version=${enc(STAT_VERSIONS.slice(0, 3).join(','))}`),
      target: true,
    },
    { name: 'dimension, type 1 (backend)', path: dim(appId, 'type=1'), target: true },
    { name: 'dimension, type 2 (AI all)', path: dim(appId, 'type=2'), target: true },
    { name: 'dimension, type 3 (AI push)', path: dim(appId, 'type=3'), target: true },
    {
      name: `project trend, ${TREND_DAYS} days`,
      path: `/tcm/v1/app/${appId}/report/project?${trend}&type=0`,
      target: false,
    },
    {
      name: 'version-country sub-report',
      path: `/tcm/v1/app/${appId}/report/version-country?${range}&type=0`,
      target: false,
    },
  ];
  const call = async (p: string) => {
    const r = await client.get(p);
    const body = JSON.parse(r.body) as { status: number; data?: { fallback?: boolean } };
    if (r.status !== 200 || body.status !== 200) throw new Error(`${p}: ${r.status} ${r.body.slice(0, 300)}`);
    if (body.data?.fallback) throw new Error(`${p}: the server fell back to the default range`);
    return { ms: r.ms, body };
  };
  const measure = async (p: string) => {
    for (let i = 0; i < 3; i++) await call(p);
    const times: number[] = [];
    const db: number[] = [];
    let last: Statement[] = [];
    const t0 = performance.now();
    while (times.length < REPEATS && (times.length < 10 || performance.now() - t0 < SHAPE_BUDGET_MS)) {
      cap.start();
      const r = await call(p);
      last = cap.stop();
      times.push(r.ms);
      db.push(last.length ? Math.max(...last.map((s) => s.t1)) - Math.min(...last.map((s) => s.t0)) : 0);
    }
    return { times, db, last };
  };

  // the answer is the seeded one (no filter, type 0): Σ of the range, and no fallback to the default range
  const first = await call(shapes[0]!.path);
  const total = (first.body.data as unknown as { totalData: { push: number; show: number; click: number } })
    .totalData;
  if (total.push !== seed.rangeTotals.push || total.show !== seed.rangeTotals.show)
    throw new Error(`dimension total ${JSON.stringify(total)} ≠ seeded ${JSON.stringify(seed.rangeTotals)}`);
  say(`${backend}: dimension total push ${total.push}, show ${total.show}, click ${total.click} = seeded`);

  const floorRun = await measure(dim(emptyId, 'type=0'));
  const floor = {
    p50: round(percentile(floorRun.times, 50), 1),
    p95: round(percentile(floorRun.times, 95), 1),
    max: round(Math.max(...floorRun.times), 1),
  };
  say(`${backend}: HTTP floor (same call, app without statistics): p50 ${floor.p50} / p95 ${floor.p95} ms`);

  const target = TARGET_P95[backend];
  const results: ShapeResult[] = [];
  for (const s of shapes) {
    const m = await measure(s.path);
    const plans = [];
    for (const st of m.last) {
      const plan = await explain(database, st);
      const exec = plan.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)).find(Boolean);
      plans.push({
        sql: st.sql.replace(/\s+/g, ' ').trim(),
        executionMs: exec ? Number(exec[1]) : 0,
        plan,
      });
    }
    // rows read by the scans of the plans (rows × loops of every Scan node)
    let rows = 0;
    for (const p of plans)
      for (const l of p.plan) {
        const m = /Scan.*actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/.exec(l);
        if (m) rows += Number(m[1]) * Number(m[2]);
      }
    const r: ShapeResult = {
      shape: s.name,
      path: s.path,
      runs: m.times.length,
      p50: round(percentile(m.times, 50), 1),
      p95: round(percentile(m.times, 95), 1),
      max: round(Math.max(...m.times), 1),
      dbP50: round(percentile(m.db, 50), 1),
      rows,
      ...(s.target ? { targetP95: target, met: percentile(m.times, 95) <= target } : {}),
      plans,
    };
    results.push(r);
    say(
      `${backend} ${s.name}: p50 ${r.p50} / p95 ${r.p95} / max ${r.max} ms (${r.runs} runs; statements p50 ${r.dbP50} ms; EXPLAIN ${plans.map((p) => `${p.executionMs} ms`).join(' + ')}; ${rows} rollup rows scanned)${s.target ? (r.met ? ' ✓' : ` ✗ target ${target}`) : ''}`,
    );
  }
  client.close();
  return { floor, shapes: results, met: results.every((r) => r.met !== false), loadAverage: load() };
}

interface IngestRun {
  variant: string;
  round: number;
  result: LoadResult;
  /** send records that got their first events in this run, and the events the statistics counted (reach) */
  applied: number;
  counted: number;
  /**
   * Seconds the queued events took to be counted after the load stopped (the statistics count off the request path),
   * and the rate over the window plus that time: what the app sustains with every event counted.
   */
  backlogS: number;
  sustained: { callsPerSec: number; eventsPerSec: number };
  /** per flush of the device API's event batcher (bench-only apps): calls, average ms and items */
  stages?: Record<string, { calls: number; avgMs: number; avgItems: number }>;
}

/** Per-stage deltas between two snapshots of an app's stage totals. */
function stageDelta(before: Map<string, StageTotals>, after: Map<string, StageTotals>) {
  const out: Record<string, { calls: number; avgMs: number; avgItems: number }> = {};
  for (const [k, a] of after) {
    const b = before.get(k) ?? { calls: 0, ms: 0, items: 0 };
    const calls = a.calls - b.calls;
    if (calls > 0)
      out[k] = {
        calls,
        avgMs: round((a.ms - b.ms) / calls, 2),
        avgItems: round((a.items - b.items) / calls, 1),
      };
  }
  return out;
}

class Rollback extends Error {
  constructor(readonly out: unknown) {
    super('rollback');
  }
}

/** Runs `fn` in a transaction that is rolled back, and returns what it returned. */
async function rolledBack<T>(
  database: Database,
  fn: (tx: Pick<Database, 'query'>) => Promise<T>,
): Promise<T> {
  try {
    await database.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.out as T;
    throw err;
  }
  throw new Error('not rolled back');
}

/** The statements a repository or writer method would run, in order, without running them. */
async function statementsOf(run: (q: Pick<Database, 'query'>) => Promise<unknown>) {
  const out: Array<{ sql: string; params: unknown[] | undefined }> = [];
  await run({
    query: async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
      out.push({ sql, params });
      return [];
    },
  });
  return out;
}

interface ExplainedStatement {
  sql: string;
  executionMs: number;
  plan: string[];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement in `tx`, in order (each runs: use a transaction rolled back). */
async function explainAll(
  tx: Pick<Database, 'query'>,
  statements: Array<{ sql: string; params: unknown[] | undefined }>,
): Promise<ExplainedStatement[]> {
  const out: ExplainedStatement[] = [];
  for (const s of statements) {
    const plan = (
      await tx.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params)
    ).map((r) => Object.values(r)[0] ?? '');
    out.push({
      sql: s.sql.replace(/\s+/g, ' ').trim().slice(0, 200),
      executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0),
      plan,
    });
  }
  return out;
}

/**
 * EXPLAIN ANALYZE of one event flush of `rows` (fresh dispatched send records), in transactions that are rolled back:
 * applyEvents; then, after applyEvents ran for real in the same transaction, every statement of countEvents.
 */
async function explainFlush(database: Database, rows: EventRow[]) {
  const repo = new DevicesRepository(database);
  const writer = new StatisticsWriter(database);
  const apply = await rolledBack(database, async (tx) =>
    explainAll(tx, await statementsOf((q) => repo.applyEvents(rows, q))),
  );
  const count = await rolledBack(database, async (tx) => {
    const applied = await repo.applyEvents(rows, tx);
    const events = applied
      .filter((a) => a.dispatched && a.newBits !== 0 && a.deviceId !== null && a.day !== null)
      .map((a) => ({
        messageId: a.messageId,
        deviceId: a.deviceId!,
        newBits: a.newBits,
        day: a.day!,
        country: a.country ?? '',
        appVersion: a.appVersion ?? '',
        receivedAt: a.receivedAt,
        showFailedReason: a.showFailedReason,
      }));
    return {
      events: events.length,
      statements: await explainAll(tx, await statementsOf((q) => writer.countEvents(q, events))),
    };
  });
  const sum = (xs: ExplainedStatement[]) =>
    round(
      xs.reduce((a, x) => a + x.executionMs, 0),
      3,
    );
  return {
    batch: rows.length,
    applyEvents: { executionMs: sum(apply), statements: apply },
    countEvents: { events: count.events, executionMs: sum(count.statements), statements: count.statements },
  };
}

async function measureIngest(
  backend: 'pglite' | 'postgres',
  db: Awaited<ReturnType<typeof openBenchDb>>,
  built: Awaited<ReturnType<typeof buildApp>>,
  config: ReturnType<typeof benchConfig>,
  port: number,
  owner: { userId: number; email: string },
): Promise<Record<string, unknown>> {
  const database = db.database;
  const { app, appSecret } = await built.services.apps.create({
    title: 'Ingest',
    pkg: 'com.example.ingest',
    owner,
  });
  const t = performance.now();
  await seedDevices(database, app.id, INGEST_DEVICES, { allSendable: true }, 250_000);
  const msgRows = await database.query<{ id: string }>(
    `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count, schedule_type,
       ttl_seconds, content_create_type, created_at, started_at)
     SELECT $1::int, 1, 4, 'Ingest ' || k, $2, '{}'::jsonb, 0, $3::int, 0, 86400, k % 2, now() - interval '2 hours',
       now() - interval '2 hours'
     FROM generate_series(1, $4::int) AS k ORDER BY k RETURNING id::text AS id`,
    [app.id, owner.email, INGEST_DEVICES, INGEST_MESSAGES],
  );
  const messageIds = msgRows.map((r) => Number(r.id));
  // every device was dispatched every message (send_records outcome 1, as in test/fixtures/synthetic-devices.ts)
  await database.query(
    `INSERT INTO send_records (message_id, device_id, outcome, sent_at)
     SELECT m, d.id, 1, now() - interval '90 minutes' FROM unnest($2::bigint[]) AS m, devices d WHERE d.app_id = $1`,
    [app.id, messageIds],
  );
  // … and counted as countSends does when it records them (the rows the events' counters then update)
  await database.query(
    `INSERT INTO stat_message_days (message_id, day, country, app_version, app_id, push, dispatch)
     SELECT s.message_id, (s.sent_at AT TIME ZONE 'UTC')::date, d.country, d.app_version, $1, count(*), count(*)
     FROM send_records s JOIN devices d ON d.id = s.device_id WHERE s.message_id = ANY($2::bigint[])
     GROUP BY 1, 2, 3, 4`,
    [app.id, messageIds],
  );
  await database.query(
    `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch)
     SELECT $1::int, x.day, m.msg_type, m.content_create_type > 0, x.country, x.app_version, sum(x.push), sum(x.dispatch)
     FROM stat_message_days x JOIN messages m ON m.id = x.message_id WHERE x.message_id = ANY($2::bigint[])
     GROUP BY 1, 2, 3, 4, 5, 6`,
    [app.id, messageIds],
  );
  await database.query(
    'UPDATE messages SET dispatch_count = push_count, selected_count = push_count WHERE id = ANY($1::bigint[])',
    [messageIds],
  );
  for (const table of ['devices', 'send_records', 'messages', 'stat_message_days', 'stat_app_days'])
    await database.exec(`VACUUM ANALYZE ${table}`);
  const seedS = round((performance.now() - t) / 1000, 1);

  // the calls: every (device, message) once, shuffled; 2 events (received, shown) or, for 30 %, 3 (+ clicked)
  const devs = await database.query<{ gaid: string }>(
    'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id',
    [app.id],
  );
  const rand = prng(7);
  const pairs = new Int32Array(devs.length * messageIds.length).map((_, i) => i);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  const consuming = 3 * ROUNDS;
  const RESERVE = 64; // fresh pairs for the EXPLAIN of one flush, at the end
  const sliceSize = Math.floor((pairs.length - RESERVE) / consuming);
  let nextSlice = 0;
  const slice = (k: number): EventCalls => {
    const part = pairs.subarray(k * sliceSize, (k + 1) * sliceSize);
    return {
      gaids: Array.from(part, (p) => devs[Math.floor(p / messageIds.length)]!.gaid),
      msgIds: Array.from(part, (p) => messageIds[p % messageIds.length]!),
      nEvents: Array.from(part, () => (rand() < 0.3 ? 3 : 2)),
    };
  };
  say(
    `${backend}: ingest app: ${devs.length} devices, ${messageIds.length} messages, ${pairs.length} dispatched send records (seeded in ${seedS} s); ${consuming} runs of up to ${sliceSize} calls`,
  );

  const authorization = `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`;
  const withWriter = await startSdkApp(config, database, 'writer');
  const without = await startSdkApp(config, database, 'none');
  const trivial = await startTrivialServer();
  const base = {
    path: '/sdk/v1/events',
    authorization,
    workers: WORKERS,
    inFlight: IN_FLIGHT,
    warmupMs: WARMUP_S * 1000,
    durationMs: INGEST_S * 1000,
  };
  const counts = async () => {
    const [r] = await database.query<{ applied: number; counted: number }>(
      `SELECT (SELECT count(*)::int FROM send_records WHERE message_id = ANY($1::bigint[]) AND event_mask <> 0) AS applied,
              (SELECT COALESCE(sum(reach_count), 0)::int FROM messages WHERE id = ANY($1::bigint[])) AS counted`,
      [messageIds],
    );
    return r!;
  };
  const runs: IngestRun[] = [];
  const ceilings: LoadResult[] = [];
  let flush: Awaited<ReturnType<typeof explainFlush>> | undefined;
  const ceiling = async () => {
    const r = await runLoad({ ...base, port: trivial.port, calls: slice(0) });
    ceilings.push(r);
    say(
      `${backend} ceiling (trivial node:http JSON server): ${r.callsPerSec} calls/s (p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99}; load threads ELU ${r.workerElu.join('/')}, server thread ELU ${r.serverElu})`,
    );
  };
  const run = async (variant: string, p: number, round_: number, probe?: Map<string, StageTotals>) => {
    const before = await counts();
    const stages0 = new Map([...(probe ?? [])].map(([k, v]) => [k, { ...v }]));
    const r = await runLoad({ ...base, port: p, calls: slice(nextSlice++) }, () => db.serverCpu());
    const t1 = performance.now();
    while (
      Number(
        (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM stat_pending_events'))[0]?.n,
      )
    )
      await new Promise((res) => setTimeout(res, 10));
    const backlogS = round((performance.now() - t1) / 1000, 2);
    const span = r.windowS + backlogS;
    const after = await counts();
    const x: IngestRun = {
      variant,
      round: round_,
      result: r,
      applied: after.applied - before.applied,
      counted: after.counted - before.counted,
      backlogS,
      sustained: {
        callsPerSec: round((r.callsPerSec * r.windowS) / span, 0),
        eventsPerSec: round((r.eventsPerSec * r.windowS) / span, 0),
      },
      ...(probe ? { stages: stageDelta(stages0, probe) } : {}),
    };
    runs.push(x);
    say(
      `${backend} ${variant} (round ${round_}): ${r.callsPerSec} calls/s, ${r.eventsPerSec} events/s (p50 ${r.latencyMs.p50} / p99 ${r.latencyMs.p99} ms; ${r.errors} errors${r.firstError ? ` first: ${r.firstError}` : ''}${r.exhausted ? '; slice used up' : ''}); server thread ELU ${r.serverElu}, process ${r.processCores} cores, PostgreSQL ${r.dbCores} cores; send records given events ${x.applied}, counted by the statistics ${x.counted} (backlog counted ${backlogS} s after the load; sustained ${x.sustained.callsPerSec} calls/s)${
        x.stages
          ? `; per flush: ${Object.entries(x.stages)
              .map(([k, v]) => `${k} ${v.avgMs} ms${v.avgItems ? ` (${v.avgItems} items)` : ''}`)
              .join(', ')}`
          : ''
      }`,
    );
  };
  try {
    await ceiling();
    // ABC CBA …: every variant at mirrored places, so a drift of the machine or of the tables (stat_uv fills up)
    // weighs on each alike
    for (let r = 1; r <= ROUNDS; r++) {
      const order = [
        ['with statistics writer', withWriter.port, withWriter.stages] as const,
        ['without (no-op counters)', without.port, without.stages] as const,
        ['shipped buildApp (with writer)', port, undefined] as const,
      ];
      if (r % 2 === 0) order.reverse();
      for (const [v, p, stages] of order) await run(v, p, r, stages);
    }
    await ceiling();
    const reserve = pairs.subarray(pairs.length - RESERVE);
    const now = Date.now();
    flush = await explainFlush(
      database,
      Array.from(reserve, (p, k) => ({
        appId: app.id,
        gaid: devs[Math.floor(p / messageIds.length)]!.gaid,
        messageId: String(messageIds[p % messageIds.length]),
        mask: k % 3 === 0 ? 7 : 3,
        receivedAt: new Date(now - 3000),
        shownAt: new Date(now - 2000),
        clickedAt: k % 3 === 0 ? new Date(now - 1000) : null,
        showFailedReason: null,
      })),
    );
    say(
      `${backend}: one flush of ${flush.batch} fresh events, EXPLAIN ANALYZE (rolled back): applyEvents ${flush.applyEvents.executionMs} ms, countEvents ${flush.countEvents.executionMs} ms (${flush.countEvents.events} counted)`,
    );
  } finally {
    await trivial.close();
    await withWriter.close();
    await without.close();
  }
  const mean = (v: string, k: 'callsPerSec' | 'eventsPerSec') => {
    // the sustained rate: calls over the window plus the time their events took to be counted
    const xs = runs.filter((x) => x.variant === v).map((x) => x.sustained[k]);
    return round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), 0);
  };
  const ceilingPerSec = Math.max(...ceilings.map((c) => c.callsPerSec));
  const summary = {
    with: {
      callsPerSec: mean('with statistics writer', 'callsPerSec'),
      eventsPerSec: mean('with statistics writer', 'eventsPerSec'),
    },
    without: {
      callsPerSec: mean('without (no-op counters)', 'callsPerSec'),
      eventsPerSec: mean('without (no-op counters)', 'eventsPerSec'),
    },
    shipped: {
      callsPerSec: mean('shipped buildApp (with writer)', 'callsPerSec'),
      eventsPerSec: mean('shipped buildApp (with writer)', 'eventsPerSec'),
    },
    ceilingPerSec,
  };
  const withVsWithout = round(summary.with.callsPerSec / Math.max(1, summary.without.callsPerSec), 2);
  say(
    `${backend} ingest: with ${summary.with.callsPerSec} calls/s (${summary.with.eventsPerSec} events/s), without ${summary.without.callsPerSec} calls/s (${summary.without.eventsPerSec} events/s) → with/without ${withVsWithout}; shipped app ${summary.shipped.callsPerSec} calls/s; ceiling ${ceilingPerSec} calls/s (without/ceiling ${round(summary.without.callsPerSec / ceilingPerSec, 2)})`,
  );
  return {
    devices: devs.length,
    messages: messageIds.length,
    sendRecords: pairs.length,
    seedS,
    knobs: { workers: WORKERS, inFlight: IN_FLIGHT, warmupS: WARMUP_S, durationS: INGEST_S, rounds: ROUNDS },
    summary,
    withVsWithout,
    withoutVsCeiling: round(summary.without.callsPerSec / ceilingPerSec, 2),
    ceilings,
    runs,
    flushExplain: flush,
    loadAverage: load(),
  };
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const backends: Array<'pglite' | 'postgres'> =
    BACKEND === 'both' ? ['pglite', 'postgres'] : [BACKEND as 'pglite' | 'postgres'];
  if (backends.some((b) => b !== 'pglite' && b !== 'postgres'))
    throw new Error('--backend pglite|postgres|both');
  say(
    `stats bench on ${backends.join(', ')} (${PHASES.join(', ')}); today (UTC) ${utcDay()}, range ends ${addDays(utcDay(), -1)}`,
  );
  const runs: Array<Record<string, unknown>> = [];
  for (const b of backends) runs.push(await runBackend(b));

  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, `results/${OUT}.json`);
  // a run of one backend keeps the other backend's run of the previous file (each run has its date)
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { runs: Array<{ backend: string }> }).runs.filter(
        (r) => !backends.includes(r.backend as 'pglite'),
      )
    : [];
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    execArgv: process.execArgv,
    knobs: {
      devices: DEVICES,
      rangeDays: RANGE_DAYS,
      rangeMessages: RANGE_MESSAGES,
      trendDays: TREND_DAYS,
      repeats: REPEATS,
      targetP95Ms: TARGET_P95,
    },
    totalS: round((performance.now() - t0) / 1000, 0),
    loadAverageEnd: load(),
    runs: [...kept, ...runs],
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

  console.log('\nReports (HTTP, keep-alive, one at a time): p50 / p95 / max ms');
  for (const r of runs as Array<{
    backend: string;
    reports?: { devices: number; floor: { p50: number; p95: number }; shapes: ShapeResult[]; met: boolean };
  }>) {
    if (!r.reports) continue;
    console.log(
      `  ${r.backend}, ${r.reports.devices} devices (HTTP floor p50 ${r.reports.floor.p50} / p95 ${r.reports.floor.p95}) → dimension target ${r.reports.met ? 'met' : 'MISSED'}`,
    );
    for (const s of r.reports.shapes)
      console.log(
        `    ${s.shape.padEnd(32)} ${String(s.p50).padStart(7)} / ${String(s.p95).padStart(7)} / ${String(s.max).padStart(7)}${s.targetP95 ? `  (≤ ${s.targetP95}: ${s.met ? 'met' : 'MISSED'})` : ''}`,
      );
  }
  console.log('\nIngest (/sdk/v1/events, 2–3 events per call):');
  for (const r of runs as Array<{
    backend: string;
    ingest?: {
      summary: Record<string, { callsPerSec: number; eventsPerSec: number }> & { ceilingPerSec: number };
      withVsWithout: number;
    };
  }>) {
    if (!r.ingest) continue;
    const s = r.ingest.summary;
    console.log(
      `  ${r.backend}: with ${s.with!.callsPerSec} calls/s (${s.with!.eventsPerSec} ev/s), without ${s.without!.callsPerSec} calls/s (${s.without!.eventsPerSec} ev/s), ratio ${r.ingest.withVsWithout}; shipped ${s.shipped!.callsPerSec} calls/s; ceiling ${s.ceilingPerSec} calls/s`,
    );
  }
  console.log(`\nwritten ${path.relative(process.cwd(), file)} (${result.totalS} s)`);
}

await main();
process.exit(0);
