import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { withPalette, type StatChartOption } from '../lib/chart-option';

// Only what the statistics charts draw (tree-shaken echarts/core); this module loads with the statistics screens only.
registerEcharts([LineChart, BarChart, GridComponent, TooltipComponent, SVGRenderer]);

interface StatChartProps {
  option: StatChartOption;
  /** What the chart shows, for assistive technology (its data is in the screen's table view). */
  label: string;
  height?: number;
  testId?: string;
}

/**
 * An echarts chart on a div, in the chart palette whatever the option says: created once the div has a size, given each new option whole, resized with its box,
 * disposed on unmount.
 */
export function StatChart({ option, label, height = 280, testId = 'stat-chart' }: StatChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | undefined>(undefined);
  const latest = useRef(withPalette(option));

  // before the effect that creates the chart: on the first render it only keeps the option for it
  useEffect(() => {
    latest.current = withPalette(option);
    chart.current?.setOption(latest.current, { notMerge: true });
  }, [option]);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    // created once the box has a size (echarts cannot lay out in a hidden or unsized box), then resized with it
    const fit = () => {
      if (chart.current) chart.current.resize();
      else if (el.clientWidth > 0 && el.clientHeight > 0) {
        chart.current = init(el, undefined, { renderer: 'svg' });
        chart.current.setOption(latest.current, { notMerge: true });
      }
    };
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    fit();
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  return (
    <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />
  );
}
