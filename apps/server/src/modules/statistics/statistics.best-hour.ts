import { BEST_HOUR } from '@beacon/shared';
import { EVENT_BIT } from './statistics.sql';

const bits = (name: keyof typeof EVENT_BIT) => EVENT_BIT[name];

/**
 * The counting statement's learning of each device's best hour (migration 0040, @beacon/shared best-hour.ts), over its
 * CTE `e`: the newly counted shows and clicks weighed by the device's local hour at the message's receipt (`bh`), added
 * to the devices' histograms (`dh`, in device order: concurrent counters wait for each other there, before `db`) and
 * their apps' (`ah`); a device whose histogram's highest hour changed, or that has just enough events, gets its best
 * hour (`db`: the device row is written only then).
 */
export function bestHourParts(): Array<[name: string, sql: string]> {
  const weight = `(CASE WHEN e.bits & ${bits('shown')} > 0 THEN ${BEST_HOUR.showWeight} ELSE 0 END
                 + CASE WHEN e.bits & ${bits('clicked')} > 0 THEN ${BEST_HOUR.clickWeight} ELSE 0 END)`;
  return [
    [
      'bh',
      `SELECT e.device_id, e.app_id,
              (((floor(extract(epoch FROM e.received_at) / 60)::bigint + dv.utc_offset_min) % 1440) / 60)::int AS hour,
              sum(${weight})::int AS w
         FROM e JOIN devices dv ON dv.id = e.device_id
         WHERE e.bits & ${bits('shown') | bits('clicked')} > 0 AND e.received_at IS NOT NULL
         GROUP BY 1, 2, 3`,
    ],
    [
      'dh',
      `INSERT INTO device_hours AS x (device_id, counts, total)
         SELECT k.device_id, array_agg(COALESCE(b.w, 0) ORDER BY g.h), COALESCE(sum(b.w), 0)::int
         FROM (SELECT DISTINCT device_id FROM bh) k CROSS JOIN generate_series(0, 23) AS g(h)
              LEFT JOIN bh b ON b.device_id = k.device_id AND b.hour = g.h
         GROUP BY k.device_id ORDER BY k.device_id
         ON CONFLICT (device_id) DO UPDATE SET total = x.total + EXCLUDED.total,
           counts = ARRAY(SELECT u.a + u.b FROM unnest(x.counts, EXCLUDED.counts) WITH ORDINALITY AS u(a, b, i)
                          ORDER BY u.i)
         RETURNING x.device_id, x.counts, x.total`,
    ],
    [
      'ah',
      `INSERT INTO app_hours AS x (app_id, hour, weight)
         SELECT app_id, hour, sum(w) FROM bh GROUP BY 1, 2 ORDER BY 1, 2
         ON CONFLICT (app_id, hour) DO UPDATE SET weight = x.weight + EXCLUDED.weight`,
    ],
    [
      'db',
      `UPDATE devices d SET best_hour = n.h
         FROM (SELECT dh.device_id,
                      CASE WHEN dh.total >= ${BEST_HOUR.minEvents} THEN
                        (SELECT (u.i - 1)::smallint FROM unnest(dh.counts) WITH ORDINALITY AS u(c, i)
                         ORDER BY u.c DESC, u.i LIMIT 1) END AS h
               FROM dh) n
         WHERE d.id = n.device_id AND d.best_hour IS DISTINCT FROM n.h`,
    ],
  ];
}
