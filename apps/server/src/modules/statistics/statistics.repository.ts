import type { StatCounts, StatMode } from '@beacon/shared';
import type { Database } from '../../db/client';
import { OPEN_OUTCOMES } from '../../delivery/engine';
import { modeCondition, showableMessageSql, SUMS } from './statistics.sql';

/** A message's totals as the statistics keep them (messages' counter columns, written by StatisticsWriter only). */
export interface MessageTotals {
  id: number;
  startedAt: Date | null;
  createdAt: Date;
  dispatch: number;
  lost: number;
  reach: number;
  show: number;
  click: number;
  /** deliveries won back by missed-push recovery (a part of reach) */
  recovered: number;
  /** whether the message can be shown (showableMessage): its show rate is over its reach, else 0 */
  showable: boolean;
}

/** Counts of a report row before rates: one day, country or version. */
export type CountsRow = { key: string } & StatCounts;

/** Which rows of the rollups a report reads: app, range, mode, countries and versions ([] = all). */
export interface ReportFilter {
  appId: number;
  start: string;
  end: string;
  mode: StatMode;
  countries: string[];
  versions: string[];
}

/** The unique devices of a report row (stat_uv_days / its totals). */
type UvRow = { key: string; showUv: number; clickUv: number };
const UV_SUMS = 'sum(show_uv)::float8 AS "showUv", sum(click_uv)::float8 AS "clickUv"';

/** The detail rollups' rows of the filter: its app, range, countries and versions ($1–$5). */
function reportWhere(f: ReportFilter): { where: string; params: unknown[] } {
  return {
    where: `app_id = $1 AND day BETWEEN $2::date AND $3::date
      AND (cardinality($4::text[]) = 0 OR country = ANY($4)) AND (cardinality($5::text[]) = 0 OR app_version = ANY($5))`,
    params: [f.appId, f.start, f.end, f.countries, f.versions],
  };
}

/** Report rows by key, their counts and unique devices joined (a key with either), in key order. */
function mergeCounts(rows: Array<Omit<CountsRow, 'showUv' | 'clickUv'>>, uv: UvRow[]): CountsRow[] {
  const uvOf = new Map(uv.map((u) => [u.key, u]));
  const keys = new Set([...rows.map((r) => r.key), ...uv.map((u) => u.key)]);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return [...keys].sort().map((k) => {
    const r = byKey.get(k);
    const u = uvOf.get(k);
    return {
      key: k,
      push: r?.push ?? 0,
      dispatch: r?.dispatch ?? 0,
      reach: r?.reach ?? 0,
      show: r?.show ?? 0,
      click: r?.click ?? 0,
      conversion: r?.conversion ?? 0,
      noticeOff: r?.noticeOff ?? 0,
      showableReach: r?.showableReach ?? 0,
      showableShow: r?.showableShow ?? 0,
      showUv: u?.showUv ?? 0,
      clickUv: u?.clickUv ?? 0,
    };
  });
}

/** Every read of the statistics: from the counters and rollups, never from send records or raw events. */
export class StatisticsRepository {
  constructor(private readonly database: Database) {}

  async message(appId: number, id: number): Promise<MessageTotals | undefined> {
    const [row] = await this.database.query<MessageTotals>(
      `SELECT id::int AS id, started_at AS "startedAt", created_at AS "createdAt", dispatch_count AS dispatch,
              lost_count AS lost, reach_count AS reach, show_count AS show, click_count AS click,
              recovered_count AS recovered, ${showableMessageSql('messages')} AS showable
       FROM messages WHERE app_id = $1 AND id = $2 AND NOT deleted`,
      [appId, id],
    );
    return row;
  }

  /** Devices of the message waiting for their send (banned window, FCM retry) and when the next is due. */
  async waiting(id: number): Promise<{ n: number; next: Date | null }> {
    const [row] = await this.database.query<{ n: number; next: Date | string | null }>(
      `SELECT count(*)::int AS n, min(not_before) AS next FROM send_records WHERE message_id = $1 AND outcome IN (${OPEN_OUTCOMES})`,
      [id],
    );
    return { n: row?.n ?? 0, next: row?.next ? new Date(row.next) : null };
  }

  async losses(id: number) {
    return this.database.query<{ type: number; count: number }>(
      `SELECT loss_code AS type, sum(count)::float8 AS count FROM stat_message_losses WHERE message_id = $1
       GROUP BY loss_code ORDER BY count DESC, loss_code`,
      [id],
    );
  }

  /** A message's deliveries won back by missed-push recovery, by the device's brand and model, most first. */
  async recoveredByModel(id: number) {
    return this.database.query<{ brand: string; model: string; recovered: number }>(
      `SELECT brand, model, recovered FROM stat_message_recovered WHERE message_id = $1
       ORDER BY recovered DESC, brand, model`,
      [id],
    );
  }

  async showLosses(id: number) {
    return this.database.query<{ type: number; count: number }>(
      'SELECT reason AS type, count FROM message_show_losses WHERE message_id = $1 ORDER BY count DESC, reason',
      [id],
    );
  }

  /** A message's counts by country or app version (keys it was dispatched to). */
  async distribution(id: number, dimension: 'country' | 'version') {
    const col = dimension === 'country' ? 'country' : 'app_version';
    return this.database.query<{ key: string; dispatch: number; reach: number; show: number; click: number }>(
      `SELECT ${col} AS key, sum(dispatch)::float8 AS dispatch, sum(reach)::float8 AS reach,
              sum(show)::float8 AS show, sum(click)::float8 AS click
       FROM stat_message_days WHERE message_id = $1 GROUP BY ${col} HAVING sum(dispatch) > 0
       ORDER BY dispatch DESC, key`,
      [id],
    );
  }

  async reachMinutes(id: number) {
    return this.database.query<{ minute: number; reach: number }>(
      'SELECT minute, reach FROM message_reach_minutes WHERE message_id = $1 ORDER BY minute',
      [id],
    );
  }

  /**
   * Counts by day over a filter's range: the rollup's counters plus the unique devices of the mode (stat_uv_days; a
   * total over several days sums the daily unique devices). With no country nor version filter (the project trend, a
   * year of days), from the per-day totals the writer keeps equal to the sums of those rows (stat_app_day_totals,
   * stat_uv_day_totals: the same figures, a few rows a day instead of thousands); the mode's condition reads msg_type
   * and ai, which the totals keep.
   */
  async counts(f: ReportFilter): Promise<CountsRow[]> {
    // grouped by the day itself: it becomes text once per group, not once per row
    const key = "to_char(day, 'YYYY-MM-DD')";
    const totals = f.countries.length === 0 && f.versions.length === 0;
    const { where, params } = totals
      ? { where: 'app_id = $1 AND day BETWEEN $2::date AND $3::date', params: [f.appId, f.start, f.end] }
      : reportWhere(f);
    const [rows, uv] = await Promise.all([
      this.database.query<Omit<CountsRow, 'showUv' | 'clickUv'>>(
        `SELECT ${key} AS key, ${SUMS} FROM ${totals ? 'stat_app_day_totals' : 'stat_app_days'}
         WHERE ${where} AND ${modeCondition(f.mode)}
         GROUP BY day`,
        params,
      ),
      this.database.query<UvRow>(
        `SELECT ${key} AS key, ${UV_SUMS}
         FROM ${totals ? 'stat_uv_day_totals' : 'stat_uv_days'} WHERE ${where} AND mode = $${params.length + 1}
         GROUP BY day`,
        [...params, f.mode],
      ),
    ]);
    return mergeCounts(rows, uv);
  }

  /**
   * The range's counts by country and by app version at once: each rollup read in one pass with both groupings
   * (GROUPING SETS), not twice (the version-country sub-report: 2 scans of the range's detail rows instead of 4).
   */
  async countsByCountryAndVersion(
    f: ReportFilter,
  ): Promise<{ countries: CountsRow[]; versions: CountsRow[] }> {
    const { where, params } = reportWhere(f);
    // g: 0 a country's row, 1 a version's (the country grouped away)
    const sets = `GROUPING(country)::int AS g, CASE WHEN GROUPING(country) = 0 THEN country ELSE app_version END AS key`;
    const [rows, uv] = await Promise.all([
      this.database.query<Omit<CountsRow, 'showUv' | 'clickUv'> & { g: number }>(
        `SELECT ${sets}, ${SUMS} FROM stat_app_days WHERE ${where} AND ${modeCondition(f.mode)}
         GROUP BY GROUPING SETS ((country), (app_version))`,
        params,
      ),
      this.database.query<UvRow & { g: number }>(
        `SELECT ${sets}, ${UV_SUMS} FROM stat_uv_days WHERE ${where} AND mode = $${params.length + 1}
         GROUP BY GROUPING SETS ((country), (app_version))`,
        [...params, f.mode],
      ),
    ]);
    const of = <T extends { g: number }>(list: T[], g: number) => list.filter((r) => r.g === g);
    return {
      countries: mergeCounts(of(rows, 0), of(uv, 0)),
      versions: mergeCounts(of(rows, 1), of(uv, 1)),
    };
  }

  /** Effective and new devices per day over a range. */
  async users(appId: number, start: string, end: string) {
    return this.database.query<{ date: string; effective: number; newUser: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(effective)::float8 AS effective, sum(new_users)::float8 AS "newUser"
       FROM stat_user_days WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY day ORDER BY day`,
      [appId, start, end],
    );
  }

  /** Uninstalls per day of the range (stat_uninstalls, days with none left out). */
  async uninstallDays(appId: number, start: string, end: string) {
    return this.database.query<{ date: string; count: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(count)::int AS count
       FROM stat_uninstalls WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY day ORDER BY day`,
      [appId, start, end],
    );
  }

  /**
   * The messages that preceded the range's uninstalls, most first (0: none preceded them), with their title, type and
   * dispatched devices (the message's own counter).
   */
  async uninstallMessages(appId: number, start: string, end: string, limit: number) {
    return this.database.query<{
      msgId: number;
      title: string;
      msgType: number;
      dispatch: number;
      count: number;
    }>(
      `SELECT u.preceding_message_id::int AS "msgId", COALESCE(m.title, '') AS title, COALESCE(m.msg_type, 0)::int AS "msgType",
              COALESCE(m.dispatch_count, 0)::int AS dispatch, u.count
       FROM (SELECT preceding_message_id, sum(count)::int AS count FROM stat_uninstalls
             WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY preceding_message_id) u
       LEFT JOIN messages m ON m.id = u.preceding_message_id AND m.app_id = $1
       ORDER BY u.count DESC, u.preceding_message_id DESC LIMIT $4::int`,
      [appId, start, end, limit],
    );
  }
}
