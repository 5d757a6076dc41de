import {
  daysOf,
  periodOf,
  statRate,
  statRates,
  type PeriodRow,
  type PeriodUnit,
  type ReportCounts,
  type ReportRates,
} from '@beacon/shared';
import type { PeriodCounts } from './platform-reports.repository';
import { pickFields, REPORT_FIELDS, sumFields, zeroOf } from './statistics.presenter';

export const zeroReportCounts = (): ReportCounts => zeroOf(REPORT_FIELDS);

/** The counts of a row, without anything else. */
export const reportCountsOf = (r: ReportCounts): ReportCounts => pickFields(r, REPORT_FIELDS);

export const sumReportCounts = (rows: readonly ReportCounts[]): ReportCounts =>
  sumFields(rows, REPORT_FIELDS);

/** The rates of counts without unique devices: statRates' definitions (each over the step before). */
export function reportRates(c: ReportCounts): ReportRates {
  const { clickUvRate: _uv, ...rates } = statRates({ ...c, showUv: 0, clickUv: 0 });
  return rates;
}

/** A count per day over `days` days, two decimals (the per-app average). */
export const perDay = (total: number, days: number) =>
  days > 0 ? Math.round((total / days) * 100) / 100 : 0;

/** The dispatch rate of a history (dispatch / push, %). */
export const historyRate = (dispatch: number, push: number) => statRate(dispatch, push);

/** The periods of a range: every day, ISO week or month, with the first and last of its days in the range. */
export function periodsOf(start: string, end: string, by: PeriodUnit) {
  const out = new Map<string, { period: string; start: string; end: string }>();
  for (const day of daysOf(start, end)) {
    const key = periodOf(day, by);
    const p = out.get(key);
    if (p) p.end = day;
    else out.set(key, { period: key, start: day, end: day });
  }
  return [...out.values()];
}

export const periodRow = (p: { period: string; start: string; end: string }, c: ReportCounts): PeriodRow => ({
  ...p,
  ...reportCountsOf(c),
  ...reportRates(c),
});

/** One row per period of the range, zeros where nothing was sent. */
export function periodRows(rows: readonly PeriodCounts[], start: string, end: string, by: PeriodUnit) {
  const byKey = new Map(rows.map((r) => [r.period, r]));
  return periodsOf(start, end, by).map((p) => periodRow(p, byKey.get(p.period) ?? zeroReportCounts()));
}

/** The period (start and end days in the range) a row of the per-app list belongs to. */
export function periodBounds(period: string, start: string, end: string, by: PeriodUnit) {
  if (by === 'day') return { period, start: period, end: period };
  const days = daysOf(start, end).filter((d) => periodOf(d, by) === period);
  return { period, start: days[0] ?? start, end: days[days.length - 1] ?? end };
}
