import { describe, expect, it } from 'vitest';
import { GlobalReportBody, isoWeek, PlatDashboardBody, PlatformRange } from './platform-statistics';

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

describe('platform statistics inputs', () => {
  it('takes real days or nothing, refusing anything else by name', () => {
    expect(PlatformRange.parse({ start: '', end: '2026-02-09' })).toEqual({ end: '2026-02-09' });
    const bad = PlatformRange.safeParse({ start: '2026-02-30' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['start']);
  });

  it('defaults the statistics tab to the most pushed first, 10 a page, and the report tab to days', () => {
    expect(PlatDashboardBody.parse({})).toEqual({ sort: 'push', order: 'descend', pageNo: 1, pageSize: 10 });
    expect(GlobalReportBody.parse({ msgType: '2' })).toEqual({ country: '', msgType: 2, timeType: 1 });
  });
});
