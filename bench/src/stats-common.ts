// The stats bench's knobs (flags or STATS_* variables, bench/README.md "stats"), its log line and EXPLAIN.
import type { Database } from '../../apps/server/src/db/client';

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

export const BACKEND = opt('backend', 'STATS_BACKEND', 'both');
export const PHASES = opt('phases', 'STATS_PHASES', 'reports,ingest').split(',');
export const DEVICES = {
  postgres: num('pg-devices', 'STATS_PG_DEVICES', 10_000_000),
  pglite: num('pglite-devices', 'STATS_PGLITE_DEVICES', 1_000_000),
};
export const RANGE_DAYS = num('range-days', 'STATS_RANGE_DAYS', 31);
export const RANGE_MESSAGES = num('messages', 'STATS_MESSAGES', 1000);
export const TREND_DAYS = num('trend-days', 'STATS_TREND_DAYS', 365);
export const REPEATS = num('repeats', 'STATS_REPEATS', 50);
export const SHAPE_BUDGET_MS = num('shape-budget-s', 'STATS_SHAPE_BUDGET_S', 20) * 1000;
export const TARGET_P95 = { postgres: 100, pglite: 200 };
export const INGEST_DEVICES = num('ingest-devices', 'STATS_INGEST_DEVICES', 500_000);
export const INGEST_MESSAGES = num('ingest-messages', 'STATS_INGEST_MESSAGES', 3);
export const INGEST_S = num('ingest-s', 'STATS_INGEST_S', 10);
export const WARMUP_S = num('warmup-s', 'STATS_WARMUP_S', 2);
export const ROUNDS = num('rounds', 'STATS_ROUNDS', 2);
export const WORKERS = num('workers', 'STATS_WORKERS', 2);
export const IN_FLIGHT = num('in-flight', 'STATS_IN_FLIGHT', 32);
/** the load generator's client: bare sockets (default) or node:http (bench/src/http-load.ts LoadOptions.client) */
export const CLIENT = opt('client', 'STATS_CLIENT', 'raw') as 'raw' | 'node';
export const OUT = opt('out', 'STATS_OUT', 'stats');

export type Backend = 'pglite' | 'postgres';

export { say } from './harness';

/** The EXPLAIN (ANALYZE, BUFFERS) lines of a statement (it runs: inside a transaction rolled back if it writes). */
export async function explainPlan(
  q: Pick<Database, 'query'>,
  s: { sql: string; params: unknown[] | undefined },
): Promise<string[]> {
  const rows = await q.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
  return rows.map((r) => Object.values(r)[0] ?? '');
}
