import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, utcDay, type MessageStatRow, type PeriodRow, type ReportDay } from '@beacon/shared';
import { renderAt } from '../../../../test-utils';
import PlatformReportTab from './platform-report-tab';
import PlatformStatisticsTab from './platform-statistics-tab';

const Y = addDays(utcDay(), -1);
const counts = {
  push: 1500,
  dispatch: 1200,
  reach: 800,
  show: 400,
  click: 110,
  conversion: 40,
  noticeOff: 50,
  showableReach: 800,
  showableShow: 400,
};
const rates = {
  dispatchRate: 80,
  reachRate: 66.67,
  showRate: 50,
  clickRate: 27.5,
  conversionRate: 36.36,
  noticeOffRate: 3.33,
};
const day = (date: string): ReportDay => ({
  date,
  ...counts,
  showUv: 0,
  clickUv: 0,
  ...rates,
  clickUvRate: 0,
});
const message = (msgId: number, title: string): MessageStatRow => ({
  msgId,
  appId: 3,
  appTitle: 'Shop',
  title,
  msgType: 1,
  deleted: msgId === 2,
  firstDay: addDays(Y, -1),
  lastDay: Y,
  ...counts,
  ...rates,
});
const period = (p: string): PeriodRow => ({ period: p, start: p, end: p, ...counts, ...rates });
const range = { start: addDays(Y, -6), end: Y, fallback: false };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const bodies: Array<{ path: string; body: Record<string, unknown> }> = [];

beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://console.test').pathname;
      bodies.push({
        path,
        body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
      });
      if (path === '/tcm/global/plat/dashboard/apps')
        return ok({ apps: [{ appId: 3, title: 'Shop', pkg: 'com.example.shop' }] });
      if (path === '/tcm/global/plat/dashboard')
        return ok({
          dated: [day(Y)],
          totalData: day('total'),
          results: [message(1, 'Flash sale'), message(2, 'Old news')],
          total: 12,
          ...range,
        });
      if (path === '/tcm/global/msg/stat')
        return ok({ rows: [period(Y)], totalData: { ...period('total') }, ...range });
      if (path === '/tcm/global/msg/list')
        return ok({
          results: [{ ...period('2026-W07'), start: Y, end: Y, appId: 3, title: 'Shop' }],
          total: 1,
          ...range,
        });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lastBody = (path: string) => bodies.filter((b) => b.path === path).at(-1)?.body;

describe('platform statistics tab', () => {
  it('asks for a page of messages in the clicked order, opens a row’s full figures, links the CSV of the same view', async () => {
    renderAt(
      `/platformsettings?tab=statistics&appId=3&start=${range.start}&end=${Y}`,
      <PlatformStatisticsTab />,
    );
    const table = await screen.findByTestId('admin-message-table');
    await waitFor(() => expect(within(table).getByText('Flash sale')).toBeTruthy());
    expect(lastBody('/tcm/global/plat/dashboard')).toEqual({
      start: range.start,
      end: Y,
      appId: 3,
      sort: 'push',
      order: 'descend',
      pageNo: 1,
      pageSize: 10,
    });
    expect(within(table).getByText('deleted')).toBeTruthy();
    expect(screen.getByText('Messages: 12')).toBeTruthy();
    fireEvent.click(within(table).getAllByText('Click rate')[0]!);
    await waitFor(() =>
      expect(lastBody('/tcm/global/plat/dashboard')).toMatchObject({ sort: 'clickRate', order: 'descend' }),
    );
    fireEvent.click(within(table).getAllByRole('button', { name: /expand row/i })[0]!);
    const detail = await screen.findByTestId('admin-message-detail');
    expect(within(detail).getByText('36.36%')).toBeTruthy();
    expect(within(detail).getByText('Notification')).toBeTruthy();
    const csv = screen.getByTestId('admin-plat-csv').getAttribute('href')!;
    expect(new URLSearchParams(csv.split('?')[1]).toString()).toBe(
      `start=${range.start}&end=${Y}&appId=3&sort=clickRate&order=descend&expand=1`,
    );
    expect(csv.startsWith('/tcm/global/plat/dashboard/export?')).toBe(true);
    expect(screen.getAllByText('1,500').length).toBeGreaterThan(0);
  });
});

describe('platform report tab', () => {
  it('asks for the figures and the list by week when the grouping changes', async () => {
    renderAt('/platformsettings?tab=report&msgType=2&country=NG,KE', <PlatformReportTab />);
    const table = await screen.findByTestId('admin-report-table');
    await waitFor(() => expect(within(table).getByText('Shop')).toBeTruthy());
    expect(lastBody('/tcm/global/msg/stat')).toMatchObject({ msgType: 2, country: 'NG,KE', timeType: 1 });
    fireEvent.click(screen.getByText('Week'));
    await waitFor(() => expect(lastBody('/tcm/global/msg/stat')).toMatchObject({ timeType: 2 }));
    expect(lastBody('/tcm/global/msg/list')).toMatchObject({ timeType: 2, pageNo: 1, pageSize: 20 });
  });

  it('groups by month over whole months, picked by year and month instead of days', async () => {
    renderAt('/platformsettings?tab=report', <PlatformReportTab />);
    await screen.findByTestId('admin-report-table');
    expect(screen.getAllByTestId('admin-stat-range').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Month'));
    // the default range (the last 7 days ending yesterday) widens to its months, up to today at the latest
    const today = utcDay();
    const start = `${range.start.slice(0, 7)}-01`;
    const end = Y.slice(0, 7) === today.slice(0, 7) ? today : Y;
    await waitFor(() => expect(lastBody('/tcm/global/msg/stat')).toMatchObject({ timeType: 3, start, end }));
    expect(lastBody('/tcm/global/msg/list')).toMatchObject({ timeType: 3, start, end });
    expect(screen.queryAllByTestId('admin-stat-range')).toEqual([]);
    expect(screen.getByTestId('admin-report-month-range')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toContain('timeType=3');
    expect(screen.getByTestId('admin-report-trend').textContent).toContain('By month');
  });
});
