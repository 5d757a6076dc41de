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

/** The picker's shortcuts: the last 7, 14 and 30 days ending yesterday. */
export const PRESET_DAYS = [7, 14, 30] as const;

export interface DayRange {
  start: string;
  end: string;
}

/** The last `days` days ending yesterday (UTC). */
export function presetRange(days: number, today: string = utcDay()): DayRange {
  return { start: addDays(today, -days), end: addDays(today, -1) };
}

/**
 * The range a screen shows for a link's `start` and `end`: the same rule as the server (statRange), so a range that
 * is missing, reversed, too long or in the future becomes the last 7 days ending yesterday.
 */
export const shownRange = (
  kind: StatRangeKind,
  start: string | null | undefined,
  end: string | null | undefined,
  today: string = utcDay(),
): StatRange => statRange(kind, start || undefined, end || undefined, today);

/** Why a picked range is refused, or undefined when the report takes it. */
export type PickProblem = 'tooLong' | 'notSelectable';

export function pickProblem(
  kind: StatRangeKind,
  start: string,
  end: string,
  today: string = utcDay(),
): PickProblem | undefined {
  if (!isDay(start) || !isDay(end) || start > end) return 'notSelectable';
  if (!isSelectableDay(start, today) || !isSelectableDay(end, today)) return 'notSelectable';
  if (daysBetween(start, end) + 1 > STAT_RANGE_DAYS[kind]) return 'tooLong';
  return undefined;
}

/**
 * Whether to tell the reader that the link's range was not used: the link named a range (either day) and the answer
 * fell back to the default. A link without a range simply shows the default.
 */
export const fellBack = (
  asked: { start?: string; end?: string },
  answer: { fallback: boolean } | undefined,
) => Boolean((asked.start || asked.end) && answer?.fallback);
