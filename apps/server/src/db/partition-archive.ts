// The archive of settled blocks (migration 0066): a settled block's send-record partition copied into a narrow
// partition of send_archive, then dropped. The copy runs while the device API goes on: a trigger logs the records
// written meanwhile (late events, deleted devices), and the swap applies them under a short lock.
import type { Database } from './client';
import { ARCHIVE_SETTLE_DAYS, settledBlocks } from './partition-compaction';
import { ALL_SLOTS, maskAtSlot, newTimes, PAGE_BITS, pageOf, slotOf } from './send-pages';

/** The session advisory lock of a block's archiving, tried, not waited for (partition-compaction.ts holds 727_004). */
const ARCHIVE_LOCK_ID = 727_005;
/** How long the swap waits for its table locks before giving up (the next maintenance tries again). */
const LOCK_TIMEOUT = '5s';

type Conn = Pick<Database, 'exec' | 'query'>;

/** SQL: send record `s`'s columns as an archived record's (migration 0066), `ev` its place. */
const narrow = (s: string, ev: string): string => `${s}.message_id, ${s}.device_id,
  floor(extract(epoch FROM ${s}.sent_at - timestamptz '2000-01-01 00:00:00+00'))::int, ${ev},
  NULLIF(${s}.outcome | (${s}.loss_code << 3) | (${s}.attempts << 13), 1 | (1 << 13)),
  CASE WHEN length(${s}.fcm_id) = 16 THEN encode(${s}.fcm_id, 'hex')::uuid END,
  CASE WHEN ${s}.fcm_name IS NOT NULL THEN '\\xfe'::bytea || convert_to(${s}.fcm_name, 'UTF8')
       WHEN length(${s}.fcm_id) <> 16 THEN ${s}.fcm_id END`;

/**
 * The statement that moves the events of the block's records kept on themselves (the direct path's) into the pages
 * of the places the copy gave them; `which`: a condition on the record `s`. A page already there (the message's
 * other sends) takes them in: bits or'ed, the first times kept.
 */
const pagesOf = (suffix: string, which: string): string => `WITH c AS (
    SELECT a.message_id, ${pageOf('a.ev')} AS page, COALESCE(min(s.received_at), min(s.sent_at), now()) AS base_at,
           bit_or(${maskAtSlot('s.event_mask::int', 'a.ev')}) AS bits,
           array_agg(${slotOf('a.ev')}) AS slots, array_agg(s.received_at) AS r, array_agg(s.shown_at) AS sh,
           array_agg(s.clicked_at) AS cl, array_agg(s.show_failed_reason) AS rs
    FROM send_archive_${suffix} a JOIN send_records_${suffix} s USING (message_id, device_id)
    WHERE s.ev IS NULL AND a.ev IS NOT NULL AND s.event_mask <> 0 AND ${which}
    GROUP BY a.message_id, ${pageOf('a.ev')}
  )
  INSERT INTO send_events AS e (message_id, page, base_at, bits, fresh, received_s, shown_s, clicked_s, reasons)
  SELECT message_id, page, base_at, bits, 0::${PAGE_BITS}, send_event_times(NULL, slots, r, base_at),
         send_event_times(NULL, slots, sh, base_at), send_event_times(NULL, slots, cl, base_at),
         send_event_reasons(NULL, slots, rs)
  FROM c ORDER BY message_id, page
  ON CONFLICT (message_id, page) DO UPDATE SET bits = e.bits | EXCLUDED.bits,
    received_s = send_event_times(e.received_s, ${ALL_SLOTS}, ${newTimes('received_s')}, e.base_at),
    shown_s = send_event_times(e.shown_s, ${ALL_SLOTS}, ${newTimes('shown_s')}, e.base_at),
    clicked_s = send_event_times(e.clicked_s, ${ALL_SLOTS}, ${newTimes('clicked_s')}, e.base_at),
    reasons = send_event_reasons(e.reasons, ${ALL_SLOTS}, EXCLUDED.reasons)`;

/**
 * Archives the settled blocks (migration 0066): a kept block not archived yet whose period ended ARCHIVE_SETTLE_DAYS
 * or more before `now`, none of whose messages may still send or finished within those days (HOLDS). Returns the
 * suffixes of the blocks archived.
 */
export async function archiveSettled(database: Database, now: Date): Promise<string[]> {
  const archived: string[] = [];
  for (const suffix of await settledBlocks(database, now, 'archived_at', ARCHIVE_SETTLE_DAYS))
    if (await archiveBlock(database, suffix, now)) archived.push(suffix);
  return archived;
}

/**
 * Archives block `suffix` (it must have settled: archiveSettled decides): its send-record partition copied into
 * `send_archive_<suffix>` (each dispatched record without a place given one after its message's last, its events
 * moved into that page), indexed full, then swapped in for it. False when another process holds the lock, the block
 * is archived or dropped already, or a record was added to it meanwhile (the next run tries again). `afterCopy`: the
 * tests' hook between the copy and the swap, where the device API's writes land (on the archive's own connection:
 * PGlite has one).
 */
export function archiveBlock(
  database: Database,
  suffix: string,
  now: Date,
  afterCopy?: (conn: Conn) => Promise<void>,
): Promise<boolean> {
  const run = archiving.then(() => archiveBlockNow(database, suffix, now, afterCopy));
  archiving = run.catch(() => undefined);
  return run;
}
let archiving: Promise<unknown> = Promise.resolve();

async function archiveBlockNow(
  database: Database,
  suffix: string,
  now: Date,
  afterCopy?: (conn: Conn) => Promise<void>,
): Promise<boolean> {
  if (!/^[a-z0-9_]+$/.test(suffix)) throw new Error(`not a block suffix: ${suffix}`);
  return database.withConnection(async (conn) => {
    const [lock] = await conn.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      ARCHIVE_LOCK_ID,
    ]);
    if (!lock?.ok) return false;
    try {
      const [block] = await conn.query<{ lo: string | null; hi: string; table: string | null }>(
        `SELECT lo::text, hi::text, to_regclass($2)::text AS table FROM message_id_blocks
         WHERE suffix = $1 AND archived_at IS NULL AND dropped_at IS NULL`,
        [suffix, `send_records_${suffix}`],
      );
      if (!block) return false;
      if (block.table === null) {
        await conn.query('UPDATE message_id_blocks SET archived_at = $2 WHERE suffix = $1', [suffix, now]);
        return true;
      }
      await cleanUp(conn, suffix);
      try {
        await startLog(conn, suffix);
        await placeStarts(conn, suffix);
        await copy(conn, suffix, block);
        await afterCopy?.(conn);
        if (await swap(conn, suffix, block, now)) {
          await cleanUp(conn, suffix, true);
          return true;
        }
      } catch (err) {
        await conn.exec('ROLLBACK').catch(() => undefined);
        await cleanUp(conn, suffix);
        throw err;
      }
      await cleanUp(conn, suffix);
      return false;
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [ARCHIVE_LOCK_ID]);
    }
  });
}

/** What a run leaves or an interrupted one left: its log and trigger, its places, its copy (when not swapped in). */
async function cleanUp(conn: Conn, suffix: string, copied = false): Promise<void> {
  const [table] = await conn.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [
    `send_records_${suffix}`,
  ]);
  await conn.exec(`${table?.t ? `DROP TRIGGER IF EXISTS send_archive_log ON send_records_${suffix};` : ''}
    DROP TABLE IF EXISTS send_archive_log_${suffix};
    DROP TABLE IF EXISTS send_archive_start_${suffix};
    ${copied ? '' : `DROP TABLE IF EXISTS send_archive_${suffix};`}`);
}

/**
 * The log of the records written from now on (their keys), by a trigger on the partition; made before the copy's
 * snapshot, so that each write is in the copy or in the log (or both: the swap applies a write again harmlessly).
 */
async function startLog(conn: Conn, suffix: string): Promise<void> {
  await conn.exec(`CREATE TABLE send_archive_log_${suffix} (message_id bigint NOT NULL, device_id bigint NOT NULL);
    CREATE TRIGGER send_archive_log AFTER INSERT OR UPDATE OR DELETE ON send_records_${suffix}
      FOR EACH ROW EXECUTE FUNCTION send_archive_log('send_archive_log_${suffix}')`);
}

/**
 * The places of the dispatched records without one, after each message's last, handed out in a transaction of their
 * own (a message's row is locked only that long; places a failed run handed out stay unused): `send_archive_start_<suffix>`
 * holds each message's first. A record of a message with no row (none should be left dispatched) starts after its
 * message's places in this block.
 */
async function placeStarts(conn: Conn, suffix: string): Promise<void> {
  await conn.exec(`CREATE TABLE send_archive_start_${suffix} AS
    WITH need AS (
      SELECT message_id, count(*) FILTER (WHERE ev IS NULL)::int AS n, COALESCE(max(ev) + 1, 0) AS after
      FROM send_records_${suffix} WHERE outcome = 1 GROUP BY message_id HAVING count(*) FILTER (WHERE ev IS NULL) > 0
    ), bump AS (
      UPDATE messages m SET ev_next = GREATEST(m.ev_next, need.after) + need.n FROM need WHERE m.id = need.message_id
      RETURNING m.id, m.ev_next - need.n AS first
    )
    SELECT need.message_id, COALESCE(bump.first, need.after) AS first FROM need LEFT JOIN bump ON bump.id = need.message_id`);
}

/** The copy, in one transaction: the narrow records, with their places, and their events moved into pages. */
async function copy(conn: Conn, suffix: string, block: { lo: string | null; hi: string }): Promise<void> {
  await conn.exec('BEGIN');
  await conn.exec(`CREATE TABLE send_archive_${suffix} (LIKE send_archive);
    INSERT INTO send_archive_${suffix}
    SELECT ${narrow(
      's',
      `CASE WHEN s.ev IS NOT NULL THEN s.ev WHEN s.outcome = 1 THEN st.first
        + (row_number() OVER (PARTITION BY s.message_id, s.ev IS NULL AND s.outcome = 1 ORDER BY s.device_id))::int - 1 END`,
    )}
    FROM send_records_${suffix} s LEFT JOIN send_archive_start_${suffix} st ON st.message_id = s.message_id
    ORDER BY s.message_id, s.device_id`);
  await conn.exec(pagesOf(suffix, 'true'));
  await conn.exec('COMMIT');
  // indexed once full, as the compaction leaves a block's (partition-compaction.ts); the check lets ATTACH skip its scan
  const bound =
    block.lo === null ? `message_id < ${block.hi}` : `message_id >= ${block.lo} AND message_id < ${block.hi}`;
  await conn.exec(`ALTER TABLE send_archive_${suffix} ADD PRIMARY KEY (message_id, device_id) WITH (fillfactor = 100);
    CREATE INDEX ON send_archive_${suffix} (device_id) WITH (fillfactor = 100);
    ALTER TABLE send_archive_${suffix} ADD CONSTRAINT send_archive_${suffix}_block CHECK (${bound})`);
}

/**
 * The swap, in one transaction under a lock of send_records (every statement on it waits a few milliseconds, as for
 * the retention's drop of a block): the logged records
 * applied to the copy (deleted ones deleted, changed ones copied again, their events into their pages), the
 * partition dropped and the copy attached in its place. False (rolled back) when a record was added meanwhile, or
 * the block was dropped or archived by another process.
 */
async function swap(
  conn: Conn,
  suffix: string,
  block: { lo: string | null; hi: string },
  now: Date,
): Promise<boolean> {
  const part = `send_records_${suffix}`;
  const copyOf = `send_archive_${suffix}`;
  const log = `send_archive_log_${suffix}`;
  await conn.exec('BEGIN');
  await conn.exec(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
  const [still] = await conn.query(
    'SELECT 1 FROM message_id_blocks WHERE suffix = $1 AND archived_at IS NULL AND dropped_at IS NULL FOR UPDATE',
    [suffix],
  );
  // the parent first: dropping a partition takes it (ACCESS EXCLUSIVE), and a writer holding it while it waits for the
  // partition would deadlock with a swap that took the partition first; a few milliseconds, as the retention's drop
  await conn.exec('LOCK TABLE send_records IN ACCESS EXCLUSIVE MODE');
  const [added] = await conn.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT message_id, device_id FROM ${log}) l
     JOIN ${part} s USING (message_id, device_id)
     WHERE NOT EXISTS (SELECT 1 FROM ${copyOf} a WHERE a.message_id = l.message_id AND a.device_id = l.device_id)
        OR EXISTS (SELECT 1 FROM ${copyOf} a WHERE a.message_id = l.message_id AND a.device_id = l.device_id
                   AND a.ev IS NULL AND s.outcome = 1)`,
  );
  if (!still || (added?.n ?? 0) > 0) {
    await conn.exec('ROLLBACK');
    return false;
  }
  const logged = `EXISTS (SELECT 1 FROM ${log} l WHERE l.message_id = s.message_id AND l.device_id = s.device_id)`;
  await conn.exec(`DELETE FROM ${copyOf} a USING (SELECT DISTINCT message_id, device_id FROM ${log}) l
    WHERE a.message_id = l.message_id AND a.device_id = l.device_id
      AND NOT EXISTS (SELECT 1 FROM ${part} s WHERE s.message_id = l.message_id AND s.device_id = l.device_id)`);
  await conn.exec(`UPDATE ${copyOf} a SET (message_id, device_id, sent_s, ev, state, fcm_id, fcm_other) =
      (SELECT ${narrow('s', 'a.ev')})
    FROM ${part} s WHERE s.message_id = a.message_id AND s.device_id = a.device_id AND ${logged}`);
  await conn.exec(pagesOf(suffix, logged));
  await conn.exec(`DROP TABLE ${part};
    ALTER TABLE send_archive ATTACH PARTITION ${copyOf}
      FOR VALUES FROM (${block.lo ?? 'MINVALUE'}) TO (${block.hi})`);
  await conn.query(
    'UPDATE message_id_blocks SET archived_at = $2, compacted_at = COALESCE(compacted_at, $2) WHERE suffix = $1',
    [suffix, now],
  );
  await conn.exec('COMMIT');
  return true;
}
