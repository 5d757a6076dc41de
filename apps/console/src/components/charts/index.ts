export { SeriesChart, type SeriesChartProps } from './series-chart';
export { niceScale, yOf, xOf, labelEvery, compactNumber, type NiceScale } from './scale';
export { CHART_PALETTE, chartColor, lightOf, type ChartColor } from './palette';
