import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, utcDay } from '@beacon/shared';
import { renderAt } from '../../../test-utils';
import { setLanguage } from '../../../i18n';
import { UserScreen } from './user-screen';

const YESTERDAY = addDays(utcDay(), -1);
const BEFORE = addDays(YESTERDAY, -1);
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const range = { start: BEFORE, end: YESTERDAY, fallback: false };
let activity: unknown;

const ACTIVE = {
  share: 10,
  control: { devices: 200 },
  rest: { devices: 1800 },
  days: [
    { day: BEFORE, control: { active: 40, rate: 0.2 }, rest: { active: 540, rate: 0.3 } },
    { day: YESTERDAY, control: { active: 50, rate: 0.25 }, rest: { active: 630, rate: 0.35 } },
  ],
  meanRate: { control: 0.225, rest: 0.325, lift: 0.1 },
  ...range,
};

beforeEach(() => {
  activity = ACTIVE;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://console.test');
      if (u.pathname.endsWith('/report/user'))
        return ok({
          yesterday: { date: YESTERDAY, effective: 680, newUser: 3 },
          before: { date: BEFORE, effective: 580, newUser: 2 },
          dated: [
            { date: BEFORE, effective: 580, newUser: 2 },
            { date: YESTERDAY, effective: 680, newUser: 3 },
          ],
          ...range,
        });
      if (u.pathname.endsWith('/control-group/activity')) return ok(activity);
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('en');
});

describe('the control group’s activity on the user statistics', () => {
  it('summarises both sides’ mean daily active share and lists the days in the table view', async () => {
    renderAt('/app/1/statisticsData/user', <UserScreen appId={1} />);
    const summary = await screen.findByTestId('control-summary', undefined, { timeout: 15_000 });
    expect(summary.textContent).toBe(
      'The control group (10% of devices, 200 today) against everyone else (1,800): on average 22.5% of the control group was active a day, 32.5% of everyone else — a difference of +10.0 points. Each day’s share is over the sides’ devices today.',
    );
    const panel = screen.getByTestId('control-activity');
    fireEvent.click(within(panel).getByText('Table'));
    const table = await within(panel).findByTestId('control-table');
    const cells = [...table.querySelectorAll('tbody tr.ant-table-row')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(cells).toEqual([
      [BEFORE, '40', '20%', '540', '30%'],
      [YESTERDAY, '50', '25%', '630', '35%'],
    ]);
  }, 60_000);

  it('says when the app has no control group, and when nothing was recorded, in Chinese too', async () => {
    activity = {
      ...ACTIVE,
      share: 0,
      days: ACTIVE.days.map((d) => ({ ...d, control: { active: 0, rate: 0 } })),
      meanRate: null,
    };
    renderAt('/app/1/statisticsData/user', <UserScreen appId={1} />);
    const panel = await screen.findByTestId('control-activity', undefined, { timeout: 15_000 });
    await waitFor(() => expect(panel.textContent).toContain('The app has no control group.'), {
      timeout: 15_000,
    });
    cleanup();
    setLanguage('zh');
    activity = { ...ACTIVE, meanRate: null };
    renderAt('/app/1/statisticsData/user', <UserScreen appId={1} />);
    const zh = await screen.findByTestId('control-activity', undefined, { timeout: 15_000 });
    await waitFor(() => expect(zh.textContent).toContain('没有记录到对照组的活跃'), { timeout: 15_000 });
    expect(zh.textContent).toContain('对照组活跃度');
  }, 60_000);
});
