import {
  addDays,
  daysBetween,
  isDay,
  isSelectableDay,
  statRange,
  STAT_RANGE_DAYS,
  utcDay,
  type StatRange,
  type StatRangeKind,
} from '@beacon/shared';

/** The pickers' shortcuts (part 1 §5): the last 7, 14 and 30 days ending yesterday. */
export const PRESET_DAYS = [7, 14, 30] as const;

export interface DayRange {
  start: string;
  end: string;
}

/** The last `days` days ending yesterday (UTC). */
export const presetRange = (days: number, today: string = utcDay()): DayRange => ({
  start: addDays(today, -days),
  end: addDays(today, -1),
});

/** The range a tab shows for the URL's `start` and `end`: the server's rule (statRange), so both agree. */
export const shownRange = (
  kind: StatRangeKind,
  start: string | null | undefined,
  end: string | null | undefined,
  today: string = utcDay(),
): StatRange => statRange(kind, start || undefined, end || undefined, today);

/** Why a picked range is refused ('tooLong', 'notSelectable'), or undefined when the report takes it. */
export function pickProblem(kind: StatRangeKind, start: string, end: string, today: string = utcDay()) {
  if (!isDay(start) || !isDay(end) || start > end) return 'notSelectable';
  if (!isSelectableDay(start, today) || !isSelectableDay(end, today)) return 'notSelectable';
  if (daysBetween(start, end) + 1 > STAT_RANGE_DAYS[kind]) return 'tooLong';
  return undefined;
}

/**
 * Whether a day may be picked for a report of `kind` (part 1 §5): not in the future, and no older than the report's
 * longest range (366 days; tracking 30).
 */
export function isPickable(kind: StatRangeKind, day: string, today: string = utcDay()): boolean {
  return isSelectableDay(day, today) && daysBetween(day, today) <= STAT_RANGE_DAYS[kind];
}
