import { EVENT_STREAM_LIMITS, streamTypeBit, streamTypeCode } from '@beacon/shared';

// The statements that write an app's stream events (stream_events, migrations 0050, 0055, 0057) are parts of the
// statements that count them (the statistics writer, the engine's result writes): one set-based INSERT … SELECT in
// their transaction, so an event is queued exactly when it is counted, never one statement per event. The events a
// statement writes of one app, type and message are one row (up to SET events, devices in order): a row's id is its
// first event's id, the others follow it (the sequence steps by SET). An app without enabled streams costs a lookup of
// its app_event_streams row, which finds nothing.

const code = streamTypeCode;
const bit = streamTypeBit;
/** The most events in one row: one post's worth, so that a post always takes at least one whole row. */
const SET = EVENT_STREAM_LIMITS.batchMax;

/**
 * `rows` (columns app_id, type, message_id, device_id, loss_code) grouped into stream_events rows: per app, type and
 * message, up to SET devices a row, in device order.
 */
function insertSets(rows: string): string {
  return `INSERT INTO stream_events (app_id, type, message_id, device_ids, loss_codes)
       SELECT g.app_id, g.type, g.message_id, array_agg(g.device_id ORDER BY g.device_id),
              CASE WHEN bool_or(g.loss_code IS NOT NULL) THEN array_agg(g.loss_code ORDER BY g.device_id) END
       FROM (
         SELECT r.*, (row_number() OVER (PARTITION BY r.app_id, r.type, r.message_id ORDER BY r.device_id) - 1) / ${SET} AS part
         FROM (${rows}) r
       ) g
       GROUP BY g.app_id, g.type, g.message_id, g.part
       ORDER BY g.app_id, g.message_id, g.type, g.part`;
}

/**
 * A CTE (`stream_sends`) of the engine's result writes: `source` yields (device_id, outcome, loss_code) of the sends
 * this statement decided, of the message `messageParam`; dispatched ones are `sent`, lost ones `lost` with their code.
 */
export function sendEventsCte(
  source: string,
  messageParam: string,
  outcomes: { dispatched: number; lost: number },
): string {
  return `stream_sends AS (
       ${insertSets(`SELECT st.app_id,
              CASE WHEN src.outcome = ${outcomes.dispatched} THEN ${code('sent')} ELSE ${code('lost')} END AS type,
              ${messageParam} AS message_id, src.device_id,
              CASE WHEN src.outcome = ${outcomes.lost} THEN src.loss_code END AS loss_code
       FROM ${source} src
       JOIN messages sm ON sm.id = ${messageParam}
       JOIN app_event_streams st ON st.app_id = sm.app_id AND st.enabled
       WHERE (src.outcome = ${outcomes.dispatched} AND st.types & ${bit('sent')} > 0)
          OR (src.outcome = ${outcomes.lost} AND st.types & ${bit('lost')} > 0)`)}
     )`;
}

/**
 * The INSERT of a CTE of the counting statement (StatisticsWriter.countingParts): `source` yields (app_id, message_id, device_id, bits) of
 * the event bits newly set on dispatched sends (send_records.event_mask: 1 received, 2 shown, 4 clicked, 8 dismissed).
 */
export function deviceEventsInsert(source: string): string {
  return insertSets(`SELECT src.app_id, x.code AS type, src.message_id, src.device_id, NULL::smallint AS loss_code
       FROM ${source} src
       JOIN app_event_streams st ON st.app_id = src.app_id AND st.enabled
       CROSS JOIN LATERAL (VALUES (1, ${code('delivered')}, ${bit('delivered')}), (2, ${code('shown')}, ${bit('shown')}),
                                  (4, ${code('clicked')}, ${bit('clicked')}), (8, ${code('dismissed')}, ${bit('dismissed')}))
         AS x(event_bit, code, type_bit)
       WHERE src.bits & x.event_bit > 0 AND st.types & x.type_bit > 0`);
}

/**
 * A CTE (`stream_uninstalls`) of the uninstalls' count: the devices `deviceIdsParam` (bigint[]) marked uninstalled on
 * FCM's answer to a send of `messageParam`.
 */
export function uninstallEventsCte(messageParam: string, deviceIdsParam: string): string {
  return `stream_uninstalls AS (
       ${insertSets(`SELECT d.app_id, ${code('uninstalled')} AS type, ${messageParam} AS message_id, d.id AS device_id,
              NULL::smallint AS loss_code
       FROM devices d JOIN app_event_streams st ON st.app_id = d.app_id AND st.enabled
       WHERE d.id = ANY(${deviceIdsParam}) AND st.types & ${bit('uninstalled')} > 0`)}
     )`;
}
