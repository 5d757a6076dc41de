import type { Database } from '../db/client';

/**
 * Moves an app's statistics and the send times of its messages `days` days (negative: into the past), so that a test
 * can read today's sends through reports whose ranges end yesterday (part 2 §5: pickers stop before today). The
 * events acknowledged so far are counted first (they are counted off the request path).
 */
export async function shiftStatisticsDays(
  t: { database: Database; services: { devices: { drain(): Promise<void> } } },
  appId: number,
  days: number,
): Promise<void> {
  await t.services.devices.drain();
  const { database } = t;
  const by = `make_interval(days => ${Math.trunc(days)})`;
  const day = (table: string) =>
    database.query(`UPDATE ${table} SET day = day + ${Math.trunc(days)} WHERE app_id = $1`, [appId]);
  await day('stat_message_days');
  await day('stat_app_days');
  await day('stat_app_day_totals');
  await day('stat_uv');
  await day('stat_uv_days');
  await day('stat_uv_day_totals');
  await day('stat_user_days');
  await database.query(
    `UPDATE stat_message_losses SET day = day + ${Math.trunc(days)}
     WHERE message_id IN (SELECT id FROM messages WHERE app_id = $1)`,
    [appId],
  );
  await database.query(
    `UPDATE send_records SET sent_at = sent_at + ${by} WHERE message_id IN (SELECT id FROM messages WHERE app_id = $1)`,
    [appId],
  );
  await database.query(
    `UPDATE messages SET created_at = created_at + ${by}, started_at = started_at + ${by} WHERE app_id = $1`,
    [appId],
  );
}
