export { formatCompact, formatCount, formatPoints, formatRate } from '../../../lib/number-format';

/** How a figure moved from the day before: a count in % of the day before, a rate in percentage points. */
export interface Change {
  trend: 'up' | 'down' | 'flat' | 'new';
  /** Absolute size of the move (% for counts, points for rates); null for 'new' (nothing the day before). */
  amount: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const trendOf = (delta: number): Change['trend'] => (delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat');

/** A count against the day before: the change in % of the day before; 'new' when the day before had none. */
export function countChange(day: number, before: number): Change {
  if (before === 0) return day === 0 ? { trend: 'flat', amount: 0 } : { trend: 'new', amount: null };
  const pct = round2(((day - before) / before) * 100);
  return { trend: trendOf(pct), amount: Math.abs(pct) };
}

/** A rate (in %) against the day before: the difference in percentage points. */
export function rateChange(day: number, before: number): Change {
  const points = round2(day - before);
  return { trend: trendOf(points), amount: Math.abs(points) };
}
