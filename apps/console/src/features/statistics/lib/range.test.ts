import { describe, expect, it } from 'vitest';
import { fellBack, pickProblem, presetRange, shownRange } from './range';

const TODAY = '2026-03-15';

describe('statistics ranges', () => {
  it('offers the last 7, 14 and 30 days ending yesterday', () => {
    expect(presetRange(7, TODAY)).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(presetRange(30, TODAY)).toEqual({ start: '2026-02-13', end: '2026-03-14' });
  });

  it('shows a link’s valid range as it is', () => {
    expect(shownRange('dimension', '2026-03-01', '2026-03-10', TODAY)).toEqual({
      start: '2026-03-01',
      end: '2026-03-10',
      fallback: false,
    });
  });

  it.each([
    ['missing', undefined, undefined],
    ['empty', '', ''],
    ['reversed', '2026-03-10', '2026-03-01'],
    ['ending tomorrow', '2026-03-10', '2026-03-16'],
    ['not a day', '2026-02-30', '2026-03-01'],
    ['longer than a month', '2026-02-01', '2026-03-14'],
  ])('falls back to the last 7 days for a %s range (as the server does)', (_, start, end) => {
    expect(shownRange('dimension', start, end, TODAY)).toEqual({
      start: '2026-03-08',
      end: '2026-03-14',
      fallback: true,
    });
  });

  it('lets the trend span a year but not more', () => {
    expect(shownRange('project', '2025-03-15', '2026-03-14', TODAY).fallback).toBe(false);
    expect(shownRange('project', '2025-03-14', '2026-03-14', TODAY).fallback).toBe(true);
  });

  it('refuses a picked range longer than the report allows, or in the future', () => {
    expect(pickProblem('dimension', '2026-02-12', '2026-03-14', TODAY)).toBeUndefined();
    expect(pickProblem('dimension', '2026-02-11', '2026-03-14', TODAY)).toBe('tooLong');
    expect(pickProblem('project', '2026-02-11', '2026-03-14', TODAY)).toBeUndefined();
    expect(pickProblem('user', '2026-03-14', TODAY, TODAY)).toBeUndefined();
    expect(pickProblem('user', '2026-03-14', '2026-03-16', TODAY)).toBe('notSelectable');
    expect(pickProblem('user', '2022-01-01', '2022-01-02', TODAY)).toBe('notSelectable');
  });

  it('tells of a fallback only when the link named a range', () => {
    expect(fellBack({}, { fallback: true })).toBe(false);
    expect(fellBack({ start: '2026-01-01' }, { fallback: true })).toBe(true);
    expect(fellBack({ start: '2026-01-01', end: '2026-01-02' }, { fallback: false })).toBe(false);
    expect(fellBack({ start: 'x' }, undefined)).toBe(false);
  });
});
