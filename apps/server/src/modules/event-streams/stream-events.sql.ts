import { streamTypeBit, streamTypeCode } from '@beacon/shared';

// The statements that write an app's stream events (stream_events, migration 0050) are parts of the statements that
// count them (the statistics writer, the engine's result writes): one set-based INSERT … SELECT in their transaction,
// so an event is queued exactly when it is counted, never one statement per event. An app without enabled streams
// costs a lookup of its app_event_streams row, which finds nothing.

const code = streamTypeCode;
const bit = streamTypeBit;

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
       INSERT INTO stream_events (app_id, type, message_id, device_id, loss_code)
       SELECT st.app_id,
              CASE WHEN src.outcome = ${outcomes.dispatched} THEN ${code('sent')} ELSE ${code('lost')} END,
              ${messageParam}, src.device_id,
              CASE WHEN src.outcome = ${outcomes.lost} THEN src.loss_code END
       FROM ${source} src
       JOIN messages sm ON sm.id = ${messageParam}
       JOIN app_event_streams st ON st.app_id = sm.app_id AND st.enabled
       WHERE (src.outcome = ${outcomes.dispatched} AND st.types & ${bit('sent')} > 0)
          OR (src.outcome = ${outcomes.lost} AND st.types & ${bit('lost')} > 0)
       ORDER BY src.device_id
     )`;
}

/**
 * The INSERT of a CTE of the counting statement (StatisticsWriter.countingParts): `source` yields (app_id, message_id, device_id, bits) of
 * the event bits newly set on dispatched sends (send_records.event_mask: 1 received, 2 shown, 4 clicked, 8 dismissed).
 */
export function deviceEventsInsert(source: string): string {
  return `INSERT INTO stream_events (app_id, type, message_id, device_id)
       SELECT src.app_id, x.code, src.message_id, src.device_id
       FROM ${source} src
       JOIN app_event_streams st ON st.app_id = src.app_id AND st.enabled
       CROSS JOIN LATERAL (VALUES (1, ${code('delivered')}, ${bit('delivered')}), (2, ${code('shown')}, ${bit('shown')}),
                                  (4, ${code('clicked')}, ${bit('clicked')}), (8, ${code('dismissed')}, ${bit('dismissed')}))
         AS x(event_bit, code, type_bit)
       WHERE src.bits & x.event_bit > 0 AND st.types & x.type_bit > 0
       ORDER BY src.message_id, src.device_id, x.code`;
}

/**
 * A CTE (`stream_uninstalls`) of the uninstalls' count: the devices `deviceIdsParam` (bigint[]) marked uninstalled on
 * FCM's answer to a send of `messageParam`.
 */
export function uninstallEventsCte(messageParam: string, deviceIdsParam: string): string {
  return `stream_uninstalls AS (
       INSERT INTO stream_events (app_id, type, message_id, device_id)
       SELECT d.app_id, ${code('uninstalled')}, ${messageParam}, d.id
       FROM devices d JOIN app_event_streams st ON st.app_id = d.app_id AND st.enabled
       WHERE d.id = ANY(${deviceIdsParam}) AND st.types & ${bit('uninstalled')} > 0
       ORDER BY d.id
     )`;
}
