import type { Queryable } from '../../db/client';

/**
 * Rebuilds apps' per-day totals (stat_app_day_totals, stat_uv_day_totals) from their detail rows (stat_app_days,
 * stat_uv_days), with the sums the migration 0036 backfilled them with: for what writes detail rows other than this
 * writer (test fixtures, the benches' seeds), which then leaves the totals as the writer would have.
 */
export async function rebuildDayTotals(q: Queryable, appIds: number[]): Promise<void> {
  await q.query('DELETE FROM stat_app_day_totals WHERE app_id = ANY($1::int[])', [appIds]);
  await q.query('DELETE FROM stat_uv_day_totals WHERE app_id = ANY($1::int[])', [appIds]);
  await q.query(
    `INSERT INTO stat_app_day_totals (app_id, day, msg_type, ai, push, dispatch, notice_off, reach, show, click,
                                      conversion)
     SELECT app_id, day, msg_type, ai, sum(push), sum(dispatch), sum(notice_off), sum(reach), sum(show), sum(click),
            sum(conversion)
     FROM stat_app_days WHERE app_id = ANY($1::int[]) GROUP BY app_id, day, msg_type, ai`,
    [appIds],
  );
  await q.query(
    `INSERT INTO stat_uv_day_totals (app_id, day, mode, show_uv, click_uv)
     SELECT app_id, day, mode, sum(show_uv), sum(click_uv)
     FROM stat_uv_days WHERE app_id = ANY($1::int[]) GROUP BY app_id, day, mode`,
    [appIds],
  );
}
