import { describe, expect, it } from 'vitest';
import { addDays, daysOf, defaultStatRange, isDay, isSelectableDay, statRange } from './stat-range';

const TODAY = '2026-03-01';

describe('statistics ranges (part 2 §5)', () => {
  it('defaults to the last 7 days ending yesterday', () => {
    expect(defaultStatRange(TODAY)).toEqual({ start: '2026-02-22', end: '2026-02-28' });
    expect(statRange('project', undefined, undefined, TODAY)).toEqual({
      start: '2026-02-22',
      end: '2026-02-28',
      fallback: true,
    });
  });

  it('keeps a valid range and counts its days inclusively against the report’s length', () => {
    expect(statRange('dimension', '2026-01-29', '2026-02-28', TODAY)).toMatchObject({ fallback: false });
    // 32 days: more than a month for the dimension report, fine for the trend
    expect(statRange('dimension', '2026-01-28', '2026-02-28', TODAY).fallback).toBe(true);
    expect(statRange('project', '2026-01-28', '2026-02-28', TODAY).fallback).toBe(false);
    expect(statRange('project', '2025-02-28', '2026-02-28', TODAY).fallback).toBe(true);
    expect(statRange('tracking', '2026-01-30', '2026-02-28', TODAY).fallback).toBe(false);
    expect(statRange('tracking', '2026-01-29', '2026-02-28', TODAY).fallback).toBe(true);
  });

  it('keeps a range ending today (the figures so far)', () => {
    expect(statRange('user', '2026-02-20', TODAY, TODAY)).toMatchObject({ end: TODAY, fallback: false });
  });

  it('falls back for the future, reversed or impossible days and days past the look-back', () => {
    for (const [start, end] of [
      ['2026-02-20', '2026-03-02'],
      ['2026-02-20', '2026-03-05'],
      ['2026-02-25', '2026-02-20'],
      ['2026-02-30', '2026-02-28'],
      ['2026-2-1', '2026-02-28'],
      ['2023-01-01', '2023-01-02'],
    ] as const)
      expect(statRange('user', start, end, TODAY).fallback, `${start}..${end}`).toBe(true);
  });

  it('offers days up to today and not past 1095 days back', () => {
    expect(isSelectableDay('2026-02-28', TODAY)).toBe(true);
    expect(isSelectableDay(TODAY, TODAY)).toBe(true);
    expect(isSelectableDay('2026-03-02', TODAY)).toBe(false);
    expect(isSelectableDay(addDays(TODAY, -1095), TODAY)).toBe(true);
    expect(isSelectableDay(addDays(TODAY, -1096), TODAY)).toBe(false);
  });

  it('knows real calendar days and lists a range’s days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay(20260101)).toBe(false);
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
