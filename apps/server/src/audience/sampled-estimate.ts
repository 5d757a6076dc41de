import { roundEstimate } from '@beacon/shared';
import type { Database } from '../db/client';
import { countQuery, lookupCost, perDeviceLookups, type CompiledAudience } from './compile-conditions';

export { roundEstimate };

/** A device's sample bucket is `hashint8(id) & (SAMPLE_BUCKETS − 1)`; buckets below SAMPLE_INDEXED are indexed (0013). */
export const SAMPLE_BUCKETS = 1024;
export const SAMPLE_INDEXED = 128;

/** The sample bucket of `devices <alias>`, spelled exactly as the partial index 0013 so the planner can use it. */
export const sampleBucket = (alias: string): string => `(hashint8(${alias}.id) & ${SAMPLE_BUCKETS - 1})`;

export interface EstimateOptions {
  /** Apps with fewer devices (by their first bucket) are counted exactly. Default 100,000. */
  exactBelow?: number;
  /**
   * Rows a sampled count may read, in plain-row units (a device whose conditions look up tags or send records costs
   * several: `lookupCost`); the number of buckets follows from the app's size. Default 32,000.
   */
  sampleRows?: number;
  /** Rows a sampled count reads at least, however costly its lookups (accuracy first). Default 8,000. */
  minSampleRows?: number;
  /** Fewer matches than this in the sample: count exactly when the planner prices it under `exactCost`. Default 100. */
  minMatches?: number;
  /** Planner cost (PostgreSQL units) under which an exact count is cheap enough for a live estimate. Default 10,000 (≈ 50–100 ms). */
  exactCost?: number;
}

export interface AudienceEstimate {
  /** The number of matching devices: exact, or the sampled count scaled up (3 significant digits). */
  count: number;
  exact: boolean;
  /** Share of the app's devices the count read: 1 when exact, else buckets / 1024. */
  fraction: number;
  /** Matching devices found in the sample (the exact count when exact). */
  matches: number;
  /** Relative standard error of `count` from the sample size (0 when exact): √((1 − fraction) / matches). */
  relativeError: number;
  /** Why it is exact or sampled: 'small app', 'rare and cheap', 'none in sample' (exact) or 'sampled'. */
  reason: string;
  /** The count query that produced `count` (for EXPLAIN in the benchmark). */
  query: { sql: string; params: unknown[] };
  /**
   * The devices `matches` counted, as an audience: the audience itself when exact, else restricted to the sample's
   * buckets (the forecast before send reads the same devices).
   */
  sample: CompiledAudience;
}

const DEFAULTS: Required<EstimateOptions> = {
  exactBelow: 100_000,
  sampleRows: 32_000,
  minSampleRows: 8_000,
  minMatches: 100,
  exactCost: 10_000,
};

export type Queryable = Pick<Database, 'query'>;
export type EstimateDatabase = Pick<Database, 'query' | 'withConnection' | 'kind'>;

async function exactCount(
  database: Queryable,
  audience: CompiledAudience,
  reason: string,
): Promise<AudienceEstimate> {
  const query = countQuery(audience);
  const [row] = await database.query<{ n: string }>(query.sql, query.params);
  const n = Number(row?.n ?? 0);
  return {
    count: n,
    exact: true,
    fraction: 1,
    matches: n,
    relativeError: 0,
    reason,
    query,
    sample: audience,
  };
}

/** The planner's total cost of the exact count (no execution). */
async function exactCostOf(database: Queryable, audience: CompiledAudience): Promise<number> {
  const query = countQuery(audience);
  const [row] = await database.query<Record<string, unknown>>(
    `EXPLAIN (FORMAT JSON) ${query.sql}`,
    query.params,
  );
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    Array<{ Plan?: { 'Total Cost'?: number } }> | undefined;
  return plan?.[0]?.Plan?.['Total Cost'] ?? Number.POSITIVE_INFINITY;
}

/**
 * How many of an app's devices match a compiled audience, fast on any app size: small apps are counted exactly;
 * larger ones by counting the matches among the devices of the first k sample buckets (an index-only range of the
 * partial index 0013) and scaling by 1024 / k, with k chosen so that about `sampleRows` rows are read. A sample with
 * few matches falls back to the exact count when the planner prices it cheap, or when the sample holds none (an
 * estimate of 0 would make the audience unusable in the compose form). Sends never use this: the delivery engine
 * and the save-time check count the exact audience.
 */
export async function estimateAudience(
  database: EstimateDatabase,
  audience: CompiledAudience,
  options: EstimateOptions = {},
): Promise<AudienceEstimate> {
  return inEstimateSession(database, (q) => estimateOn(q, audience, options));
}

/**
 * Runs `fn` with the settings of a live estimate. PostgreSQL: a read-only transaction that plans serially and without
 * JIT compilation (starting workers or compiling costs more than a bounded count; the other cores stay free).
 * PGlite has neither parallel workers nor JIT (and one shared connection): the queries run as they are.
 */
export async function inEstimateSession<T>(
  database: EstimateDatabase,
  fn: (q: Queryable) => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return fn(database);
  return database.withConnection(async (conn) => {
    await conn.exec('BEGIN READ ONLY; SET LOCAL max_parallel_workers_per_gather = 0; SET LOCAL jit = off');
    try {
      const result = await fn(conn);
      await conn.exec('COMMIT');
      return result;
    } catch (err) {
      await conn.exec('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}

async function estimateOn(
  database: Queryable,
  audience: CompiledAudience,
  options: EstimateOptions,
): Promise<AudienceEstimate> {
  const o = { ...DEFAULTS, ...options };
  const a = audience.alias;
  const bucket = sampleBucket(a);
  // the app's size from its first bucket, read no further than needed to choose k (k = 1 beyond that)
  const cap = Math.max(1, Math.ceil(o.sampleRows));
  const [probe] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM devices ${a} WHERE ${a}.app_id = $1 AND ${bucket} = 0 LIMIT ${cap}) s`,
    [audience.params[0]],
  );
  const perBucket = probe?.n ?? 0;
  if (perBucket * SAMPLE_BUCKETS < o.exactBelow) return exactCount(database, audience, 'small app');
  const rows = Math.max(o.minSampleRows, o.sampleRows / (1 + lookupCost(audience)));
  const k = Math.min(SAMPLE_INDEXED, Math.max(1, Math.floor(rows / perBucket)));
  const sample = { ...audience, sql: `${perDeviceLookups(audience).sql} AND ${bucket} < ${k}` };
  const query = countQuery(sample);
  const [row] = await database.query<{ n: string }>(query.sql, query.params);
  const matches = Number(row?.n ?? 0);
  if (matches === 0) return exactCount(database, audience, 'none in sample');
  if (matches < o.minMatches && (await exactCostOf(database, audience)) <= o.exactCost)
    return exactCount(database, audience, 'rare and cheap');
  const fraction = k / SAMPLE_BUCKETS;
  return {
    count: roundEstimate((matches * SAMPLE_BUCKETS) / k),
    exact: false,
    fraction,
    matches,
    relativeError: Math.sqrt((1 - fraction) / matches),
    reason: 'sampled',
    query,
    sample,
  };
}
