import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, utcDay, type AppPushRow, type ReportDay } from '@beacon/shared';
import { renderAt } from '../../../../test-utils';
import { AdminStatistics } from './admin-statistics';

const Y = addDays(utcDay(), -1);
const day = (date: string, push: number): ReportDay => ({
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
  clickRate: 0,
  conversionRate: 0,
  noticeOffRate: 0,
  clickUvRate: 0,
});
const app = (i: number, push: number): AppPushRow => ({
  appId: i,
  pkg: `com.example.app${i}`,
  title: `App ${String(i).padStart(2, '0')}`,
  status: i === 1 ? 'failing' : push > 0 ? 'active' : 'idle',
  historyRate: 97.5,
  date: push > 0 ? Y : '',
  push,
  avg: push / 7,
  max: push,
});
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const asked: URL[] = [];
const range = { start: addDays(Y, -6), end: Y, fallback: false };

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://console.test');
      asked.push(u);
      const p = u.pathname.replace('/tcm/v1/dashboard', '');
      if (p === '/meta') return ok({ apps: 12, users: 3, devices: 1234567 });
      if (p === '/report/yesterday') return ok({ yesterday: day(Y, 18326), before: day(addDays(Y, -1), 9) });
      if (p === '/report/msg')
        return ok({
          dated: [day(Y, 18326)],
          apps: Array.from({ length: 12 }, (_, i) => app(i + 1, i * 100)),
          ...range,
        });
      if (p === '/report/msg/country/app')
        return ok({ countries: [{ ...day('', 18326), key: 'NG' }], rows: [], ...range });
      if (p === '/tracking')
        return ok({
          results: [
            {
              id: 1,
              ts: Date.parse(`${Y}T10:00:00Z`),
              ext: {
                ev: 'action',
                ep: { appId: 4, title: 'Shop', action: 'ai_use', from: 'material', email: 'a@example.com' },
              },
              dm: 'beacon.test',
            },
          ],
          total: 1,
          counts: { user_info_new: 2, ai: 0, ai_error: 0, ai_use: 1, ai_submit: 0 },
          domains: ['beacon.test'],
          begin: range.start,
          end: Y,
          fallback: false,
        });
      if (u.pathname === '/tcm/v1/dashboard/alarm') return ok({ results: [], total: 0 });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const titles = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('AdminStatistics', () => {
  it('opens on push stats: the platform counts grouped, every app sortable 10 a page, a way back', async () => {
    renderAt('/statistics', <AdminStatistics />);
    expect(await screen.findByText('1,234,567')).toBeTruthy();
    const table = await screen.findByTestId('admin-app-push-table');
    await waitFor(() => expect(titles(table)[0]).toContain('App 12'));
    expect(titles(table)).toHaveLength(10);
    expect(screen.getByText('Apps: 12')).toBeTruthy();
    expect(within(table).getAllByText('Pushing')).toHaveLength(10);
    fireEvent.click(within(table).getAllByText('Pushed')[0]!);
    await waitFor(() => expect(titles(table)[0]).toContain('App 01'));
    expect(within(table).getByText('Credentials failing')).toBeTruthy();
    expect(screen.getByText('Nigeria (NG)')).toBeTruthy();
    expect(screen.getByTestId('admin-stat-back').closest('a')?.getAttribute('href')).toBe('/dashboard');
    const report = asked.find((u) => u.pathname === '/tcm/v1/dashboard/report/msg');
    expect([report?.searchParams.get('start'), report?.searchParams.get('end')]).toEqual([addDays(Y, -6), Y]);
  });

  it('shows the trend as a table on demand', async () => {
    renderAt('/statistics?item=push', <AdminStatistics />);
    const trend = await screen.findByTestId('admin-push-trend');
    await waitFor(() => expect(within(trend).queryByTestId('series-chart')).toBeTruthy());
    fireEvent.click(within(trend).getByText('Table'));
    expect(within(trend).getAllByText('18,326')).toHaveLength(2);
  });

  it('lists the tracking records of ≤ 30 days with their counts, filtered by event in the URL', async () => {
    renderAt('/statistics?item=tracking&kind=ai_use', <AdminStatistics />);
    const table = await screen.findByTestId('admin-tracking-table');
    await waitFor(() => expect(within(table).getByText('a@example.com')).toBeTruthy());
    expect(within(table).getAllByText('AI suggestion used').length).toBe(1);
    expect(within(table).getByText('Material library')).toBeTruthy();
    const q = asked.find((u) => u.pathname === '/tcm/v1/dashboard/tracking')!.searchParams;
    expect([q.get('ev'), q.get('action'), q.get('begin'), q.get('end')]).toEqual([
      'action',
      'ai_use',
      addDays(Y, -6),
      Y,
    ]);
  });

  it('shows the server alerts with their empty state', async () => {
    renderAt('/statistics?item=alert', <AdminStatistics />);
    expect(await screen.findByText('No open alert')).toBeTruthy();
    expect(screen.getByText('Open alerts: 0')).toBeTruthy();
  });
});
