import {
  REPORT_PERIOD_UNITS,
  StatMode,
  type GlobalReportBody,
  type GlobalReportListBody,
  type MessageStatRow,
  type PlatDashboardBody,
} from '@beacon/shared';
import { dayRow, dayRows, sumCounts } from './statistics.presenter';
import {
  periodBounds,
  periodRow,
  periodRows,
  reportCountsOf,
  reportRates,
  sumReportCounts,
} from './platform-statistics.presenter';
import type { MessageCounts, PlatformReportsRepository, ReportFilter } from './platform-reports.repository';
import type { PlatformStatisticsRepository } from './platform-statistics.repository';
import { countryList, type PlatformStatisticsService } from './platform-statistics.service';

const messageRow = (m: MessageCounts): MessageStatRow => ({
  msgId: m.msgId,
  appId: m.appId,
  appTitle: m.appTitle,
  title: m.title,
  msgType: m.msgType,
  deleted: m.deleted,
  firstDay: m.firstDay,
  lastDay: m.lastDay,
  ...reportCountsOf(m),
  ...reportRates(m),
});

/**
 * The platform administrators' tabs (/platformsettings, levels 100 and 150): the statistics tab (an app's or every
 * app's trend and its messages, CSV) and the report tab (by day, ISO week or month, filtered by app, country and
 * type).
 */
export class PlatformReportsService {
  constructor(
    private readonly stats: PlatformStatisticsService,
    private readonly rollups: PlatformStatisticsRepository,
    private readonly reports: PlatformReportsRepository,
  ) {}

  private async scope(appId: number | undefined, start?: string, end?: string) {
    const r = this.stats.range({ start, end });
    const apps = await this.stats.apps(appId);
    return { r, appIds: apps.map((a) => a.appId) };
  }

  /** The trend (mode all, as the app's project trend), its total, and one page of messages in the asked order. */
  async dashboard(b: PlatDashboardBody) {
    const { r, appIds } = await this.scope(b.appId, b.start, b.end);
    const [days, page] = await Promise.all([
      this.rollups.byDay({ appIds, start: r.start, end: r.end, mode: StatMode.ALL, countries: [] }),
      this.reports.messages(
        { appIds, start: r.start, end: r.end },
        b.sort,
        b.order,
        b.pageSize,
        (b.pageNo - 1) * b.pageSize,
      ),
    ]);
    const dated = dayRows(days, r.start, r.end);
    return {
      dated,
      totalData: dayRow('total', sumCounts(dated)),
      results: page.rows.map(messageRow),
      total: page.total,
      ...r,
    };
  }

  /** Every message of the statistics tab's range in the table's order, and their total (the CSV). */
  async dashboardRows(q: Omit<PlatDashboardBody, 'pageNo' | 'pageSize'>) {
    const { r, appIds } = await this.scope(q.appId, q.start, q.end);
    const { rows } = await this.reports.messages(
      { appIds, start: r.start, end: r.end },
      q.sort,
      q.order,
      null,
      0,
    );
    const total = sumReportCounts(rows);
    return { rows: rows.map(messageRow), total: { ...total, ...reportRates(total) }, ...r };
  }

  private async reportFilter(b: GlobalReportBody) {
    const { r, appIds } = await this.scope(b.appId, b.start, b.end);
    const f: ReportFilter = {
      appIds,
      start: r.start,
      end: r.end,
      countries: countryList(b.country),
      msgType: b.msgType,
    };
    return { r, f, by: REPORT_PERIOD_UNITS[b.timeType] } as const;
  }

  /** The report tab's figures: one row per day, ISO week or month of the range, and the range's total. */
  async stat(b: GlobalReportBody) {
    const { r, f, by } = await this.reportFilter(b);
    const rows = periodRows(await this.reports.periods(f, by), r.start, r.end, by);
    return {
      rows,
      totalData: periodRow({ period: 'total', start: r.start, end: r.end }, sumReportCounts(rows)),
      ...r,
    };
  }

  /** The report tab's list: one row per period and app with figures, newest period first, a page at a time. */
  async list(b: GlobalReportListBody) {
    const { r, f, by } = await this.reportFilter(b);
    const page = await this.reports.periodsByApp(f, by, b.pageSize, (b.pageNo - 1) * b.pageSize);
    return {
      results: page.rows.map((row) => ({
        ...periodRow(periodBounds(row.period, r.start, r.end, by), row),
        appId: row.appId ?? 0,
        title: row.title ?? '',
      })),
      total: page.total,
      ...r,
    };
  }
}
