import { daysOf, statRates, type ReportDay, type ReportRow, type StatCounts } from '@beacon/shared';
import type { CountsRow } from './statistics.repository';

const FIELDS = [
  'push',
  'dispatch',
  'reach',
  'show',
  'click',
  'conversion',
  'noticeOff',
  'showUv',
  'clickUv',
] as const satisfies ReadonlyArray<keyof StatCounts>;

export const zeroCounts = (): StatCounts => ({
  push: 0,
  dispatch: 0,
  reach: 0,
  show: 0,
  click: 0,
  conversion: 0,
  noticeOff: 0,
  showUv: 0,
  clickUv: 0,
});

/** The counts of a row, without its key. */
function countsOf(r: StatCounts): StatCounts {
  const out = zeroCounts();
  for (const f of FIELDS) out[f] = r[f];
  return out;
}

/** The sum of rows (the total row; unique devices are summed day by day). */
export function sumCounts(rows: readonly StatCounts[]): StatCounts {
  const out = zeroCounts();
  for (const r of rows) for (const f of FIELDS) out[f] += r[f];
  return out;
}

/** The average over `n` rows (days), two decimals. */
export function averageCounts(rows: readonly StatCounts[], n: number): StatCounts {
  const total = sumCounts(rows);
  if (n <= 0) return total;
  for (const f of FIELDS) total[f] = Math.round((total[f] / n) * 100) / 100;
  return total;
}

export const dayRow = (date: string, c: StatCounts): ReportDay => ({ date, ...c, ...statRates(c) });
export const keyRow = (r: CountsRow): ReportRow => ({ key: r.key, ...countsOf(r), ...statRates(r) });

/** One row per day of the range, zeros on days without sends. */
export function dayRows(rows: readonly CountsRow[], start: string, end: string): ReportDay[] {
  const byDay = new Map(rows.map((r) => [r.key, r]));
  return daysOf(start, end).map((d) => {
    const r = byDay.get(d);
    return dayRow(d, r ? countsOf(r) : zeroCounts());
  });
}
