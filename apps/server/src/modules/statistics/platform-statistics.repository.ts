import type { StatMode } from '@beacon/shared';
import type { Database } from '../../db/client';
import type { CountsRow } from './statistics.repository';
import { modeCondition, SUMS } from './statistics.sql';

/**
 * Which rollup rows a platform report reads: the apps (the existing ones, or one), a range, a statistics mode and
 * countries ([] = all).
 */
export interface PlatformFilter {
  appIds: number[];
  start: string;
  end: string;
  mode: StatMode;
  countries: string[];
}

/** An app as the platform reports name it. */
export interface AppRef {
  appId: number;
  pkg: string;
  title: string;
  destroy: number;
  /** an open FCM-credentials alert */
  failing: boolean;
}

/** Counts of one app and country. */
export type AppCountryCounts = CountsRow & { appId: number };

/** An app's push over a range, by day, and its whole history's push and dispatch (messages' counters). */
export interface AppPush {
  appId: number;
  push: number;
  max: number;
  date: string;
  historyPush: number;
  historyDispatch: number;
}

const WHERE = `app_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
  AND (cardinality($4::text[]) = 0 OR country = ANY($4))`;

/**
 * The rollups a by-day read of a filter sums: with no country chosen, their per-day totals (stat_app_day_totals,
 * stat_uv_day_totals: the same sums, kept by the writer beside them, a few rows an app a day), else the rows by
 * country. The condition keeps the parameters' numbering.
 */
const dayRollups = (f: PlatformFilter) =>
  f.countries.length === 0
    ? {
        app: 'stat_app_day_totals',
        uv: 'stat_uv_day_totals',
        where:
          'app_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date AND cardinality($4::text[]) = 0',
      }
    : { app: 'stat_app_days', uv: 'stat_uv_days', where: WHERE };

type Sums = Omit<CountsRow, 'key' | 'showUv' | 'clickUv'>;

const withUv = <K extends object>(
  rows: Array<K & Sums>,
  uv: Array<K & { showUv: number; clickUv: number }>,
  id: (r: K) => string,
) => {
  const uvOf = new Map(uv.map((u) => [id(u), u]));
  const out = new Map<string, K & Sums & { showUv: number; clickUv: number }>();
  for (const r of rows) out.set(id(r), { ...r, showUv: 0, clickUv: 0 });
  for (const [k, u] of uvOf) {
    const r = out.get(k);
    if (r) Object.assign(r, { showUv: u.showUv, clickUv: u.clickUv });
    else
      out.set(k, {
        ...u,
        push: 0,
        dispatch: 0,
        reach: 0,
        show: 0,
        click: 0,
        conversion: 0,
        noticeOff: 0,
        showableReach: 0,
        showableShow: 0,
      });
  }
  return [...out.values()];
};

/** The platform's reads of the statistics rollups across apps: never send records or raw events. */
export class PlatformStatisticsRepository {
  constructor(private readonly database: Database) {}

  /** Every app (or the one asked: empty when it does not exist), by id. */
  async apps(appId?: number): Promise<AppRef[]> {
    return this.database.query<AppRef>(
      `SELECT a.id AS "appId", a.pkg, a.title, a.destroy,
              EXISTS (SELECT 1 FROM alerts x WHERE x.app_id = a.id AND x.kind = 'fcm_credentials'
                      AND x.resolved_at IS NULL) AS failing
       FROM apps a WHERE $1::int IS NULL OR a.id = $1 ORDER BY a.id`,
      [appId ?? null],
    );
  }

  private params(f: PlatformFilter) {
    return [f.appIds, f.start, f.end, f.countries];
  }

  /** Counts by day of the filter's apps together (the rollup's counters and the mode's unique devices). */
  async byDay(f: PlatformFilter): Promise<CountsRow[]> {
    const day = "to_char(day, 'YYYY-MM-DD')";
    const r = dayRollups(f);
    const [rows, uv] = await Promise.all([
      this.database.query<Sums & { key: string }>(
        `SELECT ${day} AS key, ${SUMS} FROM ${r.app} WHERE ${r.where} AND ${modeCondition(f.mode)} GROUP BY day`,
        this.params(f),
      ),
      this.database.query<{ key: string; showUv: number; clickUv: number }>(
        `SELECT ${day} AS key, sum(show_uv)::float8 AS "showUv", sum(click_uv)::float8 AS "clickUv"
         FROM ${r.uv} WHERE ${r.where} AND mode = $5 GROUP BY day`,
        [...this.params(f), f.mode],
      ),
    ]);
    return withUv(rows, uv, (r) => r.key);
  }

  /** Counts by app and country over the range. */
  async byAppCountry(f: PlatformFilter): Promise<AppCountryCounts[]> {
    const [rows, uv] = await Promise.all([
      this.database.query<Sums & { appId: number; key: string }>(
        `SELECT app_id AS "appId", country AS key, ${SUMS} FROM stat_app_days
         WHERE ${WHERE} AND ${modeCondition(f.mode)} GROUP BY app_id, country`,
        this.params(f),
      ),
      this.database.query<{ appId: number; key: string; showUv: number; clickUv: number }>(
        `SELECT app_id AS "appId", country AS key, sum(show_uv)::float8 AS "showUv",
                sum(click_uv)::float8 AS "clickUv"
         FROM stat_uv_days WHERE ${WHERE} AND mode = $5 GROUP BY app_id, country`,
        [...this.params(f), f.mode],
      ),
    ]);
    return withUv(rows, uv, (r) => `${r.appId}\u0000${r.key}`);
  }

  /**
   * Each app's push over the range (total, the largest day and its first day) and over its whole history with its
   * dispatch (the messages' counters, kept by the same writer as the rollups: push = dispatch + lost).
   */
  async appPush(f: PlatformFilter): Promise<AppPush[]> {
    const r = dayRollups(f);
    return this.database.query<AppPush>(
      `WITH d AS (
         SELECT app_id, day, sum(push) AS push FROM ${r.app}
         WHERE ${r.where} AND ${modeCondition(f.mode)} GROUP BY app_id, day
       ), r AS (
         SELECT app_id, sum(push)::float8 AS push, max(push)::float8 AS max,
                (array_agg(to_char(day, 'YYYY-MM-DD') ORDER BY push DESC, day))[1] AS date
         FROM d WHERE push > 0 GROUP BY app_id
       ), h AS (
         SELECT app_id, sum(dispatch_count + lost_count)::float8 AS push, sum(dispatch_count)::float8 AS dispatch
         FROM messages WHERE app_id = ANY($1::int[]) GROUP BY app_id
       )
       SELECT a.id AS "appId", COALESCE(r.push, 0) AS push, COALESCE(r.max, 0) AS max, COALESCE(r.date, '') AS date,
              COALESCE(h.push, 0) AS "historyPush", COALESCE(h.dispatch, 0) AS "historyDispatch"
       FROM unnest($1::int[]) AS a(id) LEFT JOIN r ON r.app_id = a.id LEFT JOIN h ON h.app_id = a.id`,
      this.params(f),
    );
  }

  /** Effective and new users per day of the apps together. */
  async usersByDay(appIds: number[], start: string, end: string) {
    return this.database.query<{ date: string; effective: number; newUser: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(effective)::float8 AS effective,
              sum(new_users)::float8 AS "newUser"
       FROM stat_user_days WHERE app_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
       GROUP BY day ORDER BY day`,
      [appIds, start, end],
    );
  }

  /** Per app over the range: new users, the effective users of the range's last day and of every day, devices now. */
  async usersByApp(appIds: number[], start: string, end: string) {
    return this.database.query<{
      appId: number;
      newUser: number;
      effective: number;
      effectiveSum: number;
      devices: number;
    }>(
      `WITH u AS (
         SELECT app_id, sum(new_users)::float8 AS new_user, sum(effective)::float8 AS effective_sum,
                COALESCE(sum(effective) FILTER (WHERE day = $3::date), 0)::float8 AS effective
         FROM stat_user_days WHERE app_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date GROUP BY app_id
       ), d AS (SELECT app_id, count(*)::float8 AS n FROM devices WHERE app_id = ANY($1::int[]) GROUP BY app_id)
       SELECT a.id AS "appId", COALESCE(u.new_user, 0) AS "newUser", COALESCE(u.effective, 0) AS effective,
              COALESCE(u.effective_sum, 0) AS "effectiveSum", COALESCE(d.n, 0) AS devices
       FROM unnest($1::int[]) AS a(id) LEFT JOIN u ON u.app_id = a.id LEFT JOIN d ON d.app_id = a.id`,
      [appIds, start, end],
    );
  }

  /** How many apps, console accounts and registered devices there are. */
  async meta(): Promise<{ apps: number; users: number; devices: number }> {
    const [row] = await this.database.query<{ apps: number; users: number; devices: number }>(
      `SELECT (SELECT count(*) FROM apps)::int AS apps, (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM devices)::float8 AS devices`,
    );
    return row ?? { apps: 0, users: 0, devices: 0 };
  }
}
