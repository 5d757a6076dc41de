// Compaction of settled blocks (migration 0061): a block's send-record indexes, written a message at a time, rebuilt
// full once its week has settled. The daily maintenance runs it (partitions.ts maintainPartitions), on PostgreSQL.
import type { Database } from './client';
import { HOLDS } from './partition-holds';

/**
 * The session advisory lock of a block's compaction (compactSettled), tried, not waited for: its REINDEX CONCURRENTLY
 * runs outside a transaction and waits for older transactions, so it must not wait on the maintenance's own lock.
 */
const COMPACT_LOCK_ID = 727_004;
/** Days after a block's period ended, and after its last message finished, before its indexes are compacted. */
export const SETTLE_DAYS = 7;
/**
 * Days after a block's period ended, and after its last message finished, before its records are archived narrow
 * (partition-archive.ts). Shorter than SETTLE_DAYS: the copy runs beside late events and deleted devices (its trigger
 * logs them), and an event for an archived record goes to its page, so nothing needs the week to go quiet first; a
 * day keeps the copy clear of the bulk of the events (a send's time to live is at most 12 hours). A send is then
 * written wide for 1–8 days (the rest of its week and a day) instead of 7–14.
 */
export const ARCHIVE_SETTLE_DAYS = 1;

/**
 * Compacts the settled blocks (migration 0061): a kept block whose period ended SETTLE_DAYS or more before `now`, none
 * of whose messages may still send or finished within those days (HOLDS), has its send-record partition's indexes
 * rebuilt full, once (compactBlock). Returns the suffixes of the blocks compacted.
 */
export async function compactSettled(database: Database, now: Date): Promise<string[]> {
  const compacted: string[] = [];
  for (const suffix of await settledBlocks(database, now, 'compacted_at', SETTLE_DAYS))
    if (await compactBlock(database, suffix, now)) compacted.push(suffix);
  return compacted;
}

/**
 * The suffixes of the kept blocks settled at `now` — their period ended `settleDays` or more before it, and none of
 * their messages may still send or finished within those days (HOLDS) — whose `done` mark (compacted_at, or
 * archived_at: partition-archive.ts) is still unset, in id order.
 */
export async function settledBlocks(
  database: Pick<Database, 'query'>,
  now: Date,
  done: 'compacted_at' | 'archived_at',
  settleDays: number,
): Promise<string[]> {
  const settledBefore = new Date(now.getTime() - settleDays * 86_400_000);
  const blocks = await database.query<{ suffix: string }>(
    `SELECT b.suffix FROM message_id_blocks b
     WHERE b.dropped_at IS NULL AND b.${done} IS NULL AND b.period_end <= $1
       AND NOT EXISTS (SELECT 1 FROM messages m
                       WHERE m.id >= COALESCE(b.lo, '-9223372036854775808'::bigint) AND m.id < b.hi AND ${HOLDS})
     ORDER BY b.hi`,
    [settledBefore],
  );
  return blocks.map((b) => b.suffix);
}

/**
 * Rebuilds the indexes of block `suffix`'s send-record partition at fillfactor 100 (REINDEX CONCURRENTLY on
 * PostgreSQL: reads and writes go on; PGlite has one connection) and marks the block compacted at `now`. False when
 * another process is compacting (it holds the lock) or has compacted it meanwhile. Also the sizes bench's.
 */
export function compactBlock(database: Database, suffix: string, now: Date): Promise<boolean> {
  // one at a time in a process too: two runs of one process may share a session (PGlite's one connection), whose
  // advisory lock does not keep them apart
  const run = compacting.then(() => compactBlockNow(database, suffix, now));
  compacting = run.catch(() => undefined);
  return run;
}
let compacting: Promise<unknown> = Promise.resolve();

async function compactBlockNow(database: Database, suffix: string, now: Date): Promise<boolean> {
  return database.withConnection(async (conn) => {
    const [lock] = await conn.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      COMPACT_LOCK_ID,
    ]);
    if (!lock?.ok) return false;
    try {
      const [todo] = await conn.query<{ table: string | null }>(
        `SELECT to_regclass($2)::text AS table FROM message_id_blocks
         WHERE suffix = $1 AND compacted_at IS NULL AND dropped_at IS NULL`,
        [suffix, `send_records_${suffix}`],
      );
      if (!todo) return false;
      if (todo.table !== null) {
        const indexes = await conn.query<{ name: string; valid: boolean }>(
          `SELECT c.relname AS name, x.indisvalid AS valid FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
           WHERE x.indrelid = $1::regclass ORDER BY 1`,
          [todo.table],
        );
        for (const { name, valid } of indexes) {
          // a copy an interrupted REINDEX CONCURRENTLY left behind (the new one, or the old one it was swapping
          // out), invalid: dropped; the rebuild is done again
          if (!valid && /_cc(new|old)\d*$/.test(name)) {
            await conn.exec(`DROP INDEX IF EXISTS ${name}`);
            continue;
          }
          await conn.exec(`ALTER INDEX ${name} SET (fillfactor = 100)`);
          await conn.exec(`REINDEX INDEX ${database.kind === 'postgres' ? 'CONCURRENTLY ' : ''}${name}`);
        }
      }
      await conn.query('UPDATE message_id_blocks SET compacted_at = $2 WHERE suffix = $1', [suffix, now]);
      return true;
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [COMPACT_LOCK_ID]);
    }
  });
}
