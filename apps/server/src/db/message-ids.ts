import type { Queryable } from './client';
import { BLOCK_IDS } from './partitions';

// Message ids after a restore (docs/operations.md, "Restoring a backup"): the ids a lost time may have handed out are
// never handed out again. A new PostgreSQL timeline skips them by itself (next_message_id, migration 0064); a copy put
// back keeps its timeline, and `beacon restored` skips them by hand through skipMessageIds.

/**
 * How far `beacon restored` moves the message ids on by default (more messages than a platform creates between a
 * backup and its loss), and how far the first id taken on a new PostgreSQL timeline does by itself (next_message_id,
 * migration 0064, which holds the same figure).
 */
export const DEFAULT_SKIPPED_IDS = 100_000;

/** The most `beacon restored` moves the message ids on: half a block, so they stay within the blocks kept ahead. */
export const MAX_SKIPPED_IDS = BLOCK_IDS / 2;

/** The one rule of the ids to skip (`beacon restored --skip-ids`): a whole number from 1 to MAX_SKIPPED_IDS. */
export function checkSkippedIds(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SKIPPED_IDS)
    throw new RangeError(`must be a whole number from 1 to ${MAX_SKIPPED_IDS}`);
}

/**
 * After a restore that keeps its timeline (a copy of DATA_DIR put back; a recovery or a promotion does this by itself),
 * moves the messages' id sequence `n` past both its own position and the highest message id: the lost time may have
 * handed out ids the restored sequence would hand out again (a copy resumes where it was copied), and the devices
 * that got a lost message report their events under its id, which a new message must not count as its own. The server's timeline is recorded as seen, so the first message on it skips nothing more (a new
 * timeline skips by itself otherwise: next_message_id, migration 0064). Returns the id the next message would have
 * had and the one it gets now.
 */
export async function skipMessageIds(q: Queryable, n: number): Promise<{ from: string; to: string }> {
  checkSkippedIds(n);
  const [row] = await q.query<{ from: string; to: string | null; hi: string | null }>(
    'SELECT skipped_from::text AS "from", skipped_to::text AS "to", last_hi::text AS hi FROM skip_message_ids($1, false)',
    [n],
  );
  if (!row) throw new Error('skip_message_ids returned no row');
  if (row.to === null)
    throw new RangeError(
      `skipping ${n} ids would pass the last block's ids (${row.hi}): run the partition maintenance first, or skip fewer`,
    );
  await q.query('SELECT timeline_seen($1::bigint, $2::bigint)', [row.from, row.to]);
  return { from: row.from, to: row.to };
}
