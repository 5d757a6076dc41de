import {
  addDays,
  daysBetween,
  statRange,
  utcDay,
  type AppPushRow,
  type AppStatStatus,
  type StatMode,
  type StatCounts,
  type TrackingCounts,
  type TrackingQuery,
} from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { dayRows, keyRow, sumCounts } from './statistics.presenter';
import { historyRate, perDay } from './platform-statistics.presenter';
import type { AppRef, PlatformFilter, PlatformStatisticsRepository } from './platform-statistics.repository';
import type { PlatformTrackingRepository } from './platform-tracking.repository';

export interface Range {
  start?: string | undefined;
  end?: string | undefined;
}

/** A comma list of countries: trimmed, upper-cased, without empties and repeats. */
export const countryList = (s: string) => [
  ...new Set(
    s
      .split(',')
      .map((x) => x.trim().toUpperCase())
      .filter(Boolean),
  ),
];

const byPushThenKey = (a: { push: number; key: string }, b: { push: number; key: string }) =>
  b.push - a.push || a.key.localeCompare(b.key);

function statusOf(app: AppRef, push: number): AppStatStatus {
  if (app.destroy === 2) return 'destroyed';
  if (app.failing) return 'failing';
  return push > 0 ? 'active' : 'idle';
}

/**
 * The admin dashboard's reads (/statistics, level 100): every app's figures from the same rollups as the app reports
 * (statistics.service), and the tracking records.
 */
export class PlatformStatisticsService {
  constructor(
    private readonly repo: PlatformStatisticsRepository,
    private readonly tracking: PlatformTrackingRepository,
    /** this deployment's host: the domain of records written without one */
    private readonly host: string,
    private readonly today: () => string = () => utcDay(),
  ) {}

  range(q: Range) {
    return statRange('platform', q.start, q.end, this.today());
  }

  /** The apps a report covers: every app, or the one asked (400 naming appId when there is none). */
  async apps(appId?: number): Promise<AppRef[]> {
    const apps = await this.repo.apps(appId);
    if (appId !== undefined && apps.length === 0) throw fieldError('appId', 'is not an app');
    return apps;
  }

  private filter(apps: AppRef[], start: string, end: string, mode: StatMode, countries: string[] = []) {
    return { appIds: apps.map((a) => a.appId), start, end, mode, countries } satisfies PlatformFilter;
  }

  /** Every app together: yesterday and the day before. */
  async yesterday(mode: StatMode) {
    const yesterday = addDays(this.today(), -1);
    const before = addDays(yesterday, -1);
    const rows = await this.repo.byDay(this.filter(await this.apps(), before, yesterday, mode));
    const [b, y] = dayRows(rows, before, yesterday);
    return { yesterday: y!, before: b! };
  }

  /** The trend of every app together and one row per app (most pushed first). */
  async push(q: Range & { type: StatMode }) {
    const r = this.range(q);
    const apps = await this.apps();
    const f = this.filter(apps, r.start, r.end, q.type);
    const [days, pushes] = await Promise.all([this.repo.byDay(f), this.repo.appPush(f)]);
    const n = daysBetween(r.start, r.end) + 1;
    const pushOf = new Map(pushes.map((p) => [p.appId, p]));
    const rows: AppPushRow[] = apps.map((a) => {
      const p = pushOf.get(a.appId);
      const push = p?.push ?? 0;
      return {
        appId: a.appId,
        pkg: a.pkg,
        title: a.title,
        status: statusOf(a, push),
        historyRate: historyRate(p?.historyDispatch ?? 0, p?.historyPush ?? 0),
        date: p?.date ?? '',
        push,
        avg: perDay(push, n),
        max: p?.max ?? 0,
      };
    });
    rows.sort((a, b) => b.push - a.push || a.title.localeCompare(b.title) || a.appId - b.appId);
    return { dated: dayRows(days, r.start, r.end), apps: rows, ...r };
  }

  /** Effective and new users of every app by day, with yesterday and the day before. */
  async users(q: Range) {
    const r = this.range(q);
    const yesterday = addDays(this.today(), -1);
    const before = addDays(yesterday, -1);
    const from = r.start < before ? r.start : before;
    const to = r.end > yesterday ? r.end : yesterday;
    const ids = (await this.apps()).map((a) => a.appId);
    const byDay = new Map((await this.repo.usersByDay(ids, from, to)).map((x) => [x.date, x]));
    const day = (date: string) => byDay.get(date) ?? { date, effective: 0, newUser: 0 };
    const dated = [];
    for (let d = r.start; d <= r.end; d = addDays(d, 1)) dated.push(day(d));
    return { yesterday: day(yesterday), before: day(before), dated, ...r };
  }

  /** The range's figures by country (every app, or the one asked) and by country and app. */
  async countryApp(q: Range & { type: StatMode; country: string; appId?: number | undefined }) {
    const r = this.range(q);
    const apps = await this.apps(q.appId);
    const titleOf = new Map(apps.map((a) => [a.appId, a.title]));
    const rows = await this.repo.byAppCountry(
      this.filter(apps, r.start, r.end, q.type, countryList(q.country)),
    );
    const byCountry = new Map<string, StatCounts[]>();
    for (const row of rows) byCountry.set(row.key, [...(byCountry.get(row.key) ?? []), row]);
    const countries = [...byCountry].map(([key, list]) => keyRow({ key, ...sumCounts(list) }));
    return {
      countries: countries.sort(byPushThenKey),
      rows: rows
        .map((row) => ({ ...keyRow(row), appId: row.appId, title: titleOf.get(row.appId) ?? '' }))
        .sort((a, b) => byPushThenKey(a, b) || a.appId - b.appId),
      ...r,
    };
  }

  /** Each app's users over the range (most new users first). */
  async userMetric(q: Range) {
    const r = this.range(q);
    const apps = await this.apps();
    const n = daysBetween(r.start, r.end) + 1;
    const of = new Map(
      (
        await this.repo.usersByApp(
          apps.map((a) => a.appId),
          r.start,
          r.end,
        )
      ).map((u) => [u.appId, u]),
    );
    const rows = apps.map((a) => {
      const u = of.get(a.appId);
      return {
        appId: a.appId,
        pkg: a.pkg,
        title: a.title,
        newUser: u?.newUser ?? 0,
        effective: u?.effective ?? 0,
        avgEffective: perDay(u?.effectiveSum ?? 0, n),
        devices: u?.devices ?? 0,
      };
    });
    rows.sort((a, b) => b.newUser - a.newUser || b.devices - a.devices || a.appId - b.appId);
    return { rows, ...r };
  }

  meta() {
    return this.repo.meta();
  }

  /** The tracking records of a range (≤ 30 days), newest first, with the counts by event and action. */
  async trackingRecords(q: TrackingQuery) {
    const r = statRange('tracking', q.begin, q.end, this.today());
    const f = { begin: r.start, end: r.end, domain: q.domain, host: this.host, ev: q.ev, action: q.action };
    const [page, counted, domains] = await Promise.all([
      this.tracking.page(f, q.pageSize, (q.pageNo - 1) * q.pageSize),
      this.tracking.counts(f),
      this.tracking.domains(f),
    ]);
    const counts: TrackingCounts = { user_info_new: 0, ai: 0, ai_error: 0, ai_use: 0, ai_submit: 0 };
    for (const c of counted) if (c.key in counts) counts[c.key as keyof TrackingCounts] = c.n;
    return {
      results: page.rows.map((x) => ({
        id: x.id,
        ts: new Date(x.ts).getTime(),
        ext: {
          ev: x.ev,
          ep: { appId: x.appId, title: x.title, action: x.action, from: x.source, email: x.email },
        },
        dm: x.domain,
      })),
      total: page.total,
      counts,
      domains,
      begin: r.start,
      end: r.end,
      fallback: r.fallback,
    };
  }
}
