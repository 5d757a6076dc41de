import { roundEstimate } from '@beacon/shared';
import type { Database } from '../db/client';
import { countQuery, lookupCost, perDeviceLookups, type CompiledAudience } from './compile-conditions';

export { roundEstimate };

/** A device's sample bucket: `hashint8(id) & (SAMPLE_BUCKETS − 1)`; buckets below SAMPLE_INDEXED are indexed (0056). */
export const SAMPLE_BUCKETS = 1024;
export const SAMPLE_INDEXED = 128;

/** The sample bucket of `devices <alias>`. */
export const sampleBucket = (alias: string): string => `(hashint8(${alias}.id) & ${SAMPLE_BUCKETS - 1})`;

/**
 * A bucket's slices: the sample grows by 1/16,384 of the app (a slice) rather than by 1/1,024 (a bucket), so that a
 * 10M-device app can be sampled below the ~9,800 devices of one bucket (and a 100M one below its ~98,000).
 */
export const SAMPLE_SLICES = 16;
const SLICES = SAMPLE_BUCKETS * SAMPLE_SLICES;
const SLICES_INDEXED = SAMPLE_INDEXED * SAMPLE_SLICES;

/**
 * The slice of `devices <alias>`: its bucket's 16 slices by the next 4 bits of the same hash, in bucket order. Spelled
 * exactly as the key of the partial index 0056 (whose predicate is slice < SLICES_INDEXED) so the planner uses it.
 */
const sampleSlice = (alias: string): string =>
  `((${sampleBucket(alias)} * ${SAMPLE_SLICES}) + ((hashint8(${alias}.id) >> 10) & ${SAMPLE_SLICES - 1}))`;

/** The devices of slices from ≤ slice < to: one range of the partial index (to ≤ SLICES_INDEXED), read no wider. */
function slicesSql(alias: string, from: number, to: number): string {
  const slice = sampleSlice(alias);
  return `${slice} >= ${from} AND ${slice} < ${to}`;
}

/** Matches the sample should hold (a standard error of about 3 %) before it stops growing within its budget. */
const ENOUGH_MATCHES = 1_100;

export interface EstimateOptions {
  /** Apps with fewer devices (by their first bucket) are counted exactly. Default 100,000. */
  exactBelow?: number;
  /**
   * Rows a sampled count may read, in plain-row units (a device whose conditions look up tags or send records costs
   * several: `lookupCost`); the number of buckets follows from the app's size. Default 32,000.
   */
  sampleRows?: number;
  /**
   * Rows a sampled count reads at least, however costly its lookups (accuracy first). Default 8,000. A sample reads
   * half of that first (`firstSampleRows`) and the rest only when it found fewer than ~1,100 matches (±3 %).
   */
  minSampleRows?: number;
  /** Rows the first pass of a costly sample reads at least. Default 4,000. */
  firstSampleRows?: number;
  /** Fewer matches than this in the sample: count exactly when the planner prices it under `exactCost`. Default 100. */
  minMatches?: number;
  /** Planner cost (PostgreSQL units) under which an exact count is cheap enough for a live estimate. Default 10,000 (≈ 50–100 ms). */
  exactCost?: number;
}

export interface AudienceEstimate {
  /** The number of matching devices: exact, or the sampled count scaled up (3 significant digits). */
  count: number;
  exact: boolean;
  /** Share of the app's devices the count read: 1 when exact, else slices / 16,384. */
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
  firstSampleRows: 4_000,
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
 * larger ones by counting the matches among the devices of the first k sample slices (1/16,384 of the app each; one
 * index-only range of the partial index 0056, keyed by slice) and scaling by 16,384 / k, with k chosen so that about
 * `sampleRows` rows are read — a costly audience (per-device lookups) at least `firstSampleRows`, grown to
 * `minSampleRows` when that found fewer than ~1,100 matches. A sample with few matches falls back to the exact count
 * when the planner prices it cheap, or when the sample holds none (an estimate of 0 would make the audience unusable
 * in the compose form). Sends never use this: the delivery engine and the save-time check count the exact audience.
 */
export async function estimateAudience(
  database: EstimateDatabase,
  audience: CompiledAudience,
  options: EstimateOptions = {},
): Promise<AudienceEstimate> {
  return estimateOn((fn) => inEstimateSession(database, fn), audience, options, database.kind === 'postgres');
}

/** Runs one step of an estimate in a session of its own (inEstimateSession): no step holds a connection while it waits for another. */
type Session = <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>;

/** Below this many slices a sampled count runs whole: a second session costs more than half of it saves. */
const SPLIT_FROM_SLICES = 4;

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

/**
 * `split`: a sampled count of 4 slices or more runs as two halves at once, each in its own session (PostgreSQL's
 * pooled connections). A sampled count is bound by one backend's page reads (one core), and PostgreSQL's own parallel
 * workers cost more to start than the count takes (a Gather of 153 ms against 15 ms serial at 1M): two connections
 * that already run do the same without the start.
 */
async function estimateOn(
  session: Session,
  audience: CompiledAudience,
  options: EstimateOptions,
  split: boolean,
): Promise<AudienceEstimate> {
  const o = { ...DEFAULTS, ...options };
  const a = audience.alias;
  // the app's size from its first bucket, read no further than needed to choose k (k = 1 beyond that)
  const cap = Math.max(1, Math.ceil(o.sampleRows));
  const [probe] = await session((q) =>
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM devices ${a} WHERE ${a}.app_id = $1 AND ${slicesSql(a, 0, SAMPLE_SLICES)} LIMIT ${cap}) s`,
      [audience.params[0]],
    ),
  );
  const perBucket = probe?.n ?? 0;
  if (perBucket * SAMPLE_BUCKETS < o.exactBelow) return session((q) => exactCount(q, audience, 'small app'));
  const perSlice = perBucket / SAMPLE_SLICES;
  const slicesFor = (rows: number) => Math.min(SLICES_INDEXED, Math.max(1, Math.floor(rows / perSlice)));
  const budget = o.sampleRows / (1 + lookupCost(audience));
  // a costly sample (lookups per device) reads a first half, and the rest of its minimum only if that found few
  const first = slicesFor(Math.max(Math.min(o.firstSampleRows, o.minSampleRows), budget));
  const most = Math.max(first, slicesFor(Math.max(o.minSampleRows, budget)));
  const lookups = perDeviceLookups(audience).sql;
  const countRange = (from: number, to: number) =>
    session(async (q) => {
      const query = countQuery({ ...audience, sql: `${lookups} AND ${slicesSql(a, from, to)}` });
      const [row] = await q.query<{ n: string }>(query.sql, query.params);
      return Number(row?.n ?? 0);
    });
  const countSlices = async (from: number, to: number) => {
    if (!split || to - from < SPLIT_FROM_SLICES) return countRange(from, to);
    const mid = from + Math.floor((to - from) / 2);
    const [x, y] = await Promise.all([countRange(from, mid), countRange(mid, to)]);
    return x + y;
  };
  let k = first;
  let matches = await countSlices(0, k);
  if (matches < ENOUGH_MATCHES && k < most) {
    const more = matches === 0 ? most : Math.min(most, Math.ceil((k * ENOUGH_MATCHES) / matches));
    matches += await countSlices(k, more);
    k = more;
  }
  const sample = { ...audience, sql: `${lookups} AND ${slicesSql(a, 0, k)}` };
  const query = countQuery(sample);
  if (matches === 0) return session((q) => exactCount(q, audience, 'none in sample'));
  if (matches < o.minMatches && (await session((q) => exactCostOf(q, audience))) <= o.exactCost)
    return session((q) => exactCount(q, audience, 'rare and cheap'));
  const fraction = k / SLICES;
  return {
    count: roundEstimate((matches * SLICES) / k),
    exact: false,
    fraction,
    matches,
    relativeError: Math.sqrt((1 - fraction) / matches),
    reason: 'sampled',
    query,
    sample,
  };
}
