import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, daysOf, statRange, utcDay, type ReportDay } from '@beacon/shared';
import { renderAt } from '../../../test-utils';
import { AdminStatistics } from '../admin';
import { ProjectScreen } from './project-screen';

/**
 * Today in one click (the default range ends yesterday, so a same-day send shows nothing there): the range bar's
 * "Today (partial)" button, the partial mark while the range ends today, and the empty state of the default range
 * that says nothing came up to yesterday and offers today — on the app's Analytics and on the admin dashboard.
 */
const TODAY = utcDay();
const YESTERDAY = addDays(TODAY, -1);
/** Today's figures so far: only today has sends. */
const day = (date: string): ReportDay => {
  const push = date === TODAY ? 12 : 0;
  return {
    date,
    push,
    dispatch: push,
    reach: push,
    show: push,
    click: 0,
    conversion: 0,
    noticeOff: 0,
    showableReach: push,
    showableShow: push,
    showUv: 0,
    clickUv: 0,
    dispatchRate: push ? 100 : 0,
    reachRate: push ? 100 : 0,
    showRate: push ? 100 : 0,
    clickRate: 0,
    conversionRate: 0,
    noticeOffRate: 0,
    clickUvRate: 0,
  };
};
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const asked: URL[] = [];
/** The range a report answers for (the server's rule) and its days. */
const answer = (u: URL, kind: 'project' | 'platform') => {
  const r = statRange(kind, u.searchParams.get('start') ?? undefined, u.searchParams.get('end') ?? undefined);
  return { ...r, dated: daysOf(r.start, r.end).map(day) };
};

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://console.test');
      asked.push(u);
      const p = u.pathname;
      if (p.endsWith('/report/yesterday'))
        return ok({ yesterday: day(YESTERDAY), before: day(addDays(YESTERDAY, -1)) });
      if (p === '/tcm/v1/app/7/report/project') return ok(answer(u, 'project'));
      if (p === '/tcm/v1/dashboard/meta') return ok({ apps: 1, users: 1, devices: 12 });
      if (p === '/tcm/v1/dashboard/report/msg') return ok({ ...answer(u, 'platform'), apps: [] });
      if (p === '/tcm/v1/dashboard/report/msg/country/app') {
        const { dated: _d, ...r } = answer(u, 'platform');
        return ok({ countries: [], rows: [], ...r });
      }
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lastRange = (path: string) => {
  const u = asked.filter((x) => x.pathname === path).at(-1);
  return [u?.searchParams.get('start') ?? null, u?.searchParams.get('end') ?? null];
};

describe('today on the app’s Analytics', () => {
  it('says the default range is empty up to yesterday and shows today in one click, marked partial', async () => {
    renderAt('/app/7/statisticsData/project', <ProjectScreen appId={7} />);
    const empty = await screen.findByTestId('stat-empty');
    expect(empty.textContent).toContain(
      `No data up to yesterday (${addDays(TODAY, -7)} to ${YESTERDAY}, UTC) — today’s figures are partial.`,
    );
    expect(screen.queryByTestId('stat-range-partial')).toBeNull();

    fireEvent.click(within(empty).getByTestId('show-today'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain(`end=${TODAY}`));
    await waitFor(() => expect(screen.queryByTestId('stat-empty')).toBeNull());
    expect(lastRange('/tcm/v1/app/7/report/project')).toEqual([TODAY, TODAY]);
    expect(screen.getByTestId('stat-range-partial').textContent).toBe(
      'Today’s figures are partial: the day is not over.',
    );
    expect(screen.getByTestId('stat-range-today').getAttribute('aria-pressed')).toBe('true');
  });

  it('offers today in the range bar whatever the range shown', async () => {
    renderAt(
      `/app/7/statisticsData/project?start=${addDays(TODAY, -30)}&end=${addDays(TODAY, -20)}`,
      <ProjectScreen appId={7} />,
    );
    // a range that does not end yesterday: its own empty sentence, no button in it
    const empty = await screen.findByTestId('stat-empty');
    expect(empty.textContent).toContain('No messages were sent between');
    expect(within(empty).queryByTestId('show-today')).toBeNull();

    const today = screen.getByTestId('stat-range-today');
    expect(today.textContent).toBe('Today (partial)');
    fireEvent.click(today);
    await waitFor(() => expect(lastRange('/tcm/v1/app/7/report/project')).toEqual([TODAY, TODAY]));
    expect(await screen.findByTestId('stat-range-partial')).toBeTruthy();
  });
});

describe('today on the admin dashboard', () => {
  it('says the push trend is empty up to yesterday and shows today in one click, marked partial', async () => {
    renderAt('/statistics?item=push', <AdminStatistics />);
    const trend = await screen.findByTestId('admin-push-trend');
    const empty = await within(trend).findByTestId('admin-push-trend-empty');
    expect(empty.textContent).toContain('No data up to yesterday');
    expect(empty.textContent).toContain('today’s figures are partial');

    fireEvent.click(within(empty).getByTestId('admin-push-trend-show-today'));
    await waitFor(() => expect(lastRange('/tcm/v1/dashboard/report/msg')).toEqual([TODAY, TODAY]));
    await waitFor(() => expect(within(trend).queryByTestId('admin-push-trend-empty')).toBeNull());
    expect(lastRange('/tcm/v1/dashboard/report/msg/country/app')).toEqual([TODAY, TODAY]);
    expect(screen.getByTestId('admin-stat-range-partial')).toBeTruthy();
    // the chart's point for today says it is partial
    expect(within(trend).getAllByText(`${TODAY.slice(5)} (partial)`).length).toBeGreaterThan(0);
  });

  it('offers today in the range picker’s row in one click', async () => {
    renderAt('/statistics?item=push', <AdminStatistics />);
    fireEvent.click(await screen.findByTestId('admin-stat-range-today'));
    await waitFor(() => expect(lastRange('/tcm/v1/dashboard/report/msg')).toEqual([TODAY, TODAY]));
    expect(await screen.findByTestId('admin-stat-range-partial')).toBeTruthy();
  });
});
