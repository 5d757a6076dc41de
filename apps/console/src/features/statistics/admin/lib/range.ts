import { daysBetween, isSelectableDay, STAT_RANGE_DAYS, utcDay, type StatRangeKind } from '@beacon/shared';

// the app screens' range helpers (one rule: statRange of packages/shared); the admin pickers add isPickable
export { PRESET_DAYS, presetRange, pickProblem, shownRange, type DayRange } from '../../lib/range';

/**
 * Whether a day may be picked for a report of `kind` (part 1 §5): not in the future, and no older than the report's
 * longest range (366 days; tracking 30).
 */
export function isPickable(kind: StatRangeKind, day: string, today: string = utcDay()): boolean {
  return isSelectableDay(day, today) && daysBetween(day, today) <= STAT_RANGE_DAYS[kind];
}
