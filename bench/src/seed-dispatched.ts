// Seeds an app's devices and messages that were dispatched to every device: the send records and counters a
// broadcast leaves, so the device API's events (bench/ingest.ts, the stats bench's ingest phase) have something to set.
import type { Database } from '../../apps/server/src/db/client';
import { rebuildDayTotals } from '../../apps/server/src/modules/statistics';
import { maskAtSlot, pageOf } from '../../apps/server/src/db/send-pages';
import { seedDevices } from './seed-devices';

/**
 * `devices` sendable devices of the app and `messages` messages dispatched to all of them; returns the message ids.
 * `eventPages`: each send with its place in its message's event pages, as the engine writes it when the device events
 * come through JetStream (migration 0060; BatchRepository's eventPages); without, as it writes it otherwise.
 */
export async function seedDispatched(
  database: Database,
  appId: number,
  ownerEmail: string,
  devices: number,
  messages: number,
  { eventPages = false }: { eventPages?: boolean } = {},
): Promise<number[]> {
  await seedDevices(database, appId, devices, { allSendable: true }, 250_000);
  const msgRows = await database.query<{ id: string }>(
    `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count, schedule_type,
       ttl_seconds, content_create_type, created_at, started_at)
     SELECT $1::int, 1, 4, 'Ingest ' || k, $2, '{}'::jsonb, 0, $3::int, 0, 86400, k % 2, now() - interval '2 hours',
       now() - interval '2 hours'
     FROM generate_series(1, $4::int) AS k ORDER BY k RETURNING id::text AS id`,
    [appId, ownerEmail, devices, messages],
  );
  const messageIds = msgRows.map((r) => Number(r.id));
  // every device was dispatched every message (send_records outcome 1, as in test/fixtures/synthetic-devices.ts), with
  // its place in its message's event pages in device order, as the engine's result write gives it, or none
  await database.query(
    `INSERT INTO send_records (message_id, device_id, outcome, sent_at, ev, event_mask, new_bits)
     SELECT m, d.id, 1, now() - interval '90 minutes',
            CASE WHEN $3 THEN (row_number() OVER (PARTITION BY m ORDER BY d.id))::int - 1 END,
            CASE WHEN NOT $3 THEN 0 END, CASE WHEN NOT $3 THEN 0 END
     FROM unnest($2::bigint[]) AS m, devices d WHERE d.app_id = $1 ORDER BY m, d.id`,
    [appId, messageIds, eventPages],
  );
  if (eventPages)
    await database.query('UPDATE messages SET ev_next = $2 WHERE id = ANY($1::bigint[])', [
      messageIds,
      devices,
    ]);
  // … and counted as countSends does when it records them (the rows the events' counters then update)
  await database.query(
    `INSERT INTO stat_message_days (message_id, day, country, app_version, app_id, push, dispatch)
     SELECT s.message_id, (s.sent_at AT TIME ZONE 'UTC')::date, d.country, d.app_version, $1, count(*), count(*)
     FROM send_records s JOIN devices d ON d.id = s.device_id WHERE s.message_id = ANY($2::bigint[])
     GROUP BY 1, 2, 3, 4`,
    [appId, messageIds],
  );
  await database.query(
    `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch)
     SELECT $1::int, x.day, m.msg_type, m.content_create_type > 0, x.country, x.app_version, sum(x.push), sum(x.dispatch)
     FROM stat_message_days x JOIN messages m ON m.id = x.message_id WHERE x.message_id = ANY($2::bigint[])
     GROUP BY 1, 2, 3, 4, 5, 6`,
    [appId, messageIds],
  );
  await rebuildDayTotals(database, [appId]);
  await database.query(
    'UPDATE messages SET dispatch_count = push_count, selected_count = push_count WHERE id = ANY($1::bigint[])',
    [messageIds],
  );
  for (const table of ['devices', 'send_records', 'messages', 'stat_message_days', 'stat_app_days'])
    await database.exec(`VACUUM ANALYZE ${table}`);
  return messageIds;
}

/**
 * SQL: the event pages (send_events, migration 0060) of the sends `source` lists, as the device API leaves them:
 * `source` yields (message_id, ev, mask, at, received_s, shown_s, clicked_s), a send's place, its event bits, its page's
 * base time and its first receipt, show and click in seconds from that (NULL: none).
 */
export const eventPagesSql = (source: string): string =>
  `INSERT INTO send_events (message_id, page, base_at, bits, fresh, received_s, shown_s, clicked_s)
   SELECT message_id, ${pageOf('ev')}, min(at), bit_or(${maskAtSlot('mask', 'ev')}), bit_or(${maskAtSlot('mask', 'ev')}),
          array_agg(received_s ORDER BY ev), array_agg(shown_s ORDER BY ev), array_agg(clicked_s ORDER BY ev)
   FROM (${source}) p GROUP BY 1, 2 ORDER BY 1, 2`;
