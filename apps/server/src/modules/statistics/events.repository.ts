import { RECOVERED_BIT } from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';
import { SendOutcome } from '../../delivery/engine';
import type { EventRow, RecordedEvents } from '../devices';
import { ALL_SLOTS, PAGE_SLOTS, maskAtSlot, maskOfSlot, newTimes, pageOf, slotOf } from '../../db/send-pages';

/** The received bit (1) of each of a page's slots, in send_events.bits’ layout (db/send-pages.ts). */
const RECEIVED_BITS = `B'${'00000001'.repeat(PAGE_SLOTS)}'`;

/**
 * The statement that queues the events a batch newly set on dispatched sends for counting (stat_pending_batches, one
 * row for the whole batch; counted off the request path by the EventCounter), over the CTE `fresh`.
 */
const QUEUE = `queued AS (
       INSERT INTO stat_pending_batches (message_ids, device_ids, bits, days, countries, app_versions, received_at, reasons)
       SELECT array_agg(message_id), array_agg(device_id), array_agg(new_bits), array_agg(day), array_agg(country),
              array_agg(app_version), array_agg(received_at), array_agg(reason)
       FROM fresh HAVING count(*) > 0
     )`;

/**
 * The statement that moves the device API's marks of the messages' receipts (message_receipts, over the CTE `v`): each
 * message with an event applied to one of its send records (dispatched, or written ahead and not yet resolved: a
 * stray that has a send record) was acknowledged now, with events the devices stamped from the earliest of theirs on
 * (at most now: a device clock ahead counts as now). The last statement's marks stand: while the device API works
 * through a backlog it applies events stamped long ago. The engine resolves the sends a dead worker left in flight
 * only once these show their receipts are in (InFlightRepository.resolveAmbiguous). The marks' rows are locked after
 * the send records, in message order.
 */
const MARKS = `marks AS (
       INSERT INTO message_receipts AS r (message_id, stamped_from, acked_at)
       SELECT v.message_id, LEAST(min(v.received_at), now()), now() FROM v
       WHERE EXISTS (SELECT 1 FROM send_records_all s WHERE s.message_id = v.message_id AND s.device_id = v.device_id)
         -- only once up has locked its send records (an init plan: run before the first row)
         AND (SELECT count(*) FROM up) >= 0
       GROUP BY v.message_id ORDER BY v.message_id
       ON CONFLICT (message_id) DO UPDATE SET stamped_from = EXCLUDED.stamped_from, acked_at = EXCLUDED.acked_at
     )`;

export interface EventsRepositoryOptions {
  /** Queue the newly set events for counting (default true; the ingest bench turns it off to measure the rest). */
  count?: boolean;
}

/**
 * The device events as the statistics take them (the devices module's port, DeviceStatistics.recordEvents): typed rows
 * in, one statement out, atomic on its own: the bits set on the dispatched send records (the idempotency of each
 * (device, message, type): a bit already set counts nothing again), the newly set ones queued for counting, and the
 * rows that found no dispatched send kept as strays for troubleshooting (and by which the engine resolves sends left
 * in flight), with the marks of how far each message's receipts have been applied (MARKS).
 */
export class EventsRepository {
  constructor(
    private readonly database: Database,
    private readonly opts: EventsRepositoryOptions = {},
  ) {}

  /**
   * Sets event bits on the send records of (message, device) that FCM accepted; events for messages the device was
   * never dispatched (never targeted, filtered, lost, still waiting) are kept as strays, so reach ≤ dispatched holds; a
   * click implies a show and a show a receipt; bits already set make repeats no-ops.
   *
   * Linear in the batch: the UPDATE itself writes the bits it newly sets (`new_bits`, from the row as it was) and
   * returns them, so no step reads and locks the send records before; it meets them in key order (the input sorted by
   * message and device, materialized, drives the update), and it locks the event pages it updates in key order first
   * (`lk`), so concurrent flushes touching the same rows wait for each other rather than deadlock (and a deadlock,
   * should a plan ever differ, fails the flush, which the batcher retries).
   * `q`: another connection or transaction (the bench's EXPLAIN, rolled back).
   */
  async apply(rows: EventRow[], q: Queryable = this.database): Promise<RecordedEvents> {
    if (rows.length === 0) return { counted: 0, stray: 0 };
    const count = this.opts.count ?? true;
    const [out] = await q.query<{ dispatched: number; counted: number }>(
      `WITH t AS (
         SELECT * FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::smallint[], $5::timestamptz[], $6::timestamptz[],
                              $7::timestamptz[], $8::smallint[]) WITH ORDINALITY
           AS t(app_id, gaid, message_id, mask, received_at, shown_at, clicked_at, reason, ord)
       ), v AS MATERIALIZED (
         -- a click implies the notification was shown, and a show that it was received (show ≤ reach, click ≤ show)
         SELECT t.ord, d.id AS device_id, d.country, d.app_version, t.message_id,
                t.mask | CASE WHEN t.mask & 4 > 0 THEN 3 WHEN t.mask & 2 > 0 THEN 1 ELSE 0 END AS mask,
                COALESCE(t.received_at, t.shown_at, t.clicked_at) AS received_at,
                COALESCE(t.shown_at, t.clicked_at) AS shown_at, t.clicked_at, t.reason
         FROM t JOIN devices d ON d.app_id = t.app_id AND d.gaid = t.gaid
         ORDER BY t.message_id, d.id
       ), sp AS MATERIALIZED (
         -- each event's dispatched send record, read once: its place in the message's event pages (ev, migration 0060)
         -- or none (its events on itself); a device the message never reached cannot have received it.
         -- Reached from each event's (message, device) only, the partition of its message chosen as the statement
         -- runs (send_records is partitioned by message id, migration 0027; a settled week's records are archived,
         -- read through send_records_all, migration 0066). Not also by "message_id = ANY (the
         -- batch's messages)": with that the planner could read a whole message's records for each flush, and did
         -- when a broadcast's records were newer than their partition's statistics (the events right after a send):
         -- 0.9 s a flush of 30 events at a message of 50,000 devices, the sizes bench at 1M rows
         SELECT v.*, s.ev, s.sent_at FROM v JOIN send_records_all s ON s.message_id = v.message_id AND s.device_id = v.device_id
         WHERE s.outcome = ${SendOutcome.DISPATCHED}
       ), up_record AS (
         -- a record without a page: its bits on itself
         -- recovered (128) only with the receipt that sets received (1): a device received before is not won back
         UPDATE send_records s SET
           event_mask = s.event_mask | (v.mask & ~((s.event_mask & 1) * ${RECOVERED_BIT})),
           new_bits = v.mask & ~((s.event_mask & 1) * ${RECOVERED_BIT}) & ~s.event_mask,
           received_at = COALESCE(s.received_at, v.received_at),
           shown_at = COALESCE(s.shown_at, v.shown_at),
           clicked_at = COALESCE(s.clicked_at, v.clicked_at),
           show_failed_reason = COALESCE(s.show_failed_reason, v.reason)
         FROM sp v
         WHERE v.ev IS NULL AND s.message_id = v.message_id AND s.device_id = v.device_id
           AND s.outcome = ${SendOutcome.DISPATCHED}
         RETURNING v.ord, s.message_id, s.device_id, s.new_bits::int AS new_bits,
                   (s.sent_at AT TIME ZONE 'UTC')::date AS day, v.country, v.app_version, s.received_at,
                   s.show_failed_reason AS reason
       ), slot AS (
         -- a record with a page: its events of this batch, one row a send
         SELECT message_id, ev, device_id, sent_at, country, app_version, min(ord) AS ord, bit_or(mask) AS mask,
                min(received_at) AS received_at, min(shown_at) AS shown_at, min(clicked_at) AS clicked_at,
                min(reason) AS reason
         FROM sp WHERE ev IS NOT NULL GROUP BY message_id, ev, device_id, sent_at, country, app_version
       ), inc AS (
         SELECT message_id, ${pageOf('ev')} AS page, COALESCE(min(received_at), now()) AS base_at,
                bit_or(${maskAtSlot('mask', 'ev')}) AS bits,
                array_agg(${slotOf('ev')}) AS slots, array_agg(received_at) AS r, array_agg(shown_at) AS sh,
                array_agg(clicked_at) AS cl, array_agg(reason) AS rs
         FROM slot GROUP BY message_id, ${pageOf('ev')}
       ), lk AS MATERIALIZED (
         -- the pages of the batch that exist, locked first and in key order: two flushes writing some of the same
         -- pages then wait for each other instead of deadlocking (the UPDATE below locks in its join's order)
         SELECT e.message_id FROM send_events e JOIN inc ON e.message_id = inc.message_id AND e.page = inc.page
         ORDER BY e.message_id, e.page FOR UPDATE OF e
       ), upd AS (
         -- one write a page: the bits it newly sets (fresh) from the row as it was; times and reasons kept first come
         UPDATE send_events e SET
           bits = e.bits | (inc.bits & ~((e.bits & ${RECEIVED_BITS}) << 7)),
           fresh = inc.bits & ~((e.bits & ${RECEIVED_BITS}) << 7) & ~e.bits,
           received_s = send_event_times(e.received_s, inc.slots, inc.r, e.base_at),
           shown_s = send_event_times(e.shown_s, inc.slots, inc.sh, e.base_at),
           clicked_s = send_event_times(e.clicked_s, inc.slots, inc.cl, e.base_at),
           reasons = send_event_reasons(e.reasons, inc.slots, inc.rs)
         FROM inc WHERE e.message_id = inc.message_id AND e.page = inc.page
           -- only once lk has locked the pages (an init plan: run before the first row)
           AND (SELECT count(*) FROM lk) >= 0
         RETURNING e.message_id, e.page, e.base_at, e.fresh, e.received_s, e.reasons
       ), ins AS (
         -- a page's first events (no row to update in this statement's snapshot); another flush may write its row
         -- first: then the two are merged as above, every slot of the new row (its times from its own base)
         INSERT INTO send_events AS e (message_id, page, base_at, bits, fresh, received_s, shown_s, clicked_s, reasons)
         SELECT message_id, page, base_at, bits, bits, send_event_times(NULL, slots, r, base_at),
                send_event_times(NULL, slots, sh, base_at), send_event_times(NULL, slots, cl, base_at),
                send_event_reasons(NULL, slots, rs)
         FROM inc
         WHERE NOT EXISTS (SELECT 1 FROM upd WHERE upd.message_id = inc.message_id AND upd.page = inc.page)
         ORDER BY message_id, page
         ON CONFLICT (message_id, page) DO UPDATE SET
           bits = e.bits | (EXCLUDED.bits & ~((e.bits & ${RECEIVED_BITS}) << 7)),
           fresh = EXCLUDED.bits & ~((e.bits & ${RECEIVED_BITS}) << 7) & ~e.bits,
           received_s = send_event_times(e.received_s, ${ALL_SLOTS}, ${newTimes('received_s')}, e.base_at),
           shown_s = send_event_times(e.shown_s, ${ALL_SLOTS}, ${newTimes('shown_s')}, e.base_at),
           clicked_s = send_event_times(e.clicked_s, ${ALL_SLOTS}, ${newTimes('clicked_s')}, e.base_at),
           reasons = send_event_reasons(e.reasons, ${ALL_SLOTS}, EXCLUDED.reasons)
         RETURNING e.message_id, e.page, e.base_at, e.fresh, e.received_s, e.reasons
       ), page AS (
         SELECT * FROM upd UNION ALL SELECT * FROM ins
       ), up_page AS (
         SELECT slot.ord, slot.message_id, slot.device_id,
                ${maskOfSlot('page.fresh', 'slot.ev')} AS new_bits,
                (slot.sent_at AT TIME ZONE 'UTC')::date AS day, slot.country, slot.app_version,
                page.base_at + make_interval(secs => page.received_s[${slotOf('slot.ev')} + 1]) AS received_at,
                page.reasons[${slotOf('slot.ev')} + 1] AS reason
         FROM slot JOIN page ON page.message_id = slot.message_id AND page.page = ${pageOf('slot.ev')}
       ), up AS (
         SELECT * FROM up_record UNION ALL SELECT * FROM up_page
       ), fresh AS (SELECT * FROM up WHERE new_bits <> 0)${count ? `, ${QUEUE}` : ''}, ${MARKS}, stray AS (
         -- the input rows with no dispatched send (unknown device or message, never dispatched): kept, counting nothing
         INSERT INTO stat_stray_events AS x (app_id, gaid, message_id, mask)
         SELECT DISTINCT ON (app_id, gaid, message_id) t.app_id, t.gaid, t.message_id, t.mask
         FROM t WHERE NOT EXISTS (SELECT 1 FROM up WHERE up.ord = t.ord)
         ORDER BY app_id, gaid, message_id
         ON CONFLICT (app_id, gaid, message_id) DO UPDATE SET mask = x.mask | EXCLUDED.mask, last_at = now()
       )
       SELECT (SELECT count(*) FROM up)::int AS dispatched, (SELECT count(*) FROM fresh)::int AS counted`,
      [
        rows.map((r) => r.appId),
        rows.map((r) => r.gaid),
        rows.map((r) => r.messageId),
        rows.map((r) => r.mask),
        rows.map((r) => r.receivedAt),
        rows.map((r) => r.shownAt),
        rows.map((r) => r.clickedAt),
        rows.map((r) => r.showFailedReason),
      ],
      { prepared: true },
    );
    const counted = out?.counted ?? 0;
    return { counted: count ? counted : 0, stray: rows.length - (out?.dispatched ?? 0) };
  }
}
