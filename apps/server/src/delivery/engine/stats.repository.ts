import type { Database } from '../../db/client';
import type { DeviceEventBits } from './ports';

/**
 * Statistics counters fed by device events (DESIGN §7): per message (reach, show, click, dismiss, show failed,
 * recalled, conversion), per country and app version, show losses by reason, and reach by minute since the start.
 * One statement per batch of events; the statistics pages never scan raw events.
 */
export class StatsRepository {
  constructor(private readonly database: Database) {}

  async applyEvents(events: DeviceEventBits[]): Promise<void> {
    if (events.length === 0) return;
    await this.database.query(
      `WITH e AS (
         SELECT t.message_id, t.device_id, t.bits FROM unnest($1::bigint[], $2::bigint[], $3::int[]) AS t(message_id, device_id, bits)
         WHERE EXISTS (SELECT 1 FROM messages WHERE id = t.message_id)
       ), m AS (
         UPDATE messages SET
           reach_count = reach_count + x.reach, show_count = show_count + x.show, click_count = click_count + x.click,
           dismiss_count = dismiss_count + x.dismiss, show_fail_count = show_fail_count + x.fail,
           recalled_count = recalled_count + x.recalled, conversion_count = conversion_count + x.conv
         FROM (
           SELECT message_id, count(*) FILTER (WHERE bits & 1 > 0) AS reach, count(*) FILTER (WHERE bits & 2 > 0) AS show,
                  count(*) FILTER (WHERE bits & 4 > 0) AS click, count(*) FILTER (WHERE bits & 8 > 0) AS dismiss,
                  count(*) FILTER (WHERE bits & 16 > 0) AS fail, count(*) FILTER (WHERE bits & 32 > 0) AS recalled,
                  count(*) FILTER (WHERE bits & 64 > 0) AS conv
           FROM e GROUP BY message_id
         ) x WHERE messages.id = x.message_id
       ), dims AS (
         INSERT INTO message_dims (message_id, dimension, key, reach, show, click)
         SELECT e.message_id, x.dim, x.key, count(*) FILTER (WHERE e.bits & 1 > 0), count(*) FILTER (WHERE e.bits & 2 > 0),
                count(*) FILTER (WHERE e.bits & 4 > 0)
         FROM e JOIN devices d ON d.id = e.device_id
           CROSS JOIN LATERAL (VALUES (1::smallint, d.country), (2::smallint, d.app_version)) AS x(dim, key)
         GROUP BY e.message_id, x.dim, x.key
         ON CONFLICT (message_id, dimension, key) DO UPDATE SET reach = message_dims.reach + EXCLUDED.reach,
           show = message_dims.show + EXCLUDED.show, click = message_dims.click + EXCLUDED.click
       ), shows AS (
         INSERT INTO message_show_losses (message_id, reason, count)
         SELECT e.message_id, COALESCE(s.show_failed_reason, 20), count(*)
         FROM e JOIN send_records s ON s.message_id = e.message_id AND s.device_id = e.device_id
         WHERE e.bits & 16 > 0 GROUP BY 1, 2
         ON CONFLICT (message_id, reason) DO UPDATE SET count = message_show_losses.count + EXCLUDED.count
       )
       INSERT INTO message_reach_minutes (message_id, minute, reach)
       SELECT e.message_id, GREATEST(0, floor(extract(epoch FROM (s.received_at - COALESCE(mm.started_at, mm.created_at))) / 60))::int, count(*)
       FROM e JOIN send_records s ON s.message_id = e.message_id AND s.device_id = e.device_id
         JOIN messages mm ON mm.id = e.message_id
       WHERE e.bits & 1 > 0 AND s.received_at IS NOT NULL GROUP BY 1, 2
       ON CONFLICT (message_id, minute) DO UPDATE SET reach = message_reach_minutes.reach + EXCLUDED.reach`,
      [events.map((e) => e.messageId), events.map((e) => e.deviceId), events.map((e) => e.newBits)],
    );
  }
}
