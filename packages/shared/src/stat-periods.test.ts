import { describe, expect, it } from 'vitest';
import {
  isoWeek,
  isoWeeksInYear,
  monthDays,
  periodOf,
  pickOf,
  pickRange,
  snapRange,
  weekDays,
} from './stat-periods';
import { statRange } from './stat-range';

describe('isoWeek', () => {
  it.each([
    ['2021-01-03', '2020-W53'],
    ['2021-01-04', '2021-W01'],
    ['2024-12-29', '2024-W52'],
    ['2024-12-30', '2025-W01'],
    ['2026-02-08', '2026-W06'],
    ['2026-02-09', '2026-W07'],
    ['2027-01-01', '2026-W53'],
  ])('%s is in %s', (day, week) => expect(isoWeek(day)).toBe(week));
});

describe('periods', () => {
  it('names a day by itself, its ISO week or its month', () => {
    expect(['day', 'week', 'month'].map((u) => periodOf('2026-03-01', u as 'day'))).toEqual([
      '2026-03-01',
      '2026-W09',
      '2026-03',
    ]);
  });

  it('knows the years with 53 weeks and the days of a week or a month', () => {
    expect([2020, 2021, 2025, 2026, 2027].map(isoWeeksInYear)).toEqual([53, 52, 52, 53, 52]);
    expect(weekDays(2026, 7)).toEqual({ start: '2026-02-09', end: '2026-02-15' });
    expect(weekDays(2021, 1)).toEqual({ start: '2021-01-04', end: '2021-01-10' });
    expect(weekDays(2020, 53)).toEqual({ start: '2020-12-28', end: '2021-01-03' });
    expect(monthDays(2024, 2)).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthDays(2026, 12)).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(pickOf('2027-01-01', 'week')).toEqual({ year: 2026, n: 53 });
    expect(pickOf('2027-01-01', 'month')).toEqual({ year: 2027, n: 1 });
  });
});

describe('pickRange (the week and month pickers)', () => {
  const today = '2026-02-11';

  it('covers the picked weeks or months, up to today, as a range the server keeps', () => {
    const weeks = pickRange('platform', 'week', { year: 2026, n: 2 }, { year: 2026, n: 7 }, today);
    expect(weeks).toEqual({ start: '2026-01-05', end: '2026-02-11' });
    const months = pickRange('platform', 'month', { year: 2025, n: 11 }, { year: 2026, n: 1 }, today);
    expect(months).toEqual({ start: '2025-11-01', end: '2026-01-31' });
    for (const r of [weeks!, months!])
      expect(statRange('platform', r.start, r.end, today).fallback).toBe(false);
  });

  it('cuts the first period to the oldest pickable day, and refuses what the server would replace', () => {
    // 366 days back is 2025-02-10, inside February 2025
    expect(pickRange('platform', 'month', { year: 2025, n: 2 }, { year: 2025, n: 3 }, today)).toEqual({
      start: '2025-02-10',
      end: '2025-03-31',
    });
    // 13 months: longer than 366 days
    expect(pickRange('platform', 'month', { year: 2025, n: 2 }, { year: 2026, n: 2 }, today)).toBeUndefined();
    expect(pickRange('platform', 'week', { year: 2026, n: 7 }, { year: 2026, n: 6 }, today)).toBeUndefined();
    expect(
      pickRange('platform', 'week', { year: 2025, n: 53 }, { year: 2025, n: 53 }, today),
    ).toBeUndefined();
    expect(pickRange('platform', 'week', { year: 2026, n: 8 }, { year: 2026, n: 9 }, today)).toBeUndefined();
    expect(
      pickRange('platform', 'month', { year: 2024, n: 1 }, { year: 2024, n: 12 }, today),
    ).toBeUndefined();
  });

  it('snaps a day range to whole periods when the report switches to weeks or months', () => {
    expect(snapRange('platform', 'week', { start: '2026-02-04', end: '2026-02-10' }, today)).toEqual({
      start: '2026-02-02',
      end: '2026-02-11',
    });
    expect(snapRange('platform', 'month', { start: '2026-01-15', end: '2026-02-10' }, today)).toEqual({
      start: '2026-01-01',
      end: '2026-02-11',
    });
    // the whole first month would be past the 366 days: its pickable days
    expect(snapRange('platform', 'month', { start: '2025-02-12', end: '2026-02-10' }, today)).toEqual({
      start: '2025-03-01',
      end: '2026-02-11',
    });
  });
});
