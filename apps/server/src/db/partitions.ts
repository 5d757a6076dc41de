import type { Database, Queryable } from './client';
import { archiveSettled } from './partition-archive';
import { compactSettled } from './partition-compaction';
import { HOLDS } from './partition-holds';

/**
 * Send records and stray device events are partitioned by RANGE (message_id) (migration 0027), and message ids follow
 * time: each period (a UTC week) hands out the ids of one block, and the partitions `<table>_<suffix>` of both tables
 * hold that block. `message_id_blocks` records the blocks (lo, hi, period). The maintenance below (time is a
 * parameter) keeps the partitions of the current and the next period, moves the messages' id sequence to the current
 * period's block when the period has begun, and drops the partitions of the periods that ended more than the
 * retention ago (BEACON_RETENTION_DAYS); the statistics rollups and each message's counters are not partitioned and
 * outlive them. docs/operations.md, Retention.
 */

/** The length of a period, in days; periods start on Mondays 00:00 UTC (with 7) and one block serves one period. */
export const PERIOD_DAYS = 7;
/** Message ids per period's block (migration 0027 rounds the legacy block up to a multiple of it). */
export const BLOCK_IDS = 1_000_000;
/** The tables partitioned by message id, each with a `<table>_default` partition for ids of no kept block; send_events
 * (migration 0060) holds the event bits of the send records' pages. */
export const PARTITIONED_TABLES = ['send_records', 'send_events', 'stat_stray_events'] as const;

/** The advisory lock every maintenance transaction takes (db/migrate.ts holds 727_001, jobs/boss.ts 727_002). */
const LOCK_ID = 727_003;
/**
 * The sequence is moved to a new block only when it is more than this below the block's start: the read and the
 * setval are two steps, and messages created between them must not reach the block's start (ids that are that close
 * simply continue into it).
 */
const SEQUENCE_MARGIN = 1000;
/** The messages' id sequence (their bigserial id). */
const SEQUENCE = 'messages_id_seq';
/** Rows deleted per statement when trimming a default partition. */
const TRIM_BATCH = 5000;
/** How long a maintenance statement waits for a table lock (then the run gives up; the next one retries). */
const LOCK_TIMEOUT = '5s';
const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: day -3 was a Monday, the anchor of the periods. */
const ANCHOR_DAY = -3;

/** The start of the period `at` falls in. */
export function periodStart(at: Date): Date {
  const day = Math.floor(at.getTime() / DAY_MS);
  const index = Math.floor((day - ANCHOR_DAY) / PERIOD_DAYS);
  return new Date((index * PERIOD_DAYS + ANCHOR_DAY) * DAY_MS);
}

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** The suffix of a period's partitions: p and its first day, p20250602. */
export const suffixOf = (start: Date): string => `p${start.toISOString().slice(0, 10).replaceAll('-', '')}`;

export interface Block {
  suffix: string;
  /** null: MINVALUE (the legacy block) */
  lo: string | null;
  hi: string;
  periodStart: Date | null;
  periodEnd: Date;
  droppedAt: Date | null;
}

export interface MaintenanceReport {
  /** suffixes of the blocks whose partitions this run created */
  created: string[];
  /** where the message id sequence was moved (the current period's block start), or null */
  sequenceMovedTo: string | null;
  /** suffixes of the blocks whose partitions this run dropped */
  dropped: string[];
  /** blocks past the retention kept because a message in them may still send or sent within it */
  held: Array<{ suffix: string; messageIds: string[] }>;
  /** rows deleted from the default partitions */
  trimmed: number;
  /** the custom events' partitions (by time) this run dropped */
  customEventsDropped?: string[];
  /** suffixes of the blocks whose send records this run archived (archiveSettled, migration 0066), when any */
  archived?: string[];
  /** suffixes of the blocks whose send-record indexes this run compacted (compactSettled), when any */
  compacted?: string[];
}

const date = (v: unknown) => (v === null ? null : v instanceof Date ? v : new Date(v as string));

/** Every block, oldest first (by the hi column: the text alias would sort 10000000 before 2000000). */
export async function listBlocks(q: Queryable): Promise<Block[]> {
  const rows = await q.query<{
    suffix: string;
    lo: string | null;
    hi: string;
    periodStart: unknown;
    periodEnd: unknown;
    droppedAt: unknown;
  }>(
    `SELECT suffix, lo::text AS lo, hi::text AS hi, period_start AS "periodStart", period_end AS "periodEnd",
            dropped_at AS "droppedAt"
     FROM message_id_blocks b ORDER BY b.hi`,
  );
  return rows.map((r) => ({
    suffix: r.suffix,
    lo: r.lo,
    hi: r.hi,
    periodStart: date(r.periodStart),
    periodEnd: date(r.periodEnd) as Date,
    droppedAt: date(r.droppedAt),
  }));
}

/** One maintenance transaction: serialised across processes by the advisory lock, table locks bounded in time. */
function locked<T>(database: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    return fn(tx);
  });
}

/**
 * Creates the partitions of one block in both tables. Each is made as a table of its own and attached (ATTACH takes
 * a weaker lock on the parent than CREATE TABLE … PARTITION OF, so sends and events go on meanwhile); rows of the
 * block that had landed in the default partition (ids handed out past every block, or a device reporting a message id
 * of no message yet) are moved into it first.
 */
async function createBlockPartitions(tx: Queryable, suffix: string, lo: bigint, hi: bigint): Promise<void> {
  for (const table of await partitionedTables(tx)) {
    const part = `${table}_${suffix}`;
    await tx.query(`LOCK TABLE ${table}_default IN ACCESS EXCLUSIVE MODE`);
    await tx.query(`CREATE TABLE ${part} (LIKE ${table} INCLUDING DEFAULTS)`);
    await tx.query(
      `WITH moved AS (DELETE FROM ${table}_default WHERE message_id >= ${lo} AND message_id < ${hi} RETURNING *)
       INSERT INTO ${part} SELECT * FROM moved`,
    );
    await tx.query(`ALTER TABLE ${table} ATTACH PARTITION ${part} FOR VALUES FROM (${lo}) TO (${hi})`);
  }
}

/** The tables of PARTITIONED_TABLES the schema has (a schema migrated only up to before 0060 has no send_events). */
async function partitionedTables(tx: Pick<Queryable, 'query'>): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    'SELECT t.name FROM unnest($1::text[]) AS t(name) WHERE to_regclass(t.name) IS NOT NULL',
    [PARTITIONED_TABLES],
  );
  return rows.map((r) => r.name);
}

/** Custom events (migration 0043), partitioned by RANGE (at): a partition a period, `custom_events_<suffix>`. */
const TIME_PARTITIONED = 'custom_events';

/**
 * Makes sure the custom events' partitions of the period of `now` and of the next one exist; rows of such a period
 * that had landed in the default partition are moved into it first (as createBlockPartitions does).
 */
async function ensureTimePartitions(tx: Queryable, now: Date): Promise<void> {
  // a schema migrated only up to before 0043 (a migration's own test) has no custom events yet
  const [table] = await tx.query<{ oid: string | null }>('SELECT to_regclass($1)::text AS oid', [
    TIME_PARTITIONED,
  ]);
  if (!table?.oid) return;
  const current = periodStart(now);
  for (const start of [current, addDays(current, PERIOD_DAYS)]) {
    const part = `${TIME_PARTITIONED}_${suffixOf(start)}`;
    const [found] = await tx.query<{ oid: string | null }>('SELECT to_regclass($1)::text AS oid', [part]);
    if (found?.oid) continue;
    const from = start.toISOString();
    const to = addDays(start, PERIOD_DAYS).toISOString();
    await tx.query(`LOCK TABLE ${TIME_PARTITIONED}_default IN ACCESS EXCLUSIVE MODE`);
    await tx.query(`CREATE TABLE ${part} (LIKE ${TIME_PARTITIONED} INCLUDING DEFAULTS)`);
    await tx.query(
      `WITH moved AS (DELETE FROM ${TIME_PARTITIONED}_default WHERE at >= '${from}' AND at < '${to}' RETURNING *)
       INSERT INTO ${part} SELECT * FROM moved`,
    );
    await tx.query(
      `ALTER TABLE ${TIME_PARTITIONED} ATTACH PARTITION ${part} FOR VALUES FROM ('${from}') TO ('${to}')`,
    );
  }
}

/**
 * The custom events' retention: drops the partitions of the periods that ended at or before `cutoff`, then trims the
 * default partition and the per-device days (custom_event_days) before it. Returns the partitions dropped.
 */
async function retainCustomEvents(database: Database, cutoff: Date): Promise<string[]> {
  const parts = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = '${TIME_PARTITIONED}'::regclass AND c.relname ~ '^${TIME_PARTITIONED}_p[0-9]{8}$'`,
  );
  const dropped: string[] = [];
  for (const { name } of parts) {
    const d = name.slice(-8);
    const start = new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T00:00:00Z`);
    if (addDays(start, PERIOD_DAYS).getTime() > cutoff.getTime()) continue;
    await locked(database, (tx) => tx.query(`DROP TABLE IF EXISTS ${name}`));
    dropped.push(name);
  }
  await trim(
    database,
    `${TIME_PARTITIONED}_default`,
    `SELECT ctid FROM ${TIME_PARTITIONED}_default WHERE at < $1`,
    cutoff,
  );
  await trim(
    database,
    'custom_event_days',
    'SELECT ctid FROM custom_event_days WHERE day < $1::date',
    cutoff,
  );
  return dropped.sort();
}

/**
 * Makes sure the partitions of the period of `now` and of the next period exist, and moves the messages' id sequence
 * to the start of the current period's block if it is still well below it (a block used up before its period ends
 * simply continues into the next one). Done after the migrations at every start and by the daily job.
 */
export async function ensurePartitions(
  database: Database,
  now: Date,
): Promise<Pick<MaintenanceReport, 'created' | 'sequenceMovedTo'>> {
  return locked(database, async (tx) => {
    await ensureTimePartitions(tx, now);
    const blocks = await listBlocks(tx);
    const last = blocks.at(-1);
    if (!last) return { created: [], sequenceMovedTo: null };
    const latestPeriod = Math.max(...blocks.map((b) => b.periodStart?.getTime() ?? -Infinity));
    const current = periodStart(now);
    const created: string[] = [];
    let hi = BigInt(last.hi);
    for (const start of [current, addDays(current, PERIOD_DAYS)]) {
      // never a block for a period at or before the latest one (a clock that went back)
      if (start.getTime() <= latestPeriod) continue;
      const suffix = suffixOf(start);
      const lo = hi;
      hi = lo + BigInt(BLOCK_IDS);
      await createBlockPartitions(tx, suffix, lo, hi);
      await tx.query(
        `INSERT INTO message_id_blocks (hi, lo, period_start, period_end, suffix) VALUES ($1, $2, $3, $4, $5)`,
        [hi.toString(), lo.toString(), start, addDays(start, PERIOD_DAYS), suffix],
      );
      created.push(suffix);
    }
    const [block] = await tx.query<{ lo: string }>(
      'SELECT lo::text AS lo FROM message_id_blocks WHERE period_start = $1',
      [current],
    );
    if (!block) return { created, sequenceMovedTo: null };
    const [moved] = await tx.query<{ lo: string }>(
      `SELECT setval('${SEQUENCE}', $1::bigint, false)::text AS lo FROM ${SEQUENCE}
       WHERE last_value + CASE WHEN is_called THEN 1 ELSE 0 END < $1::bigint - ${SEQUENCE_MARGIN}`,
      [block.lo],
    );
    // the block before it gave ids until now
    if (moved)
      await tx.query(
        'UPDATE message_id_blocks SET period_end = GREATEST(period_end, $2) WHERE hi = $1::bigint',
        [block.lo, now],
      );
    return { created, sequenceMovedTo: moved ? block.lo : null };
  });
}

/**
 * Retention: drops the partitions of every block whose period ended more than `retentionDays` before `now`, unless
 * a message of the block may still send or sent within the retention (it is then held, and reported); then trims
 * the default partitions (stray events last seen before the cut-off; send records of dropped blocks whose message
 * is done). `retentionDays` 0 keeps everything.
 */
export async function applyRetention(
  database: Database,
  now: Date,
  retentionDays: number,
): Promise<Pick<MaintenanceReport, 'dropped' | 'held' | 'trimmed' | 'customEventsDropped'>> {
  const report: Pick<MaintenanceReport, 'dropped' | 'held' | 'trimmed' | 'customEventsDropped'> = {
    dropped: [],
    held: [],
    trimmed: 0,
  };
  if (retentionDays <= 0) return report;
  const cutoff = addDays(now, -retentionDays);
  const expired = (await listBlocks(database)).filter(
    (b) => b.droppedAt === null && b.periodEnd.getTime() <= cutoff.getTime(),
  );
  for (const block of expired) {
    const outcome = await locked(database, async (tx) => {
      const [still] = await tx.query(
        'SELECT 1 FROM message_id_blocks WHERE suffix = $1 AND dropped_at IS NULL',
        [block.suffix],
      );
      if (!still) return undefined; // another process dropped it meanwhile
      const holding = await tx.query<{ id: string }>(
        `SELECT m.id::text AS id FROM messages m
         WHERE m.id >= COALESCE($2::bigint, '-9223372036854775808'::bigint) AND m.id < $3::bigint AND ${HOLDS}
         ORDER BY m.id LIMIT 5`,
        [cutoff, block.lo, block.hi],
      );
      if (holding.length > 0) return { held: holding.map((r) => r.id) };
      for (const table of await partitionedTables(tx))
        await tx.query(`DROP TABLE IF EXISTS ${table}_${block.suffix}`);
      // the block's archived records (migration 0066), when its send records were archived
      await tx.query(`DROP TABLE IF EXISTS send_archive_${block.suffix}`);
      // the messages' receipt marks (one row each, no partitions) go with their send records
      await tx.query(
        `DELETE FROM message_receipts WHERE message_id >= COALESCE($1::bigint, '-9223372036854775808'::bigint)
           AND message_id < $2::bigint`,
        [block.lo, block.hi],
      );
      await tx.query('UPDATE message_id_blocks SET dropped_at = $2 WHERE suffix = $1', [block.suffix, now]);
      return { held: null };
    });
    if (!outcome) continue;
    if (outcome.held) report.held.push({ suffix: block.suffix, messageIds: outcome.held });
    else report.dropped.push(block.suffix);
  }
  report.customEventsDropped = await retainCustomEvents(database, cutoff);
  report.trimmed += await trim(
    database,
    'stat_stray_events_default',
    'SELECT ctid FROM stat_stray_events_default WHERE last_at < $1',
    cutoff,
  );
  // a dropped week's send records and event pages that had landed in the default partition, unless a message holds them
  const present = await partitionedTables(database);
  for (const table of ['send_records', 'send_events'])
    if (present.includes(table))
      report.trimmed += await trim(
        database,
        `${table}_default`,
        `SELECT s.ctid FROM ${table}_default s
         WHERE EXISTS (SELECT 1 FROM message_id_blocks b
                       WHERE b.dropped_at IS NOT NULL AND s.message_id < b.hi AND (b.lo IS NULL OR s.message_id >= b.lo))
           AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = s.message_id AND ${HOLDS})`,
        cutoff,
      );
  return report;
}

/** Deletes the rows `select` names (ctid, `$1` the cut-off) from `table`, in batches, each its own transaction. */
async function trim(database: Database, table: string, select: string, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await database.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE ctid = ANY (ARRAY(${select} LIMIT ${TRIM_BATCH})) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff],
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < TRIM_BATCH) return total;
  }
}

/**
 * The whole maintenance (the daily job and its start-up run): partitions ahead, the retention, then the settled blocks
 * archived narrow (migration 0066), and the indexes compacted of any the archive left (its swap gave up on its lock:
 * the next day's run archives it) — on PostgreSQL only, and only when `compact` (the daily job's; not at start-up,
 * whose shutdown would wait for a long copy): PGlite's one connection would stall every request for a copy's duration.
 */
export async function maintainPartitions(
  database: Database,
  opts: { now: Date; retentionDays: number; compact?: boolean },
): Promise<MaintenanceReport> {
  const ensured = await ensurePartitions(database, opts.now);
  const retained = await applyRetention(database, opts.now, opts.retentionDays);
  const settle = (opts.compact ?? true) && database.kind === 'postgres';
  const archived = settle ? await archiveSettled(database, opts.now) : [];
  const compacted = settle ? await compactSettled(database, opts.now) : [];
  return {
    ...ensured,
    ...retained,
    ...(archived.length > 0 ? { archived } : {}),
    ...(compacted.length > 0 ? { compacted } : {}),
  };
}

/** Whether the send records of a message were dropped by the retention (its id is in a dropped block). */
export async function beyondRetention(q: Queryable, messageId: number | string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM message_id_blocks
     WHERE dropped_at IS NOT NULL AND $1::bigint < hi AND (lo IS NULL OR $1::bigint >= lo)`,
    [String(messageId)],
  );
  return rows.length > 0;
}
