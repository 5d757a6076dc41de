import type { Database, Queryable } from '../../db/client';
import type { Batch, WaitingDevice } from './batch-types';
import { BatchKind, BatchStatus, SendOutcome } from './kinds';
import type { DecidedSends, DeliveryMetrics, SendCounter } from './ports';

/** What identifies one run's hold on a batch: its id and the lease's attempt number (`message_batches.attempts`). */
export type LeaseRef = Pick<Batch, 'id' | 'attempts'>;

/** A batch's lease is taken over only this long after it ran out (clock rates, a statement in flight). */
export const LEASE_MARGIN_SECONDS = 2;

/** The run's lease on its batch has been taken over (or the batch closed): it must write and send nothing more. */
export class LeaseLost extends Error {
  constructor(batchId: number) {
    super(`the lease of batch ${batchId} was lost: another worker holds it`);
  }
}

/**
 * Renews the run's lease inside a write's transaction, or throws LeaseLost when another run has taken the batch over
 * (its attempt number moved on): a worker that was cut off writes nothing for a batch it no longer holds. The batch
 * row stays locked to the end of the transaction, so a takeover waits for the write and then sees the renewal.
 */
export async function fenceLease(tx: Queryable, batch: LeaseRef, seconds: number): Promise<void> {
  const rows = await tx.query(
    `UPDATE message_batches SET lease_until = now() + make_interval(secs => $3)
     WHERE id = $1 AND attempts = $2 AND status = ${BatchStatus.OPEN} RETURNING 1`,
    [batch.id, batch.attempts, seconds],
    { prepared: true },
  );
  if (rows.length === 0) throw new LeaseLost(batch.id);
}

/**
 * The device API has applied none of a message's events for this long: it holds none of its receipts back (its
 * backlog is drained), so a send in flight whose receipt is not in by then did not arrive. Also the margin by which
 * the events it applies must be stamped after a send to show that the receipts of the send's time are in.
 */
export const RECEIPTS_QUIET_SECONDS = 3;

/** A device API that never catches up delays the resolution of a send in flight by this many windows at most. */
export const RECEIPTS_MAX_WINDOWS = 5;

/**
 * Turns the intents of the batches `batchIds` selects (a parameter or subquery) into sends in flight: every device of
 * an intent that has no send record gets one (outcome IN_FLIGHT, due at the intent's due time, resolved by its
 * receipts), and the intents go. Run only by the batch's holder, fenced, or on a batch no run holds any more: a run
 * that recorded its results left nothing to add. `withFirst`: common table expressions the selection reads (a batch's
 * cancellation). Migration 0035.
 */
export const materializeIntents = (batchIds: string, withFirst = '') => `
  WITH ${withFirst ? `${withFirst}, ` : ''}i AS (DELETE FROM send_intents WHERE batch_id IN (${batchIds}) RETURNING batch_id, message_id, device_ids, due_at)
  INSERT INTO send_records (message_id, device_id, outcome, batch_id, not_before)
  SELECT i.message_id, x.id, ${SendOutcome.IN_FLIGHT}, i.batch_id, i.due_at FROM i, unnest(i.device_ids) AS x(id)
  ON CONFLICT (message_id, device_id) DO NOTHING`;

/** The send records of a batch: its own (an audience range) or, for a recall, the message's in its id range. */
const OF_BATCH = `s.message_id = $1 AND s.device_id >= $2 AND s.device_id <= $3
  AND (s.batch_id = $4 OR ($5 = ${BatchKind.SEND_RECORDS} AND s.batch_id IS NULL))`;
const ofBatch = (b: Batch) => [b.messageId, b.fromId, b.toId, b.id, b.kind];

/**
 * Sends written ahead of their FCM request (outcome IN_FLIGHT, DESIGN §5 and docs/scaling.md): the claim of waiting
 * devices, the unclaim of devices a stopping run did not send after all, and the resolution of ambiguous sends — in
 * flight when their worker died or lost the database — by the devices' receipts.
 */
export class InFlightRepository {
  constructor(
    private readonly database: Database,
    private readonly counter: SendCounter,
    private readonly metrics?: DeliveryMetrics,
    /** a device's template values (template-sql.ts), read with the waiting devices of a message with templates */
    private readonly template: { select: string; join: string } = { select: '', join: '' },
  ) {}

  /** The counter's CTE queueing the sends a receipt resolved as dispatched as stream events (none without one). */
  private streamSql(): string {
    const sql = this.counter.sendEventsSql?.(
      `(SELECT device_id, ${SendOutcome.DISPATCHED} AS outcome, NULL::smallint AS loss_code FROM yes)`,
      '$1::bigint',
    );
    return sql ? `, ${sql}` : '';
  }

  /**
   * Claims the batch's waiting send records due now after `afterId` (a recall's devices, windows that ended, FCM
   * retries, ambiguous sends with no receipt): in flight from now on, resolvable `windowSeconds` from now.
   */
  async claimWaiting(
    batch: Batch,
    afterId: number,
    limit: number,
    windowSeconds: number,
    leaseSeconds: number,
    templated = false,
  ): Promise<WaitingDevice[]> {
    const tpl = templated && this.template.select ? `, ${this.template.select}` : '';
    const tplJoin = templated ? this.template.join : '';
    return this.database.transaction(async (tx) => {
      await fenceLease(tx, batch, leaseSeconds);
      return tx.query<WaitingDevice>(
        `WITH c AS (
           SELECT s.device_id FROM send_records s
           WHERE ${OF_BATCH} AND s.device_id > $6 AND s.outcome = ${SendOutcome.PENDING}
             AND (s.not_before IS NULL OR s.not_before <= now())
           ORDER BY s.device_id LIMIT $7
         ), up AS (
           UPDATE send_records s SET outcome = ${SendOutcome.IN_FLIGHT}, not_before = now() + make_interval(secs => $8)
           FROM c WHERE s.message_id = $1 AND s.device_id = c.device_id RETURNING s.device_id, s.attempts
         )
         SELECT up.device_id::text AS id, d.country, d.app_version AS "appVersion", d.language, k.token, up.attempts ${tpl}
         FROM up JOIN devices d ON d.id = up.device_id LEFT JOIN device_tokens k ON k.device_id = up.device_id ${tplJoin}
         ORDER BY up.device_id`,
        [...ofBatch(batch), afterId, limit, windowSeconds],
      );
    });
  }

  /**
   * Gives back devices claimed whose request was never started (the run stopped first): waiting again. A page's
   * device (only in its intent) gets its waiting send record; a claimed waiting one (in flight) is waiting again.
   */
  async unclaim(batch: Batch, ids: readonly string[], leaseSeconds: number): Promise<void> {
    if (ids.length === 0) return;
    await this.database.transaction(async (tx) => {
      await fenceLease(tx, batch, leaseSeconds);
      await tx.query(
        `INSERT INTO send_records AS s (message_id, device_id, outcome, batch_id)
         SELECT $1, x.id, ${SendOutcome.PENDING}, $2 FROM unnest($3::bigint[]) AS x(id)
         ON CONFLICT (message_id, device_id) DO UPDATE SET outcome = ${SendOutcome.PENDING}, not_before = NULL
         WHERE s.outcome = ${SendOutcome.IN_FLIGHT}`,
        [batch.messageId, batch.id, `{${ids.join(',')}}`],
      );
    });
  }

  /**
   * Resolves the batch's ambiguous sends whose receipt window has passed (their own, and the batch's `receipts_due`
   * after a takeover) once the device API has caught up with their receipts: a device that reported the message
   * (received, shown or clicked: a stray event, as its send was not recorded dispatched) counts as dispatched; the
   * others wait again, to be claimed and sent. Returns both, and how many are due but wait for the receipts.
   *
   * The receipts lag behind their sends by the device API's backlog, which grows with load (measured on the host
   * topology: 3–30 s on a loaded 2-core machine), so the window alone is no evidence that a receipt is not coming. A
   * send is resolved only once the message's receipt marks (message_receipts, moved by the events' statement) show
   * one of: the device API now applies events the devices stamped after the send (its due time less the window, plus
   * RECEIPTS_QUIET_SECONDS), or it has applied none of the message's for RECEIPTS_QUIET_SECONDS (nothing held back),
   * or none ever (an app without receipts); at the latest RECEIPTS_MAX_WINDOWS windows after the send.
   */
  async resolveAmbiguous(
    batch: Batch,
    leaseSeconds: number,
    windowSeconds: number,
  ): Promise<{ received: number; resend: number; deferred: number }> {
    let decided: DecidedSends[] = [];
    const out = await this.database.transaction(async (tx) => {
      await tx.query('SELECT id FROM messages WHERE id = $1 FOR UPDATE', [batch.messageId]);
      await fenceLease(tx, batch, leaseSeconds);
      // the pages an earlier run intended to send and did not record: in flight, resolved below like any other
      await tx.query(materializeIntents('$1'), [batch.id]);
      const rows = await tx.query<DecidedSends & { resend: number | null; deferred: number | null }>(
        `WITH r AS (SELECT stamped_from, acked_at FROM message_receipts WHERE message_id = $1),
         w AS (
           SELECT s.device_id, GREATEST(COALESCE(s.not_before, '-infinity'),
             COALESCE((SELECT receipts_due FROM message_batches WHERE id = $4), '-infinity')) AS due_at
           FROM send_records s WHERE ${OF_BATCH} AND s.outcome = ${SendOutcome.IN_FLIGHT}
         ), late AS (SELECT w.* FROM w WHERE w.due_at <= now()),
         due AS (
           SELECT late.device_id FROM late LEFT JOIN r ON true
           WHERE r.acked_at IS NULL OR r.acked_at <= now() - make_interval(secs => ${RECEIPTS_QUIET_SECONDS})
             OR r.stamped_from >= late.due_at - make_interval(secs => $6 - ${RECEIPTS_QUIET_SECONDS})
             OR late.due_at <= now() - make_interval(secs => $6 * ${RECEIPTS_MAX_WINDOWS - 1})
         ), got AS (
           SELECT due.device_id, d.country, d.app_version FROM due JOIN devices d ON d.id = due.device_id
           JOIN stat_stray_events x ON x.app_id = d.app_id AND x.gaid = d.gaid AND x.message_id = $1 AND x.mask & 7 > 0
         ), yes AS (
           -- dispatched: the record leaves its batch id and is counted in the batch's row (migration 0062)
           UPDATE send_records s SET outcome = ${SendOutcome.DISPATCHED}, sent_at = now(), not_before = NULL, batch_id = NULL
           FROM got WHERE s.message_id = $1 AND s.device_id = got.device_id RETURNING s.device_id
         ), disp AS (
           UPDATE message_batches SET dispatched = dispatched + (SELECT count(*)::int FROM yes)
           WHERE id = $4 AND EXISTS (SELECT 1 FROM yes)
         ), no AS (
           UPDATE send_records s SET outcome = ${SendOutcome.PENDING}, not_before = NULL
           FROM due WHERE s.message_id = $1 AND s.device_id = due.device_id
             AND NOT EXISTS (SELECT 1 FROM got WHERE got.device_id = due.device_id) RETURNING s.device_id
         )${this.streamSql()}
         SELECT ${SendOutcome.DISPATCHED} AS outcome, 0 AS "lossCode", got.country, got.app_version AS "appVersion",
                count(*)::int AS count, NULL::int AS resend, NULL::int AS deferred
         FROM yes JOIN got ON got.device_id = yes.device_id GROUP BY got.country, got.app_version
         UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, (SELECT count(*)::int FROM no),
           (SELECT count(*)::int FROM late) - (SELECT count(*)::int FROM due)`,
        [...ofBatch(batch), windowSeconds],
      );
      decided = rows.filter((r) => r.resend === null);
      await this.counter.countSends(tx, batch.messageId, decided, batch.id);
      const received = decided.reduce((n, g) => n + g.count, 0);
      const totals = rows.find((r) => r.resend !== null);
      return { received, resend: totals?.resend ?? 0, deferred: totals?.deferred ?? 0 };
    });
    if (this.metrics && out.received > 0) this.metrics.sendsDispatched(out.received);
    return out;
  }
}
