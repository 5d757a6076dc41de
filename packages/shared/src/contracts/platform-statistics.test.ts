import { describe, expect, it } from 'vitest';
import { GlobalReportBody, PlatDashboardBody, PlatformRange } from './platform-statistics';

describe('platform statistics inputs', () => {
  it('takes real days or nothing, refusing anything else by name', () => {
    expect(PlatformRange.parse({ start: '', end: '2026-02-09' })).toEqual({ end: '2026-02-09' });
    const bad = PlatformRange.safeParse({ start: '2026-02-30' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['start']);
  });

  it('defaults the statistics tab to the most pushed first, 10 a page, and the report tab to days', () => {
    expect(PlatDashboardBody.parse({})).toEqual({ sort: 'push', order: 'descend', pageNo: 1, pageSize: 10 });
    expect(GlobalReportBody.parse({ msgType: '2' })).toEqual({ country: '', msgType: 2, timeType: 1 });
    expect(GlobalReportBody.parse({ timeType: '3' }).timeType).toBe(3);
    const bad = GlobalReportBody.safeParse({ timeType: 4 });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['timeType', 'must be 1 (day), 2 (week) or 3 (month)'],
    ]);
  });
});
