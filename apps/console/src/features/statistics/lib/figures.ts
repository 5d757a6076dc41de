import { countChange, rateChange, type Change } from './format';

/** One figure of the cards: yesterday's value as shown and its move from the day before. */
export interface CardFigure {
  key: string;
  label: string;
  value: string;
  change: Change;
  /** A rate: its change is in percentage points. */
  rate?: boolean;
}

/** How the cards name and write figures (in the reader's language). */
export interface FigureWriter<K extends string> {
  name: (key: K) => string;
  count: (n: number) => string;
  rate: (pct: number) => string;
}

/**
 * The cards of `keys`: yesterday's values, written as counts or rates, each with its change against the day before.
 * When the day before had nothing (`beforeEmpty`: no sends), its rates are no figures to compare with either.
 */
export function cardFigures<K extends string>(
  keys: readonly K[],
  day: Readonly<Record<K, number>>,
  before: Readonly<Record<K, number>>,
  isRate: (key: K) => boolean,
  write: FigureWriter<K>,
  beforeEmpty = false,
): CardFigure[] {
  return keys.map((key) => {
    const rate = isRate(key);
    const change: Change = !rate
      ? countChange(day[key], before[key])
      : beforeEmpty
        ? { trend: 'new', amount: null }
        : rateChange(day[key], before[key]);
    return {
      key,
      label: write.name(key),
      value: rate ? write.rate(day[key]) : write.count(day[key]),
      change,
      rate,
    };
  });
}
