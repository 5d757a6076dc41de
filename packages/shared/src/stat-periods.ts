import {
  addDays,
  daysBetween,
  isSelectableDay,
  STAT_RANGE_DAYS,
  utcDay,
  type StatRangeKind,
} from './stat-range';

/**
 * The periods a report groups its days by (part 2 §3 "timeType": 1 day, 2 week, 3 month) and the week and month
 * pickers' rules (§9: a list of 53 weeks, a list of 12 months). A period is a run of the statistics' days, so a week's
 * or a month's figures are the sum of its days' figures.
 */
export type PeriodUnit = 'day' | 'week' | 'month';

/** The week and month lists of the pickers. */
export const WEEKS_IN_LIST = 53;
export const MONTHS_IN_LIST = 12;

const DAY_MS = 86_400_000;
/** Monday of the week holding `day` (ISO weeks start on Monday). */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * The ISO 8601 week of a day, `2026-W07` (weeks start on Monday; week 1 holds the year's first Thursday), as
 * PostgreSQL's to_char(day, 'IYYY-"W"IW') writes it.
 */
export function isoWeek(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const thursday = t + (3 - ((new Date(t).getUTCDay() + 6) % 7)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const jan4 = Date.UTC(year, 0, 4);
  const firstThursday = jan4 + (3 - ((new Date(jan4).getUTCDay() + 6) % 7)) * DAY_MS;
  const week = 1 + Math.round((thursday - firstThursday) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The period holding `day`: the day itself, its ISO week (`2026-W07`) or its month (`2026-02`, to_char 'YYYY-MM'). */
export function periodOf(day: string, unit: PeriodUnit): string {
  if (unit === 'week') return isoWeek(day);
  return unit === 'month' ? day.slice(0, 7) : day;
}

/** How many ISO weeks `year` has (52, or 53 when 28 December falls in week 53). */
export const isoWeeksInYear = (year: number): number => (isoWeek(`${year}-12-28`).endsWith('53') ? 53 : 52);

/** The first and last day of ISO week `week` of `year` (Monday to Sunday). */
export function weekDays(year: number, week: number): { start: string; end: string } {
  const start = addDays(mondayOf(`${year}-01-04`), (week - 1) * 7);
  return { start, end: addDays(start, 6) };
}

/** The first and last day of month `month` (1–12) of `year`. */
export function monthDays(year: number, month: number): { start: string; end: string } {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  return { start, end: utcDay(Date.UTC(year, month, 0)) };
}

/** A week or month of the pickers: its year and its number in the year (week 1–53, month 1–12). */
export interface PeriodPick {
  year: number;
  n: number;
}

/** The pick holding `day`. */
export function pickOf(day: string, unit: 'week' | 'month'): PeriodPick {
  const key = periodOf(day, unit);
  return { year: Number(key.slice(0, 4)), n: Number(key.slice(unit === 'week' ? 6 : 5)) };
}

/** The days of a pick. */
export const pickDays = (unit: 'week' | 'month', p: PeriodPick) =>
  unit === 'week' ? weekDays(p.year, p.n) : monthDays(p.year, p.n);

/**
 * The range a from/to pick of weeks or months asks a report of `kind` for: from the first day of `from` to the last of
 * `to`, cut to the days the report's picker allows (none in the future, none older than its longest range). Undefined
 * when `to` is before `from`, a week does not exist in its year, nothing of it is pickable, or it spans more than the
 * report's longest range (the server would answer the default instead).
 */
export function pickRange(
  kind: StatRangeKind,
  unit: 'week' | 'month',
  from: PeriodPick,
  to: PeriodPick,
  today: string = utcDay(),
): { start: string; end: string } | undefined {
  const max = unit === 'week' ? 53 : 12;
  const valid = (p: PeriodPick) =>
    Number.isInteger(p.n) && p.n >= 1 && p.n <= max && (unit === 'month' || p.n <= isoWeeksInYear(p.year));
  if (!valid(from) || !valid(to)) return undefined;
  // as the day pickers of the admin tabs: no day older than the report's longest range
  const earliest = addDays(today, -STAT_RANGE_DAYS[kind]);
  const first = pickDays(unit, from).start;
  const last = pickDays(unit, to).end;
  const start = first < earliest ? earliest : first;
  const end = last > today ? today : last;
  if (start > end || !isSelectableDay(start, today)) return undefined;
  return daysBetween(start, end) + 1 <= STAT_RANGE_DAYS[kind] ? { start, end } : undefined;
}

/**
 * The range a report switched to weeks or months covers: the whole periods holding `start` and `end`, cut as pickRange
 * cuts; when whole periods would be too long, the periods ending with `end`'s that fit.
 */
export function snapRange(
  kind: StatRangeKind,
  unit: 'week' | 'month',
  range: { start: string; end: string },
  today: string = utcDay(),
): { start: string; end: string } {
  const to = pickOf(range.end, unit);
  let from = pickOf(range.start, unit);
  for (let i = 0; i < 60; i++) {
    const r = pickRange(kind, unit, from, to, today);
    if (r) return r;
    from = pickOf(addDays(pickDays(unit, from).end, 1), unit);
  }
  return range;
}
