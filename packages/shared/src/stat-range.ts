/**
 * The date-range rules of the statistics screens (spec part 2 §5, §9; part 1 §5): one function used by the server
 * (what it answers) and the console (what the pickers allow and what a link's dates turn into).
 *
 * Days are calendar days `YYYY-MM-DD` in UTC: the statistics are kept per UTC day.
 */

/** The longest range of each report, in days counted inclusively. */
export const STAT_RANGE_DAYS = {
  /** dimension report: "no more than 1 month" */
  dimension: 31,
  /** project trend: 1 year */
  project: 365,
  /** user report and its export: within 366 days */
  user: 366,
  /** platform statistics and reports (part 1: date range max 366 days) */
  platform: 366,
  /** system tracking (part 1: 30 days) */
  tracking: 30,
} as const;
export type StatRangeKind = keyof typeof STAT_RANGE_DAYS;

/**
 * How far back a picker may go (part 2 §5: selectable dates within the past 1095 days, none in the future). Today is
 * selectable, with the figures so far: an operator watches today's sends fill in; the default range stays the last 7
 * complete days.
 */
export const STAT_BACK_DAYS = 1095;
/** Without a valid range: the last 7 days ending yesterday. */
export const STAT_DEFAULT_DAYS = 7;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of a time, in UTC. */
export function utcDay(at: Date | number = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
}

/** Days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** Whether `s` is a real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(s: unknown): s is string {
  return typeof s === 'string' && DAY.test(s) && utcDay(Date.parse(`${s}T00:00:00Z`) || 0) === s;
}

/** Whether a picker may offer `day` on `today`: not in the future and not past the look-back. */
export function isSelectableDay(day: string, today: string = utcDay()): boolean {
  return day <= today && daysBetween(day, today) <= STAT_BACK_DAYS;
}

/** The default range: the last 7 days ending yesterday. */
export function defaultStatRange(today: string = utcDay()): { start: string; end: string } {
  return { start: addDays(today, -STAT_DEFAULT_DAYS), end: addDays(today, -1) };
}

export interface StatRange {
  start: string;
  end: string;
  /** true when the asked range broke a rule (or was empty) and the default was used instead */
  fallback: boolean;
}

/**
 * The range a report covers: the asked one when both days are real, start ≤ end, both selectable (not in the
 * future, not past the look-back) and it spans at most the report's length; otherwise the last 7 days ending yesterday.
 */
export function statRange(
  kind: StatRangeKind,
  start: string | undefined,
  end: string | undefined,
  today: string = utcDay(),
): StatRange {
  const ok =
    isDay(start) &&
    isDay(end) &&
    start <= end &&
    isSelectableDay(start, today) &&
    isSelectableDay(end, today) &&
    daysBetween(start, end) + 1 <= STAT_RANGE_DAYS[kind];
  return ok ? { start, end, fallback: false } : { ...defaultStatRange(today), fallback: true };
}

/** Every day of a range, in order. */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}
