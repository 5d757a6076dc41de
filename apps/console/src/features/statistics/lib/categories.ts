import type { ReportDay } from '@beacon/shared';

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

/** Chart colours, one per category (stable whatever is selected). */
export const CATEGORY_COLORS: Record<Category, string> = {
  push: '#3b5bdb',
  dispatch: '#1098ad',
  reach: '#37b24d',
  show: '#f59f00',
  click: '#e8590c',
  conversion: '#ae3ec9',
  dispatchRate: '#748ffc',
  reachRate: '#69db7c',
  showRate: '#ffd43b',
  clickRate: '#ff922b',
  conversionRate: '#da77f2',
};
