import type { ReportDay } from '@beacon/shared';
import { CHART_PALETTE, lightOf, type ChartColor } from '../../../components/charts';

/** The trend's categories (part 2 §2): counts on the left axis, rates (in %) on the right one. */
export const COUNT_CATEGORIES = ['push', 'dispatch', 'reach', 'show', 'click'] as const;
export const RATE_CATEGORIES = ['dispatchRate', 'reachRate', 'showRate', 'clickRate'] as const;
/** Added by the dimension report's conversion checkbox. */
export const CONVERSION_CATEGORIES = ['conversion', 'conversionRate'] as const;

export type Category =
  | (typeof COUNT_CATEGORIES)[number]
  | (typeof RATE_CATEGORIES)[number]
  | (typeof CONVERSION_CATEGORIES)[number];

const RATES = new Set<Category>([...RATE_CATEGORIES, 'conversionRate']);

export const isRate = (c: Category): boolean => RATES.has(c);

/** The categories of a report, in the order the legend, the table and the CSV show them. */
export function categoriesOf(conversion: boolean): Category[] {
  return [
    ...COUNT_CATEGORIES,
    ...(conversion ? (['conversion'] as const) : []),
    ...RATE_CATEGORIES,
    ...(conversion ? (['conversionRate'] as const) : []),
  ];
}

/** What the legend starts with: the counts. */
export const DEFAULT_SELECTED: readonly Category[] = COUNT_CATEGORIES;

/** Whether any day of a report had a send (every count of a day is 0 without one: counts belong to the send's day). */
export const hasSends = (rows: readonly ReportDay[]): boolean =>
  rows.some((r) => r.push > 0 || r.dispatch > 0 || r.reach > 0 || r.show > 0 || r.click > 0);

const [PUSH, DISPATCH, REACH, SHOW, CLICK, CONVERSION] = CHART_PALETTE;

/**
 * Chart colours, one per category (stable whatever is selected), from the chart palette: a rate takes the light partner
 * of the count it divides.
 */
export const CATEGORY_COLORS: Record<Category, ChartColor> = {
  push: PUSH,
  dispatch: DISPATCH,
  reach: REACH,
  show: SHOW,
  click: CLICK,
  conversion: CONVERSION,
  dispatchRate: lightOf(DISPATCH),
  reachRate: lightOf(REACH),
  showRate: lightOf(SHOW),
  clickRate: lightOf(CLICK),
  conversionRate: lightOf(CONVERSION),
};
