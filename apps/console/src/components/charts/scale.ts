/** A "nice" value axis: 0 to a round maximum in round steps (1, 2, 2.5 or 5 × 10ⁿ). */
export interface NiceScale {
  max: number;
  step: number;
  ticks: number[];
}

/** The smallest nice axis from 0 that holds `maxValue` with about `tickCount` intervals. */
export function niceScale(maxValue: number, tickCount = 4): NiceScale {
  const target = Number.isFinite(maxValue) && maxValue > 0 ? maxValue : 1;
  const rough = target / Math.max(1, tickCount);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  // 2.5 only where it stays a whole number (25, 250…): counts have no quarter ticks
  const candidates = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).filter((s) => s < 1 || Number.isInteger(s));
  const step = candidates.find((s) => s >= rough) ?? 10 * magnitude;
  // counts are whole numbers: never a step below 1
  const wholeStep = Math.max(1, step);
  const max = Math.ceil(target / wholeStep) * wholeStep;
  const ticks: number[] = [];
  for (let v = 0; v <= max + wholeStep / 2; v += wholeStep) ticks.push(Math.round(v * 1000) / 1000);
  return { max, step: wholeStep, ticks };
}

/** Maps a value to a y pixel inside a plot of `height` (0 at the bottom). */
export function yOf(value: number, scale: NiceScale, height: number): number {
  return height - (Math.max(0, value) / scale.max) * height;
}

/** The x pixel of point `i` of `count` across `width` (bars: the slot centre). */
export function xOf(i: number, count: number, width: number): number {
  if (count <= 0) return 0;
  return ((i + 0.5) / count) * width;
}

/** Which of `count` labels to print so that about `max` show, always including the first. */
export function labelEvery(count: number, max: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, max)));
}

/** Short axis text: 1.2k, 3.4M. */
export function compactNumber(n: number): string {
  if (n >= 1e6) return `${Math.round(n / 1e5) / 10}M`;
  if (n >= 1e4) return `${Math.round(n / 1e2) / 10}k`;
  return String(n);
}
