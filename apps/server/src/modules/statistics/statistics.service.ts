import {
  addDays,
  ErrorCodes,
  statRange,
  showRate,
  statRate,
  statRates,
  UNINSTALL_TOP_MESSAGES,
  utcDay,
  type DimensionQuery,
  type StatMode,
  type StatRangeKind,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { averageCounts, dayRow, dayRows, keyRow, sumCounts, zeroCounts } from './statistics.presenter';
import type { MessageTotals, ReportFilter, StatisticsRepository } from './statistics.repository';

interface Range {
  start?: string | undefined;
  end?: string | undefined;
}

/** A comma list of countries or versions: trimmed, without empties and repeats. */
const listOf = (s: string) => [
  ...new Set(
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/**
 * Every statistics read: per message (funnel, distribution, losses, reach over time) and per app (yesterday, trend,
 * dimension report, sub-report, users). Each route calls one method; the CSV exports call the same methods.
 */
export class StatisticsService {
  constructor(
    private readonly repo: StatisticsRepository,
    private readonly today: () => string = () => utcDay(),
  ) {}

  private async message(appId: number, msgId: number): Promise<MessageTotals> {
    const m = await this.repo.message(appId, msgId);
    if (!m) throw new ApiError(ErrorCodes.NOT_FOUND);
    return m;
  }

  async funnel(appId: number, msgId: number) {
    const m = await this.message(appId, msgId);
    const waiting = await this.repo.waiting(m.id);
    // push: every selected device, the decided ones (dispatched or lost) and those still waiting for their send
    return {
      push: m.dispatch + m.lost + waiting.n,
      channelReach: m.dispatch,
      targetReceive: m.reach,
      targetReach: m.reach,
      show: m.show,
      click: m.click,
      recovered: m.recovered,
      waiting: waiting.n,
      waitingNext: waiting.next?.toISOString() ?? null,
    };
  }

  async distribution(appId: number, msgId: number, dimension: 'country' | 'version') {
    const m = await this.message(appId, msgId);
    const rows = await this.repo.distribution(m.id, dimension);
    return {
      rows: rows.map((r) => ({
        key: r.key,
        dispatch: r.dispatch,
        reach: r.reach,
        reachRate: statRate(r.reach, r.dispatch),
        show: r.show,
        showRate: showRate(
          m.showable
            ? { showableShow: r.show, showableReach: r.reach }
            : { showableShow: 0, showableReach: 0 },
        ),
        click: r.click,
        clickRate: statRate(r.click, r.show),
      })),
    };
  }

  /** Dispatch losses by code; the total is the message's push (dispatched + lost). */
  async dispatchLoss(appId: number, msgId: number) {
    const m = await this.message(appId, msgId);
    const rows = await this.repo.losses(m.id);
    const push = m.dispatch + m.lost;
    return {
      messageDistributionLoseList: rows.map((r) => ({
        type: r.type,
        count: r.count,
        loseRate: statRate(r.count, push),
      })),
      total: push,
      // dispatched, never received when pushed, and won back by missed-push recovery: not a loss, shown beside them
      recovered: m.recovered,
    };
  }

  /** Deliveries won back by missed-push recovery, by device brand and model; the total is the message's. */
  async recoveredByModel(appId: number, msgId: number) {
    const m = await this.message(appId, msgId);
    return { total: m.recovered, rows: await this.repo.recoveredByModel(m.id) };
  }

  async showLoss(appId: number, msgId: number) {
    const m = await this.message(appId, msgId);
    const rows = await this.repo.showLosses(m.id);
    return {
      damageShowCountList: rows.map((r) => ({
        damageType: r.type,
        damageCount: r.count,
        damageRate: statRate(r.count, m.reach),
      })),
    };
  }

  /** Reach by minute for the first hour and by hour after (at least 24 hours). */
  async reach(appId: number, msgId: number) {
    const m = await this.message(appId, msgId);
    const minutes = await this.repo.reachMinutes(m.id);
    const minutesNums = Array.from({ length: 60 }, () => 0);
    const hours = new Map<number, number>();
    for (const r of minutes) {
      if (r.minute < 60) minutesNums[r.minute] = r.reach;
      const h = Math.floor(r.minute / 60);
      hours.set(h, (hours.get(h) ?? 0) + r.reach);
    }
    const lastHour = Math.max(0, ...hours.keys());
    return {
      minutes_nums: minutesNums,
      hours_nums: Array.from({ length: Math.max(24, lastHour + 1) }, (_, h) => hours.get(h) ?? 0),
    };
  }

  private range(kind: StatRangeKind, q: Range) {
    return statRange(kind, q.start, q.end, this.today());
  }

  private filter(
    appId: number,
    start: string,
    end: string,
    mode: StatMode,
    q?: DimensionQuery,
  ): ReportFilter {
    return {
      appId,
      start,
      end,
      mode,
      countries: q ? listOf(q.country) : [],
      versions: q ? listOf(q.version) : [],
    };
  }

  /** Yesterday and the day before (the cards and their change). */
  async yesterday(appId: number, mode: StatMode) {
    const yesterday = addDays(this.today(), -1);
    const before = addDays(yesterday, -1);
    const rows = await this.repo.counts(this.filter(appId, before, yesterday, mode));
    const [b, y] = dayRows(rows, before, yesterday);
    return { yesterday: y ?? dayRow(yesterday, zeroCounts()), before: b ?? dayRow(before, zeroCounts()) };
  }

  /** The message trend: one row per day (≤ 1 year). */
  async project(appId: number, q: Range & { type: StatMode }) {
    const r = this.range('project', q);
    const rows = await this.repo.counts(this.filter(appId, r.start, r.end, q.type));
    return { dated: dayRows(rows, r.start, r.end), ...r };
  }

  /** The dimension report: one row per day for the chosen countries and versions (≤ 31 days), total and average. */
  async dimension(appId: number, q: DimensionQuery) {
    const r = this.range('dimension', q);
    const rows = await this.repo.counts(this.filter(appId, r.start, r.end, q.type, q));
    const dated = dayRows(rows, r.start, r.end);
    const total = sumCounts(dated);
    return {
      dated,
      totalData: dayRow('total', total),
      // the average day: counts averaged, rates the range's (from the totals, not from rounded averages)
      avgData: { ...dayRow('average', averageCounts(dated, dated.length)), ...statRates(total) },
      ...r,
    };
  }

  /** The sub-report: the range's counts by country and by app version. */
  async versionCountry(appId: number, q: DimensionQuery) {
    const r = this.range('dimension', q);
    const f = this.filter(appId, r.start, r.end, q.type, q);
    const { countries, versions } = await this.repo.countsByCountryAndVersion(f);
    const byPush = (a: { push: number; key: string }, b: { push: number; key: string }) =>
      b.push - a.push || a.key.localeCompare(b.key);
    return {
      countries: countries.map(keyRow).sort(byPush),
      versions: versions.map(keyRow).sort(byPush),
      ...r,
    };
  }

  /** Effective and new devices per day, with yesterday and the day before. */
  /**
   * Uninstalls detected from FCM's UNREGISTERED answers over the range (≤ 1 year): one row per day, the total, and the
   * messages that preceded them, most uninstalls first (UNINSTALL_TOP_MESSAGES), each with its rate per 100 dispatched.
   */
  async uninstalls(appId: number, q: Range) {
    const r = this.range('project', q);
    const [days, messages] = await Promise.all([
      this.repo.uninstallDays(appId, r.start, r.end),
      this.repo.uninstallMessages(appId, r.start, r.end, UNINSTALL_TOP_MESSAGES),
    ]);
    const byDay = new Map(days.map((d) => [d.date, d.count]));
    const dated = [];
    for (let d = r.start; d <= r.end; d = addDays(d, 1)) dated.push({ date: d, count: byDay.get(d) ?? 0 });
    return {
      dated,
      total: days.reduce((n, d) => n + d.count, 0),
      messages: messages.map((m) => ({ ...m, rate: statRate(m.count, m.dispatch) })),
      ...r,
    };
  }

  async users(appId: number, q: Range) {
    const r = this.range('user', q);
    const yesterday = addDays(this.today(), -1);
    const before = addDays(yesterday, -1);
    const from = r.start < before ? r.start : before;
    const to = r.end > yesterday ? r.end : yesterday;
    const rows = await this.repo.users(appId, from, to);
    const byDay = new Map(rows.map((x) => [x.date, x]));
    const day = (date: string) => byDay.get(date) ?? { date, effective: 0, newUser: 0 };
    const dated = [];
    for (let d = r.start; d <= r.end; d = addDays(d, 1)) dated.push(day(d));
    return { yesterday: day(yesterday), before: day(before), dated, ...r };
  }
}
