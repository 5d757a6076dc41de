import type { MessageStatSort, PeriodUnit, ReportCounts } from '@beacon/shared';
import type { Database } from '../../db/client';
import { COUNT_SUMS, showableMessageSql, SUMS } from './statistics.sql';

/** A message's counts over a range (stat_message_days), with what the table names it by. */
export type MessageCounts = ReportCounts & {
  msgId: number;
  appId: number;
  appTitle: string;
  title: string;
  msgType: number;
  deleted: boolean;
  firstDay: string;
  lastDay: string;
};

/** The report tab's rows: counts of one period (a day, an ISO week or a month), and of one app when listed per app. */
export type PeriodCounts = ReportCounts & { period: string; appId?: number; title?: string };

export interface ReportFilter {
  appIds: number[];
  start: string;
  end: string;
  countries: string[];
  /** 1 notification, 2 pass-through; undefined: every message */
  msgType: number | undefined;
}

/** How a sort key orders the message rows (a rate by its exact ratio, 0 when there is nothing to divide by). */
const ratio = (n: string, d: string) => `CASE WHEN ${d} > 0 THEN ${n} / ${d} ELSE 0 END`;
const ORDER: Record<MessageStatSort, string> = {
  msgId: 'm.message_id',
  push: 'm.push',
  dispatch: 'm.dispatch',
  dispatchRate: ratio('m.dispatch', 'm.push'),
  reach: 'm.reach',
  reachRate: ratio('m.reach', 'm.dispatch'),
  show: 'm.show',
  showRate: ratio('m."showableShow"', 'm."showableReach"'),
  click: 'm.click',
  clickRate: ratio('m.click', 'm.show'),
};

// the keys of periodOf (packages/shared stat-periods): a period is a run of the rollups' days, so its figures are the
// sum of its days' figures whatever the grouping
const PERIOD: Record<PeriodUnit, string> = {
  day: "to_char(day, 'YYYY-MM-DD')",
  week: `to_char(day, 'IYYY-"W"IW')`,
  month: "to_char(day, 'YYYY-MM')",
};

/** The platform statistics tab's messages and the report tab's periods, from the rollups. */
export class PlatformReportsRepository {
  constructor(private readonly database: Database) {}

  /**
   * One page of the messages with figures in the range (stat_message_days), in the asked order (then newest
   * message first), and how many there are; `limit` null: every one (the CSV).
   */
  async messages(
    f: { appIds: number[]; start: string; end: string },
    sort: MessageStatSort,
    order: 'ascend' | 'descend',
    limit: number | null,
    offset: number,
  ): Promise<{ rows: MessageCounts[]; total: number }> {
    const dir = order === 'ascend' ? 'ASC' : 'DESC';
    const rows = await this.database.query<MessageCounts & { total: number }>(
      `WITH d AS (
         SELECT message_id, app_id, ${COUNT_SUMS}, min(day) AS first_day, max(day) AS last_day
         FROM stat_message_days WHERE app_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
         GROUP BY message_id, app_id
       ), m AS (
         -- the show rate's terms: the message's own reach and show when it can be shown, else none
         SELECT d.*, CASE WHEN ${showableMessageSql('x')} THEN d.reach ELSE 0 END AS "showableReach",
                CASE WHEN ${showableMessageSql('x')} THEN d.show ELSE 0 END AS "showableShow",
                x.title, x.msg_type, x.deleted
         FROM d JOIN messages x ON x.id = d.message_id
       )
       SELECT m.message_id::float8 AS "msgId", m.app_id AS "appId", a.title AS "appTitle", m.title,
              m.msg_type::int AS "msgType", m.deleted, to_char(m.first_day, 'YYYY-MM-DD') AS "firstDay",
              to_char(m.last_day, 'YYYY-MM-DD') AS "lastDay", m.push, m.dispatch, m.reach, m.show, m.click,
              m.conversion, m."noticeOff", m."showableReach", m."showableShow", count(*) OVER ()::int AS total
       FROM m JOIN apps a ON a.id = m.app_id
       ORDER BY ${ORDER[sort]} ${dir}, m.message_id DESC
       LIMIT $4 OFFSET $5`,
      [f.appIds, f.start, f.end, limit, offset],
    );
    if (rows.length === 0 && offset > 0) {
      const [n] = await this.database.query<{ n: number }>(
        `SELECT count(DISTINCT message_id)::int AS n FROM stat_message_days
         WHERE app_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date`,
        [f.appIds, f.start, f.end],
      );
      return { rows: [], total: n?.n ?? 0 };
    }
    return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? 0 };
  }

  /**
   * The rollup rows of a filter: with no country chosen, the per-day totals (stat_app_day_totals: the same sums, kept
   * by the writer beside stat_app_days, a few rows an app a day), else the rows by country.
   */
  private where(f: ReportFilter) {
    const all = f.countries.length === 0;
    return {
      table: all ? 'stat_app_day_totals' : 'stat_app_days',
      sql: `app_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
        AND ${all ? 'cardinality($4::text[]) = 0' : '(cardinality($4::text[]) = 0 OR country = ANY($4))'}
        AND ($5::int IS NULL OR msg_type = $5)`,
      params: [f.appIds, f.start, f.end, f.countries, f.msgType ?? null],
    };
  }

  /** Counts by day, ISO week or month of the filter's apps together. */
  async periods(f: ReportFilter, by: PeriodUnit): Promise<PeriodCounts[]> {
    const w = this.where(f);
    return this.database.query<PeriodCounts>(
      `SELECT ${PERIOD[by]} AS period, ${SUMS} FROM ${w.table} WHERE ${w.sql} GROUP BY 1 ORDER BY 1`,
      w.params,
    );
  }

  /** One page of counts by period and app (newest period first, then the most pushed), and how many. */
  async periodsByApp(
    f: ReportFilter,
    by: PeriodUnit,
    limit: number,
    offset: number,
  ): Promise<{ rows: PeriodCounts[]; total: number }> {
    const w = this.where(f);
    const rows = await this.database.query<PeriodCounts & { total: number }>(
      `WITH p AS (
         SELECT ${PERIOD[by]} AS period, app_id, ${SUMS} FROM ${w.table} WHERE ${w.sql} GROUP BY 1, 2
       )
       SELECT p.*, p.app_id AS "appId", a.title, count(*) OVER ()::int AS total
       FROM p JOIN apps a ON a.id = p.app_id
       ORDER BY p.period DESC, p.push DESC, p.app_id LIMIT $6 OFFSET $7`,
      [...w.params, limit, offset],
    );
    if (rows.length === 0 && offset > 0) {
      const [n] = await this.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${w.table} WHERE ${w.sql} GROUP BY ${PERIOD[by]}, app_id) x`,
        w.params,
      );
      return { rows: [], total: n?.n ?? 0 };
    }
    return {
      rows: rows.map((r) => ({
        period: r.period,
        appId: r.appId,
        title: r.title,
        push: r.push,
        dispatch: r.dispatch,
        reach: r.reach,
        show: r.show,
        click: r.click,
        conversion: r.conversion,
        noticeOff: r.noticeOff,
        showableReach: r.showableReach,
        showableShow: r.showableShow,
      })),
      total: rows[0]?.total ?? 0,
    };
  }
}
