import { describe, expect, it } from 'vitest';
import { CHART_PALETTE } from '../../../components/charts';
import { CATEGORY_COLORS, categoriesOf, hasSends, isRate } from './categories';
import { cardFigures } from './figures';
import { formatCount, formatRate } from './format';
import { seriesOption, withPalette } from './chart-option';

describe('yesterday cards', () => {
  it('writes each figure and its change: counts in %, rates in points', () => {
    const figures = cardFigures(
      ['push', 'clickRate'] as const,
      { push: 12_000, clickRate: 12.5 },
      { push: 10_000, clickRate: 10 },
      isRate,
      { name: (k) => k.toUpperCase(), count: (n) => formatCount(n, 'en'), rate: (n) => formatRate(n, 'en') },
    );
    expect(figures).toEqual([
      { key: 'push', label: 'PUSH', value: '12,000', change: { trend: 'up', amount: 20 }, rate: false },
      {
        key: 'clickRate',
        label: 'CLICKRATE',
        value: '12.5%',
        change: { trend: 'up', amount: 2.5 },
        rate: true,
      },
    ]);
  });

  it('has no rate change to show when the day before had no sends', () => {
    const [push, rate] = cardFigures(
      ['push', 'clickRate'] as const,
      { push: 12, clickRate: 40 },
      { push: 0, clickRate: 0 },
      isRate,
      { name: String, count: String, rate: String },
      true,
    );
    expect(push?.change).toEqual({ trend: 'new', amount: null });
    expect(rate?.change).toEqual({ trend: 'new', amount: null });
  });
});

describe('report categories', () => {
  it('adds conversion and its rate only with the conversion columns', () => {
    expect(categoriesOf(false)).toEqual([
      'push',
      'dispatch',
      'reach',
      'show',
      'click',
      'dispatchRate',
      'reachRate',
      'showRate',
      'clickRate',
    ]);
    expect(categoriesOf(true)).toContain('conversion');
    expect(categoriesOf(true).at(-1)).toBe('conversionRate');
  });

  it('knows a range without sends', () => {
    const zero = { push: 0, dispatch: 0, reach: 0, show: 0, click: 0 };
    expect(hasSends([{ ...zero } as never])).toBe(false);
    expect(hasSends([{ ...zero, push: 3 } as never])).toBe(true);
    expect(hasSends([])).toBe(false);
  });
});

describe('chart options', () => {
  const format = { count: String, rate: (n: number) => `${n}%`, compact: String };

  it('puts rates on the right axis and shows an axis only when a series uses it', () => {
    const option = seriesOption(
      ['2026-03-01', '2026-03-02'],
      [
        { key: 'push', name: 'Pushed', color: CHART_PALETTE[0], values: [3, 4] },
        { key: 'clickRate', name: 'Click rate', color: CHART_PALETTE[12], values: [10, 20], rate: true },
      ],
      format,
    );
    const series = option.series as Array<{ yAxisIndex: number; data: number[] }>;
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 1]);
    expect(series[1]?.data).toEqual([10, 20]);
    const axes = option.yAxis as Array<{ show: boolean }>;
    expect(axes.map((a) => a.show)).toEqual([true, true]);
    const countsOnly = seriesOption(
      ['d'],
      [{ key: 'push', name: 'P', color: CHART_PALETTE[0], values: [1] }],
      format,
    );
    expect((countsOnly.yAxis as Array<{ show: boolean }>).map((a) => a.show)).toEqual([true, false]);
  });

  it('draws with the chart palette: the option’s colour list, and every category’s own colour of it', () => {
    const option = seriesOption(
      ['d'],
      [{ key: 'push', name: 'P', color: CATEGORY_COLORS.push, values: [1] }],
      format,
    );
    expect(option.color).toEqual([...CHART_PALETTE]);
    const colors = Object.values(CATEGORY_COLORS);
    expect(colors.every((c) => (CHART_PALETTE as readonly string[]).includes(c))).toBe(true);
    expect(new Set(colors).size).toBe(colors.length);
    // StatChart gives echarts every option through withPalette, whatever colours the option brought
    expect(withPalette({ ...option, color: ['#123456'] }).color).toEqual([...CHART_PALETTE]);
  });
});
