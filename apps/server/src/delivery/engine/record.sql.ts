import { InstanceInvalidReason, InstanceStatus } from '@beacon/shared';
import type { SendResultRow } from './batch-types';
import { textArrayLiteral } from './text-array';
import { fcmProjectOf, LOSS, OPEN_OUTCOMES, packedFcmName, packFcmName, SendOutcome } from './kinds';

/**
 * The statement of BatchRepository.record: a page's results written in one statement. Its parameters: $1 the message,
 * $2 the batch, $3–$10 the results' columns as arrays (device, outcome, loss, FCM's name when not packed, not before,
 * attempted, country, app version), $11 the devices FCM answered UNREGISTERED, $12 whether the dispatched sends get
 * places in the event pages, $13 the names packed in the process (packedFcmName; NULL: by fcm_name_pack) and $14
 * their project (packedNames). It inserts each result (or updates its record still open), hands out the places,
 * counts the batch's dispatched sends, marks the uninstalled devices and returns the decided sends by outcome, loss,
 * country and version, then the devices newly marked uninstalled (`gone`). `stream`: the counter's CTE queueing the
 * decided sends as stream events, after a comma (empty without one).
 */
export const recordSql = (stream: string): string => `WITH r AS (
         SELECT * FROM unnest($3::bigint[], $4::smallint[], $5::smallint[], $6::text[], $7::timestamptz[], $8::smallint[], $9::text[], $10::text[], $13::bytea[])
           AS t(device_id, outcome, loss, name, not_before, attempted, country, app_version, packed)
       ), evs AS (
         -- the dispatched sends' places in the message's event pages (migration 0060), in device order; the message's
         -- row is locked (lockMessage), so no other write takes the same places
         UPDATE messages SET ev_next = ev_next + d.n
         FROM (SELECT count(*)::int AS n FROM r WHERE outcome = ${SendOutcome.DISPATCHED}) d
         WHERE id = $1 AND $12::boolean RETURNING ev_next - d.n AS first
       ), ins AS (
         INSERT INTO send_records AS s (message_id, device_id, outcome, loss_code, attempts, fcm_id, sent_at, not_before, batch_id, ev,
                                        event_mask, new_bits)
         SELECT $1, device_id, outcome, loss, attempted,
                -- packed in the process when the names' project is the app's ($14), else by the SQL function (a name
                -- packed in the process comes as its packed form only: unpacked here to be packed for the app's project)
                COALESCE(CASE WHEN p.project = $14::text THEN q.packed END,
                         ${packFcmName('COALESCE(name, fcm_name_unpack(q.packed, $14::text))', 'p.project')}),
                CASE WHEN outcome = ${SendOutcome.DISPATCHED} THEN now() END, not_before,
                CASE WHEN outcome <> ${SendOutcome.DISPATCHED} THEN $2::bigint END, q.ev,
                CASE WHEN q.ev IS NULL THEN 0 END, CASE WHEN q.ev IS NULL THEN 0 END
         FROM (
           SELECT r.*, CASE WHEN outcome = ${SendOutcome.DISPATCHED} AND $12::boolean
                  THEN (SELECT first FROM evs) + (row_number() OVER (PARTITION BY outcome = ${SendOutcome.DISPATCHED} ORDER BY device_id))::int - 1
                END AS ev
           FROM r
         ) q LEFT JOIN (${fcmProjectOf('$1')}) p ON true
         -- in device order, not FCM's answering order: both indexes then take the page's records left to right (a
         -- page's devices are a device-id range), and their leaves fill instead of splitting half full
         ORDER BY q.device_id
         ON CONFLICT (message_id, device_id) DO UPDATE SET outcome = EXCLUDED.outcome, loss_code = EXCLUDED.loss_code,
           attempts = s.attempts + EXCLUDED.attempts, fcm_id = EXCLUDED.fcm_id, sent_at = EXCLUDED.sent_at,
           not_before = EXCLUDED.not_before, ev = EXCLUDED.ev,
           -- dispatched by its own batch: the id goes (counted in the batch's row, below); a record of another batch
           -- (a device in two waves) keeps that batch's id, by which that batch counts it
           batch_id = CASE WHEN EXCLUDED.outcome = ${SendOutcome.DISPATCHED} AND s.batch_id = $2 THEN NULL ELSE s.batch_id END,
           event_mask = CASE WHEN EXCLUDED.ev IS NULL THEN s.event_mask END,
           new_bits = CASE WHEN EXCLUDED.ev IS NULL THEN s.new_bits END
         WHERE s.outcome IN (${OPEN_OUTCOMES})
         RETURNING s.device_id, s.outcome, s.loss_code, s.batch_id
       ), disp AS (
         -- the records this statement made dispatched without a batch id, counted once: a row the ON CONFLICT's WHERE
         -- refused (written already by an earlier run or flush) is not returned; one write of the batch row, not one a
         -- record (the row is locked already, by fenceLease)
         UPDATE message_batches SET dispatched = dispatched + d.n
         FROM (SELECT count(*)::int AS n FROM ins WHERE outcome = ${SendOutcome.DISPATCHED} AND batch_id IS NULL) d
         WHERE id = $2 AND d.n > 0
       ), dead AS (
         -- a device marked already is left as it is: its uninstall was counted when it was marked
         UPDATE devices SET status = ${InstanceStatus.INVALID}, invalid_reason = ${InstanceInvalidReason.UNINSTALLED}
         WHERE id IN (SELECT device_id FROM ins WHERE outcome = ${SendOutcome.LOST} AND loss_code = ${LOSS.UNINSTALLED})
           AND invalid_reason <> ${InstanceInvalidReason.UNINSTALLED}
         RETURNING id
       )${stream}
       SELECT ins.outcome, ins.loss_code AS "lossCode", r.country, r.app_version AS "appVersion", count(*)::int AS count,
              NULL::text AS gone
       FROM ins JOIN r ON r.device_id = ins.device_id WHERE ins.outcome IN (${SendOutcome.DISPATCHED}, ${SendOutcome.LOST})
       GROUP BY ins.outcome, ins.loss_code, r.country, r.app_version
       UNION ALL
       -- the devices this write marked uninstalled on FCM's UNREGISTERED: uninstalls, counted below
       SELECT NULL, NULL, NULL, NULL, NULL, dead.id::text FROM dead WHERE dead.id = ANY($11::bigint[])`;

/**
 * The statement's $6, $13 and $14: the results' FCM names packed in the process (packedFcmName) as a bytea[] literal,
 * with the one project they name, and as text only the names left to fcm_name_pack: those of another shape, or all
 * of them when the results name several projects (`project` null then). A packed name is not sent as text too: at
 * ~70 characters it was half of the statement's bytes, parsed by PostgreSQL for nothing.
 */
export function packedNames(rows: readonly SendResultRow[]): {
  names: string;
  hexes: string;
  project: string | null;
} {
  let project: string | null = null;
  const hexes: string[] = [];
  const names: Array<string | null> = [];
  for (const r of rows) {
    const p = r.fcmName === null ? undefined : packedFcmName(r.fcmName);
    if (p && project !== null && p.project !== project) {
      return { names: textArrayLiteral(rows.map((x) => x.fcmName)), hexes: '{}', project: null };
    }
    if (p) project = p.project;
    hexes.push(p ? `"\\\\x${p.hex}"` : 'NULL');
    names.push(p ? null : r.fcmName);
  }
  return { names: textArrayLiteral(names), hexes: `{${hexes.join(',')}}`, project };
}
