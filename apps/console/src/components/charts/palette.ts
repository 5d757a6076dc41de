/**
 * The console's chart palette (part 1 §9 "Chart palette 16 colours"), the only place chart colours are written: the
 * statistics' echarts charts (StatChart applies it to every option), the SVG SeriesChart and the message funnel
 * take their colours from it. The first eight are strong hues, the last eight the light partner of each (i + 8),
 * which the rates use beside their counts.
 */
export const CHART_PALETTE = [
  '#3b5bdb',
  '#1098ad',
  '#37b24d',
  '#f59f00',
  '#e8590c',
  '#ae3ec9',
  '#d6336c',
  '#0ca678',
  '#748ffc',
  '#3bc9db',
  '#69db7c',
  '#ffd43b',
  '#ff922b',
  '#da77f2',
  '#f783ac',
  '#38d9a9',
] as const;

/** A colour of the palette: chart code takes this type, so a colour written elsewhere does not compile. */
export type ChartColor = (typeof CHART_PALETTE)[number];

/** The palette's `i`-th colour, wrapping after 16 (the series of a chart without fixed colours). */
export const chartColor = (i: number): ChartColor => CHART_PALETTE[((i % 16) + 16) % 16]!;

/** The light partner of a strong colour (the same hue for a rate beside its count). */
export const lightOf = (c: ChartColor): ChartColor => chartColor(CHART_PALETTE.indexOf(c) + 8);
