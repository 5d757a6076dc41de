import type { Database } from '../db/client';
import type { SendCounter } from '../delivery/engine';
import { StatisticsWriter } from '../modules/statistics';

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

/**
 * Waits, when a UTC day ends within `marginMs`, until the next one has begun: a test whose sends, events and reads
 * must fall on one UTC day (its figures are "today's") starts with a whole day ahead of it instead of failing when
 * it runs across midnight. Returns at once the rest of the day.
 */
export async function clearOfMidnight(marginMs = 180_000): Promise<void> {
  const now = Date.now();
  const left = 86_400_000 - (now % 86_400_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/**
 * The statistics writer, as app.ts wires it into the delivery engine (its SendCounter): for the engine's own tests of
 * its repositories, which may not import a module themselves (eslint.config.js).
 */
export const sendCounter = (database: Database): SendCounter => new StatisticsWriter(database);
