import { describe, expect, it } from 'vitest';
import { compactNumber, labelEvery, niceScale, xOf, yOf } from './scale';

describe('chart scaling', () => {
  it.each([
    [0, 1, 1],
    [1, 1, 1],
    [3, 3, 1],
    [9, 10, 5],
    [7, 8, 2],
    [23, 30, 10],
    [97, 100, 25],
    [1234, 1500, 500],
    [60_000, 60_000, 20_000],
  ])('max %i → axis to %i in steps of %i', (value, max, step) => {
    const s = niceScale(value, 4);
    expect(s.max).toBe(max);
    expect(s.step).toBe(step);
    expect(s.ticks[0]).toBe(0);
    expect(s.ticks.at(-1)).toBe(max);
    expect(s.max).toBeGreaterThanOrEqual(value);
  });

  it('maps values to pixels: 0 at the bottom, the maximum at the top, negatives clamped', () => {
    const s = niceScale(100);
    expect(yOf(0, s, 200)).toBe(200);
    expect(yOf(100, s, 200)).toBe(0);
    expect(yOf(50, s, 200)).toBe(100);
    expect(yOf(-5, s, 200)).toBe(200);
  });

  it('places points at slot centres and thins labels', () => {
    expect(xOf(0, 4, 400)).toBe(50);
    expect(xOf(3, 4, 400)).toBe(350);
    expect(xOf(0, 0, 400)).toBe(0);
    expect(labelEvery(60, 12)).toBe(5);
    expect(labelEvery(24, 12)).toBe(2);
    expect(labelEvery(5, 12)).toBe(1);
  });

  it('writes large numbers compactly', () => {
    expect(compactNumber(950)).toBe('950');
    expect(compactNumber(12_345)).toBe('12.3k');
    expect(compactNumber(2_500_000)).toBe('2.5M');
  });
});
