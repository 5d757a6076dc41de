import { describe, expect, it } from 'vitest';
import { StatMode } from '@beacon/shared';
import { dimensionExportHref, trendExportHref, usersExportHref } from './export';
import { carriedSearch, splitList } from './url';

const range = { start: '2026-03-01', end: '2026-03-07' };

describe('CSV links', () => {
  it('asks the trend for its range and mode', () => {
    expect(trendExportHref(7, range, StatMode.AI_ALL)).toBe(
      '/tcm/v1/app/7/report/trend/export?start=2026-03-01&end=2026-03-07&type=2',
    );
  });

  it('asks the dimension report for its filters, and the conversion columns only when shown', () => {
    expect(
      dimensionExportHref(7, range, {
        type: StatMode.ALL,
        country: ['NG', 'KE'],
        version: [],
        conversion: false,
      }),
    ).toBe('/tcm/v1/app/7/report/msg/export?start=2026-03-01&end=2026-03-07&country=NG%2CKE&type=0');
    expect(
      dimensionExportHref(7, range, {
        type: StatMode.BACKEND,
        country: [],
        version: ['3.2.0'],
        conversion: true,
      }),
    ).toBe('/tcm/v1/app/7/report/msg/export?start=2026-03-01&end=2026-03-07&version=3.2.0&type=1&expand=1');
  });

  it('asks the user report with type=user', () => {
    expect(usersExportHref(7, range)).toBe(
      '/tcm/v1/app/7/report/export?type=user&start=2026-03-01&end=2026-03-07',
    );
  });
});

describe('statistics URLs', () => {
  it('reads a comma list as its distinct values', () => {
    expect(splitList('NG, KE,,NG')).toEqual(['NG', 'KE']);
    expect(splitList('')).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
  });

  it('carries the range and the mode to another tab, not the filters', () => {
    expect(
      carriedSearch(new URLSearchParams('start=2026-03-01&end=2026-03-07&type=1&country=NG&page=2')),
    ).toBe('?start=2026-03-01&end=2026-03-07&type=1');
    expect(carriedSearch(new URLSearchParams('country=NG'))).toBe('');
  });
});
