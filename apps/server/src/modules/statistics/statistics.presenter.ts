import { daysOf, statRates, type ReportDay, type ReportRow, type StatCounts } from '@beacon/shared';
import type { CountsRow } from './statistics.repository';

/** The counters of a report row without unique devices (what every report row has), and with them. */
export const REPORT_FIELDS = [
  'push',
  'dispatch',
  'reach',
  'show',
  'click',
  'conversion',
  'noticeOff',
  'showableReach',
  'showableShow',
] as const satisfies ReadonlyArray<keyof StatCounts>;
const FIELDS = [...REPORT_FIELDS, 'showUv', 'clickUv'] as const satisfies ReadonlyArray<keyof StatCounts>;

/** Zero for each of `fields`. */
export function zeroOf<F extends string>(fields: readonly F[]): Record<F, number> {
  return Object.fromEntries(fields.map((f) => [f, 0])) as Record<F, number>;
}

/** Only the `fields` of a row (without its key or rates). */
export function pickFields<F extends string>(r: Record<F, number>, fields: readonly F[]): Record<F, number> {
  const out = zeroOf(fields);
  for (const f of fields) out[f] = r[f];
  return out;
}

/** The sum of rows over `fields`. */
export function sumFields<F extends string>(rows: ReadonlyArray<Record<F, number>>, fields: readonly F[]) {
  const out = zeroOf(fields);
  for (const r of rows) for (const f of fields) out[f] += r[f];
  return out;
}

export const zeroCounts = (): StatCounts => zeroOf(FIELDS);

/** The counts of a row, without its key. */
const countsOf = (r: StatCounts): StatCounts => pickFields(r, FIELDS);

/** The sum of rows (the total row; unique devices are summed day by day). */
export const sumCounts = (rows: readonly StatCounts[]): StatCounts => sumFields(rows, FIELDS);

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
