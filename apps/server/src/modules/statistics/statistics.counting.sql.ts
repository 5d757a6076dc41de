import { abBucketSql } from '../../delivery/engine';
import { CONTROL_BUCKETS, RECOVERED_BIT, ScheduleType } from '@beacon/shared';
import { deviceEventsInsert } from '../event-streams';
import { bestHourParts } from './statistics.best-hour';
import { EVENT_BIT, REPORTED_TYPE, UTC_DAY, UV_DAYS } from './statistics.sql';

const bits = (name: keyof typeof EVENT_BIT) => EVENT_BIT[name];

/**
 * The counting statement's CTEs (StatisticsWriter.countingStatement), in order, by name: `e` the events with their
 * message, `c` their counts per (message, day, country, version); then the message's own counters (`mm`), its
 * recovered deliveries by brand and model (`rv`), its show losses (`sl`) and reach by minute (`rm`); and the daily
 * rollups: per message and per app (`md`, `ad`, and the app's per-day totals `adt`) and the unique devices (`modes`,
 * `uv`, `k`, `cell`, `ud`, and their per-day totals `udt`); then best-hour learning and the app's stream events. Each
 * total is upserted right after its detail rows (the same relative order in countSends), so writers of one app lock
 * the two tables' rows in one order. Over the CTE `t`, the events (message_id, device_id, bits, day, country,
 * app_version, received_at, reason).
 */
export function countingParts(): Array<[name: string, sql: string]> {
  return [
    [
      'e',
      `SELECT t.*, m.app_id, m.msg_type, m.content_create_type > 0 AS ai, COALESCE(m.started_at, m.created_at) AS since,
              -- a best-hour message's control group, as its plan split the audience (0 buckets: none)
              CASE WHEN m.schedule_type = ${ScheduleType.BEST_HOUR} AND m.control_share > 0
                THEN ${abBucketSql('t.device_id', 't.message_id')} < m.control_share * ${CONTROL_BUCKETS / 100}
                ELSE false END AS control,
              -- the statistics modes the message counts in: 0 all; 1 backend or 2 AI all; 3 AI notifications
              CASE WHEN ${REPORTED_TYPE('m.msg_type')} THEN 1 | (CASE WHEN m.content_create_type > 0 THEN 4 ELSE 2 END)
                     | (CASE WHEN m.content_create_type > 0 AND m.msg_type = 1 THEN 8 ELSE 0 END) ELSE 0 END AS modes
       FROM t JOIN messages m ON m.id = t.message_id`,
    ],
    [
      'c',
      `SELECT message_id, day, country, app_version, app_id, msg_type, ai,
              count(*) FILTER (WHERE bits & ${bits('received')} > 0)::int AS reach,
              count(*) FILTER (WHERE bits & ${bits('shown')} > 0)::int AS show,
              count(*) FILTER (WHERE bits & ${bits('clicked')} > 0)::int AS click,
              count(*) FILTER (WHERE bits & ${bits('converted')} > 0)::int AS conversion,
              count(*) FILTER (WHERE bits & ${bits('dismissed')} > 0)::int AS dismiss,
              count(*) FILTER (WHERE bits & ${bits('show_failed')} > 0)::int AS show_fail,
              count(*) FILTER (WHERE bits & ${bits('recalled')} > 0)::int AS recalled,
              count(*) FILTER (WHERE bits & ${RECOVERED_BIT} > 0)::int AS recovered
       FROM e GROUP BY message_id, day, country, app_version, app_id, msg_type, ai`,
    ],
    [
      'md',
      `INSERT INTO stat_message_days AS x (message_id, day, country, app_version, app_id, reach, show, click,
                                           conversion, dismiss, show_fail, recalled)
       SELECT message_id, day, country, app_version, app_id, reach, show, click, conversion, dismiss, show_fail, recalled
       FROM c ORDER BY message_id, day, country, app_version
       ON CONFLICT (message_id, day, country, app_version) DO UPDATE SET reach = x.reach + EXCLUDED.reach,
         show = x.show + EXCLUDED.show, click = x.click + EXCLUDED.click, conversion = x.conversion + EXCLUDED.conversion,
         dismiss = x.dismiss + EXCLUDED.dismiss, show_fail = x.show_fail + EXCLUDED.show_fail,
         recalled = x.recalled + EXCLUDED.recalled`,
    ],
    [
      'ad',
      `INSERT INTO stat_app_days AS x (app_id, day, msg_type, ai, country, app_version, reach, show, click, conversion)
       SELECT app_id, day, msg_type, ai, country, app_version, sum(reach), sum(show), sum(click), sum(conversion)
       FROM c WHERE ${REPORTED_TYPE('msg_type')}
       GROUP BY app_id, day, msg_type, ai, country, app_version ORDER BY 1, 2, 3, 4, 5, 6
       ON CONFLICT (app_id, day, msg_type, ai, country, app_version) DO UPDATE SET reach = x.reach + EXCLUDED.reach,
         show = x.show + EXCLUDED.show, click = x.click + EXCLUDED.click, conversion = x.conversion + EXCLUDED.conversion`,
    ],
    [
      'adt',
      `INSERT INTO stat_app_day_totals AS x (app_id, day, msg_type, ai, reach, show, click, conversion)
       SELECT app_id, day, msg_type, ai, sum(reach), sum(show), sum(click), sum(conversion)
       FROM c WHERE ${REPORTED_TYPE('msg_type')}
       GROUP BY app_id, day, msg_type, ai ORDER BY 1, 2, 3, 4
       ON CONFLICT (app_id, day, msg_type, ai) DO UPDATE SET reach = x.reach + EXCLUDED.reach,
         show = x.show + EXCLUDED.show, click = x.click + EXCLUDED.click, conversion = x.conversion + EXCLUDED.conversion`,
    ],
    [
      'mm',
      `UPDATE messages SET reach_count = reach_count + s.reach, show_count = show_count + s.show,
         click_count = click_count + s.click, conversion_count = conversion_count + s.conversion,
         dismiss_count = dismiss_count + s.dismiss, show_fail_count = show_fail_count + s.show_fail,
         recalled_count = recalled_count + s.recalled, recovered_count = recovered_count + s.recovered,
         control_show = control_show + COALESCE(k.show, 0), control_click = control_click + COALESCE(k.click, 0)
       FROM (SELECT message_id, sum(reach) AS reach, sum(show) AS show, sum(click) AS click, sum(conversion) AS conversion,
                    sum(dismiss) AS dismiss, sum(show_fail) AS show_fail, sum(recalled) AS recalled,
                    sum(recovered) AS recovered
             FROM c GROUP BY message_id) s
       LEFT JOIN (SELECT message_id, count(*) FILTER (WHERE bits & ${bits('shown')} > 0)::int AS show,
                         count(*) FILTER (WHERE bits & ${bits('clicked')} > 0)::int AS click
                  FROM e WHERE control GROUP BY message_id) k USING (message_id)
       WHERE messages.id = s.message_id`,
    ],
    [
      'rv',
      // deliveries won back by missed-push recovery, by the device's brand and model (rare: its devices read here)
      `INSERT INTO stat_message_recovered AS x (message_id, brand, model, recovered)
       SELECT e.message_id, d.brand, d.model, count(*)
       FROM e JOIN devices d ON d.id = e.device_id WHERE e.bits & ${RECOVERED_BIT} > 0
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (message_id, brand, model) DO UPDATE SET recovered = x.recovered + EXCLUDED.recovered`,
    ],
    [
      'sl',
      `INSERT INTO message_show_losses AS x (message_id, reason, count)
       SELECT message_id, COALESCE(reason, 20), count(*)
       FROM e WHERE bits & ${bits('show_failed')} > 0 GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (message_id, reason) DO UPDATE SET count = x.count + EXCLUDED.count`,
    ],
    [
      'rm',
      `INSERT INTO message_reach_minutes AS x (message_id, minute, reach)
       SELECT message_id, GREATEST(0, floor(date_part('epoch', received_at - since) / 60))::int, count(*)
       FROM e WHERE bits & ${bits('received')} > 0 AND received_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (message_id, minute) DO UPDATE SET reach = x.reach + EXCLUDED.reach`,
    ],
    [
      'modes',
      `SELECT app_id, day, device_id, max(country) AS country, max(app_version) AS app_version,
              bit_or(CASE WHEN bits & ${bits('shown')} > 0 THEN modes ELSE 0 END)::smallint AS show_modes,
              bit_or(CASE WHEN bits & ${bits('clicked')} > 0 THEN modes ELSE 0 END)::smallint AS click_modes
       FROM e WHERE bits & ${bits('shown') | bits('clicked')} > 0 AND modes > 0 AND day >= (SELECT ${UTC_DAY} - ${UV_DAYS})
       GROUP BY app_id, day, device_id`,
    ],
    [
      'uv',
      `INSERT INTO stat_uv AS x (app_id, day, device_id, show_modes, click_modes)
       SELECT app_id, day, device_id, show_modes, click_modes FROM modes ORDER BY app_id, day, device_id
       ON CONFLICT (app_id, day, device_id) DO UPDATE SET show_modes = x.show_modes | EXCLUDED.show_modes,
         click_modes = x.click_modes | EXCLUDED.click_modes, prev_show = x.show_modes, prev_click = x.click_modes
       WHERE (EXCLUDED.show_modes & ~x.show_modes) <> 0 OR (EXCLUDED.click_modes & ~x.click_modes) <> 0
       RETURNING x.app_id, x.day, x.device_id, (x.show_modes & ~x.prev_show) AS new_show, (x.click_modes & ~x.prev_click) AS new_click`,
    ],
    [
      'k',
      // each device with new modes, in its (country, version) cell: uv and modes grouped by the device, not joined
      // (the planner expects a few rows from each CTE, and a join of two CTEs can run as a nested loop, batch² steps:
      // PGlite's does, 700 µs an event; turning nested loops off instead made PostgreSQL JIT-compile the statement,
      // over a second a run)
      `SELECT app_id, day, max(country) AS country, max(app_version) AS app_version,
              max(new_show) AS new_show, max(new_click) AS new_click
       FROM (SELECT app_id, day, device_id, country, app_version, NULL::int AS new_show, NULL::int AS new_click
             FROM modes
             UNION ALL
             SELECT app_id, day, device_id, NULL, NULL, new_show, new_click FROM uv) u
       GROUP BY app_id, day, device_id
       HAVING max(new_show) IS NOT NULL`,
    ],
    [
      'cell',
      `SELECT app_id, day, country, app_version,
              count(*) FILTER (WHERE new_show & 1 > 0) AS s0, count(*) FILTER (WHERE new_click & 1 > 0) AS c0,
              count(*) FILTER (WHERE new_show & 2 > 0) AS s1, count(*) FILTER (WHERE new_click & 2 > 0) AS c1,
              count(*) FILTER (WHERE new_show & 4 > 0) AS s2, count(*) FILTER (WHERE new_click & 4 > 0) AS c2,
              count(*) FILTER (WHERE new_show & 8 > 0) AS s3, count(*) FILTER (WHERE new_click & 8 > 0) AS c3
       FROM k GROUP BY app_id, day, country, app_version`,
    ],
    [
      'ud',
      `INSERT INTO stat_uv_days AS x (app_id, day, mode, country, app_version, show_uv, click_uv)
       SELECT cell.app_id, cell.day, mo.mode, cell.country, cell.app_version, mo.show_uv, mo.click_uv
       FROM cell CROSS JOIN LATERAL (VALUES (0, cell.s0, cell.c0), (1, cell.s1, cell.c1), (2, cell.s2, cell.c2),
                                            (3, cell.s3, cell.c3)) AS mo(mode, show_uv, click_uv)
       WHERE mo.show_uv + mo.click_uv > 0
       ORDER BY 1, 2, 3, 4, 5
       ON CONFLICT (app_id, day, mode, country, app_version) DO UPDATE SET show_uv = x.show_uv + EXCLUDED.show_uv,
         click_uv = x.click_uv + EXCLUDED.click_uv`,
    ],
    [
      'udt',
      `INSERT INTO stat_uv_day_totals AS x (app_id, day, mode, show_uv, click_uv)
       SELECT cell.app_id, cell.day, mo.mode, sum(mo.show_uv), sum(mo.click_uv)
       FROM cell CROSS JOIN LATERAL (VALUES (0, cell.s0, cell.c0), (1, cell.s1, cell.c1), (2, cell.s2, cell.c2),
                                            (3, cell.s3, cell.c3)) AS mo(mode, show_uv, click_uv)
       WHERE mo.show_uv + mo.click_uv > 0
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (app_id, day, mode) DO UPDATE SET show_uv = x.show_uv + EXCLUDED.show_uv,
         click_uv = x.click_uv + EXCLUDED.click_uv`,
    ],
    ...bestHourParts(),
    // the app's stream events (docs/event-streams.md): queued exactly when counted
    ['se', deviceEventsInsert('e')],
  ];
}
