import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { CHART_PALETTE, type ChartColor } from '../../../components/charts';

/** The echarts options the statistics charts use (types only: echarts itself loads with the chart component). */
export type StatChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption
>;

/** One line (or bars) of a chart: a category's values by day. */
export interface ChartSeries {
  key: string;
  name: string;
  /** a colour of the chart palette */
  color: ChartColor;
  values: readonly number[];
  /** A rate in %: drawn against the right axis. */
  rate?: boolean;
}

/** How the chart writes numbers, in the reader's language. */
export interface ChartFormat {
  count: (n: number) => string;
  rate: (pct: number) => string;
  /** Axis labels: short (12K). */
  compact: (n: number) => string;
}

const AXIS_TEXT = { color: '#8c8c8c', fontSize: 11 };

/**
 * A chart over days: counts against the left axis, rates (in %) against the right one; each axis shows only when a
 * series uses it. The tooltip lists every series of the hovered day, each written its own way.
 */
export function seriesOption(
  labels: readonly string[],
  series: readonly ChartSeries[],
  format: ChartFormat,
  options: { kind?: 'line' | 'bar'; animation?: boolean } = {},
): StatChartOption {
  const kind = options.kind ?? 'line';
  const hasCounts = series.some((s) => !s.rate);
  const hasRates = series.some((s) => s.rate);
  return {
    animation: options.animation ?? true,
    color: [...CHART_PALETTE],
    grid: { left: 8, right: 8, top: 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'category',
      data: [...labels],
      boundaryGap: kind === 'bar',
      axisLabel: AXIS_TEXT,
      axisLine: { lineStyle: { color: '#d9d9d9' } },
    },
    yAxis: [
      {
        type: 'value',
        show: hasCounts || !hasRates,
        minInterval: 1,
        min: 0,
        axisLabel: { ...AXIS_TEXT, formatter: (v: number) => format.compact(v) },
        splitLine: { lineStyle: { color: '#eef0f4' } },
      },
      {
        type: 'value',
        show: hasRates,
        min: 0,
        axisLabel: { ...AXIS_TEXT, formatter: (v: number) => format.rate(v) },
        splitLine: { show: !hasCounts, lineStyle: { color: '#eef0f4' } },
      },
    ],
    series: series.map((s) =>
      kind === 'bar'
        ? {
            type: 'bar' as const,
            id: s.key,
            name: s.name,
            data: [...s.values],
            yAxisIndex: s.rate ? 1 : 0,
            barMaxWidth: 24,
            itemStyle: { color: s.color, borderRadius: [3, 3, 0, 0] },
            tooltip: { valueFormatter: (v) => (s.rate ? format.rate : format.count)(Number(v)) },
          }
        : {
            type: 'line' as const,
            id: s.key,
            name: s.name,
            data: [...s.values],
            yAxisIndex: s.rate ? 1 : 0,
            smooth: false,
            symbolSize: 6,
            lineStyle: { width: 2, color: s.color, type: s.rate ? ('dashed' as const) : ('solid' as const) },
            itemStyle: { color: s.color },
            tooltip: { valueFormatter: (v) => (s.rate ? format.rate : format.count)(Number(v)) },
          },
    ),
  };
}

/** An option drawn with the chart palette (StatChart gives every option through this): its `color` list is the palette. */
export const withPalette = (option: StatChartOption): StatChartOption => ({
  ...option,
  color: [...CHART_PALETTE],
});

/** Whether the reader asked for less motion (no chart animation then). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
