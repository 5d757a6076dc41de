// The stats bench's reports phase: the rollups of a large app seeded, then each report shape timed through HTTP with
// its statements recorded and explained.
import type { buildApp } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/client';
import { load, percentile, round, type BenchDb } from './harness';
import { SequentialClient } from './http-load';
import { seedStatRollups, type RollupSeed } from './stat-rollups';
import { STAT_COUNTRIES, STAT_VERSIONS } from './stat-simulation';
import {
  DEVICES,
  explainPlan,
  RANGE_DAYS,
  RANGE_MESSAGES,
  REPEATS,
  say,
  SHAPE_BUDGET_MS,
  TARGET_P95,
  TREND_DAYS,
  type Backend,
} from './stats-common';

interface Statement {
  sql: string;
  params: unknown[] | undefined;
  t0: number;
  t1: number;
}

/** The database with its `query` statements recorded while `start()`…`stop()` (the reports' two rollup reads). */
export function capturing(database: Database) {
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

export interface ShapeResult {
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

async function tableSizes(database: Database): Promise<Record<string, string>> {
  const rows = await database.query<{ t: string; size: string }>(
    `SELECT t, pg_size_pretty(pg_total_relation_size(t::regclass)) AS size
     FROM unnest(ARRAY['stat_app_days', 'stat_uv_days', 'stat_app_day_totals', 'stat_uv_day_totals',
                       'stat_message_days', 'stat_message_losses']) AS t`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.size]));
}

/**
 * The reports phase on one backend: an app with the rollups of `DEVICES[backend]` devices (checked: the per-message
 * rows add up to the app rollup), an app without statistics for the HTTP floor, then every report shape.
 */
export async function runReports(
  backend: Backend,
  db: BenchDb,
  cap: ReturnType<typeof capturing>,
  built: Awaited<ReturnType<typeof buildApp>>,
  port: number,
  cookie: string,
  owner: { userId: number; email: string },
): Promise<Record<string, unknown>> {
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
    ownerEmail: owner.email,
  });
  const t = performance.now();
  for (const table of [
    'stat_app_days',
    'stat_uv_days',
    'stat_app_day_totals',
    'stat_uv_day_totals',
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
  // … and the per-day totals (what the unfiltered trend reads) add up the app rollup's rows, day by day, over the
  // whole trend: no day whose counters or unique devices differ
  const [totals] = await db.database.query<{ app: number; uv: number }>(
    `SELECT (SELECT count(*)::int FROM (
               (SELECT day, msg_type, ai, push, dispatch, notice_off, reach, show, click, conversion
                FROM stat_app_day_totals WHERE app_id = $1
                EXCEPT
                SELECT day, msg_type, ai, sum(push)::bigint, sum(dispatch)::bigint, sum(notice_off)::bigint,
                       sum(reach)::bigint, sum(show)::bigint, sum(click)::bigint, sum(conversion)::bigint
                FROM stat_app_days WHERE app_id = $1 GROUP BY 1, 2, 3)
               UNION ALL
               (SELECT day, msg_type, ai, sum(push)::bigint, sum(dispatch)::bigint, sum(notice_off)::bigint,
                       sum(reach)::bigint, sum(show)::bigint, sum(click)::bigint, sum(conversion)::bigint
                FROM stat_app_days WHERE app_id = $1 GROUP BY 1, 2, 3
                EXCEPT
                SELECT day, msg_type, ai, push, dispatch, notice_off, reach, show, click, conversion
                FROM stat_app_day_totals WHERE app_id = $1)) d) AS app,
            (SELECT count(*)::int FROM (
               (SELECT day, mode, show_uv, click_uv FROM stat_uv_day_totals WHERE app_id = $1
                EXCEPT
                SELECT day, mode, sum(show_uv)::bigint, sum(click_uv)::bigint FROM stat_uv_days WHERE app_id = $1
                GROUP BY 1, 2)
               UNION ALL
               (SELECT day, mode, sum(show_uv)::bigint, sum(click_uv)::bigint FROM stat_uv_days WHERE app_id = $1
                GROUP BY 1, 2
                EXCEPT
                SELECT day, mode, show_uv, click_uv FROM stat_uv_day_totals WHERE app_id = $1)) d) AS uv`,
    [app.id],
  );
  const consistent =
    check?.md === check?.ad && check?.mdShow === check?.adShow && totals?.app === 0 && totals?.uv === 0;
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
      )}; ${seed.simulatedMessages} messages simulated over ${TREND_DAYS} days; range push ${seed.rangeTotals.push}; Σ per-message rows = app rollup over the range, Σ app rollup = per-day totals every day: ${consistent ? 'yes' : `NO (${JSON.stringify({ ...check, daysDiffering: totals })})`}; sizes ${JSON.stringify(sizes)}`,
  );
  say(
    `${backend}: equivalent to a ${devices}-device app because the reports read only stat_app_days and stat_uv_days ` +
      `(StatisticsRepository.counts; the unfiltered trend their per-day totals): one row per (day, msg_type, ai, country, version) that had a send and per ` +
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
  return {
    devices,
    seeding: { ...seed, vacuumS, consistent, tableSizes: sizes, rowsInRange: inRange },
    ...(await measureReports(backend, db.database, cap, port, cookie, app.id, empty.id, seed)),
  };
}

async function measureReports(
  backend: Backend,
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
      const plan = await explainPlan(database, st);
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

/** The reports' summary at the end of the run. */
export function printReports(runs: Array<Record<string, unknown>>): void {
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
}
