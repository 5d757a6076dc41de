import { describe, expect, it } from 'vitest';
import type { ReportDay } from '@beacon/shared';
import { clampPage, pageCount, reportPage, sortRows } from './report-rows';

const day = (date: string, push: number, clickRate = 0): ReportDay => ({
  date,
  push,
  dispatch: push,
  reach: 0,
  show: 0,
  click: 0,
  conversion: 0,
  noticeOff: 0,
  showableReach: 0,
  showableShow: 0,
  showUv: 0,
  clickUv: 0,
  dispatchRate: 100,
  reachRate: 0,
  showRate: 0,
  clickRate,
  conversionRate: 0,
  noticeOffRate: 0,
  clickUvRate: 0,
});

const days = [
  day('2026-03-01', 5, 10),
  day('2026-03-02', 50, 2.5),
  day('2026-03-03', 7, 40),
  day('2026-03-04', 50, 1),
];
const summary = { total: day('total', 112), average: day('average', 28) };
const keys = (rows: Array<{ date: string }>) => rows.map((r) => r.date);

describe('the dimension table’s rows', () => {
  it('sorts numbers by value and days by date, keeping ties in order', () => {
    expect(keys(sortRows(days, { key: 'push', order: 'descend' }))).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-03',
      '2026-03-01',
    ]);
    expect(keys(sortRows(days, { key: 'clickRate', order: 'ascend' }))).toEqual([
      '2026-03-04',
      '2026-03-02',
      '2026-03-01',
      '2026-03-03',
    ]);
    expect(keys(sortRows(days, { key: 'date', order: 'descend' }))[0]).toBe('2026-03-04');
    expect(keys(sortRows(days, undefined))).toEqual(keys(days));
  });

  it('ends every page with the total and average rows, whatever the sort', () => {
    const page = reportPage(days, summary, { key: 'push', order: 'ascend' }, 1, 10);
    expect(keys(page)).toEqual(['2026-03-01', '2026-03-03', '2026-03-02', '2026-03-04', 'total', 'average']);
    expect(page.map((r) => r.rowKind)).toEqual(['day', 'day', 'day', 'day', 'total', 'average']);
    const second = reportPage(days, summary, { key: 'push', order: 'descend' }, 2, 3);
    expect(keys(second)).toEqual(['2026-03-01', 'total', 'average']);
  });

  it('sorts across pages before cutting them, and brings a page past the end back to the last', () => {
    expect(keys(reportPage(days, summary, { key: 'push', order: 'descend' }, 1, 2))).toEqual([
      '2026-03-02',
      '2026-03-04',
      'total',
      'average',
    ]);
    expect(keys(reportPage(days, summary, undefined, 9, 3))).toEqual(['2026-03-04', 'total', 'average']);
  });

  it('has no summary rows without days or without a summary', () => {
    expect(reportPage([], summary, undefined, 1, 10)).toEqual([]);
    expect(keys(reportPage(days, undefined, undefined, 1, 10))).toEqual(keys(days));
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(31, 10)).toBe(4);
    expect(clampPage(0, 31, 10)).toBe(1);
    expect(clampPage(5, 31, 10)).toBe(4);
    expect(clampPage(2.7, 31, 10)).toBe(2);
  });
});
