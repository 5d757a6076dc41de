export { SeriesChart, type SeriesChartProps } from './series-chart';
export { niceScale, yOf, xOf, labelEvery, compactNumber, type NiceScale } from './scale';
