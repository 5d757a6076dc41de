import type { z } from 'zod';
import { addDays, utcDay, type PeriodRow, type platformStatisticsCalls as calls } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { platformFixture, type PlatformFixture } from '../../test/fixtures/admins';
import { startTestApp, type TestApp } from '../../test/test-app';
import { rebuildDayTotals } from './day-totals.repository';

const FIGURES = ['push', 'dispatch', 'reach', 'show', 'click', 'conversion', 'noticeOff'] as const;
type Stat = z.output<(typeof calls)['msgStat']['data']>;
type List = z.output<(typeof calls)['msgList']['data']>;

/** The counts of rows added up, figure by figure. */
const sum = (rows: readonly PeriodRow[]) =>
  Object.fromEntries(FIGURES.map((k) => [k, rows.reduce((n, r) => n + r[k], 0)]));

/**
 * The report tab's groupings (timeType 1 day, 2 week, 3 month) over rollup rows spread across four months and two
 * apps: every grouping adds up to the same figures, and a week or a month is the sum of its days.
 */
describe.each(backends())('platform report: day, week and month reconcile [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;
  const today = utcDay();
  // 100 days ending yesterday: three or four months, with partial months at both ends
  const range = { start: addDays(today, -100), end: addDays(today, -1) };

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
    for (let i = 0; i < 100; i += 3) {
      const day = addDays(range.start, i);
      for (const [app, type, country, k] of [
        [f.appId, 1, 'NG', 1],
        [f.appId, 2, 'KE', 2],
        [f.otherAppId, 1, 'NG', 3],
      ] as const) {
        const push = 50 + ((i * 37 + k * 11) % 90);
        await t.database.query(
          `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch, notice_off,
                                      reach, show, click, conversion)
           VALUES ($1, $2, $3, false, $4, '1.0', $5, $6, $7, $8, $9, $10, $11)`,
          [app, day, type, country, push, push - k, k, push - 2 * k, push - 3 * k - 5, 4 + k, k],
        );
      }
    }
    await rebuildDayTotals(t.database, [f.appId, f.otherAppId]);
  });
  afterAll(async () => t.close());

  const post = async <T>(path: string, body: object): Promise<T> => {
    const res = await f.clients.platform.post(path, body);
    const json = res.json<{ status: number; data: T }>();
    expect(json.status, JSON.stringify(json.data)).toBe(200);
    return json.data;
  };
  const stat = (timeType: number, body: object = {}) =>
    post<Stat>('/tcm/global/msg/stat', { ...range, ...body, timeType });
  const list = async (timeType: number) => {
    const first = await post<List>('/tcm/global/msg/list', { ...range, timeType, pageSize: 100 });
    expect(first.total).toBeLessThanOrEqual(100);
    return first.results;
  };

  it('gives one row per month of the range, each the sum of its days, with the same total as the days', async () => {
    const days = await stat(1);
    const months = await stat(3);
    expect(months.fallback).toBe(false);
    const keys = [...new Set(days.rows.map((d) => d.period.slice(0, 7)))];
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(months.rows.map((m) => [m.period, m.start, m.end])).toEqual(
      keys.map((k) => {
        const own = days.rows.filter((d) => d.period.startsWith(k));
        return [k, own[0]!.start, own[own.length - 1]!.end];
      }),
    );
    for (const m of months.rows) {
      expect([m.period, sum([m])]).toEqual([
        m.period,
        sum(days.rows.filter((d) => d.period.startsWith(m.period))),
      ]);
    }
    expect(sum(months.rows)).toEqual(sum(days.rows));
    expect(months.totalData).toEqual({ ...days.totalData });
    expect(sum(months.rows).push).toBeGreaterThan(0);
  });

  it('reconciles weeks and months with the days under every filter', async () => {
    for (const filter of [{}, { msgType: 2 }, { country: 'NG' }, { appId: f.otherAppId }]) {
      const [d, w, m] = await Promise.all([stat(1, filter), stat(2, filter), stat(3, filter)]);
      expect([filter, sum(w.rows), sum(m.rows)]).toEqual([filter, sum(d.rows), sum(d.rows)]);
      expect([filter, m.totalData]).toEqual([filter, d.totalData]);
    }
  });

  it('lists one row per month and app, newest month first, adding up to the apps’ days', async () => {
    const byDay = await list(1);
    const byMonth = await list(3);
    const months = [...new Set(byMonth.map((r) => r.period))];
    expect(months).toEqual([...months].sort().reverse());
    for (const app of [f.appId, f.otherAppId]) {
      for (const month of months) {
        const row = byMonth.find((r) => r.appId === app && r.period === month)!;
        const own = byDay.filter((r) => r.appId === app && r.period.startsWith(month));
        expect([app, month, sum([row])]).toEqual([app, month, sum(own)]);
        // the month's days inside the range (the first and last months are cut by it)
        expect(row.start <= own[own.length - 1]!.period && row.end >= own[0]!.period).toBe(true);
        expect([row.start >= range.start, row.end <= range.end]).toEqual([true, true]);
      }
    }
  });
});
