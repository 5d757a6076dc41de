import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, utcDay, type ReportDay } from '@beacon/shared';
import { renderAt } from '../../../test-utils';
import { DimensionScreen } from './dimension-screen';

const YESTERDAY = addDays(utcDay(), -1);
const day = (date: string, push: number): ReportDay => ({
  date,
  push,
  dispatch: push,
  reach: Math.floor(push / 2),
  show: Math.floor(push / 4),
  click: 1,
  conversion: 0,
  noticeOff: 0,
  showableReach: Math.floor(push / 2),
  showableShow: Math.floor(push / 4),
  showUv: 0,
  clickUv: 0,
  dispatchRate: 100,
  reachRate: 50,
  showRate: 50,
  clickRate: 10,
  conversionRate: 0,
  noticeOffRate: 0,
  clickUvRate: 0,
});
const DAYS = [day(addDays(YESTERDAY, -2), 30), day(addDays(YESTERDAY, -1), 4000), day(YESTERDAY, 200)];
const DICTS = {
  countries: [{ code: 'NG', name: { en: 'Nigeria', zh: '尼日利亚', fr: 'Nigeria' } }],
  languages: [],
  subLanguages: [],
  androidVersions: [],
  utcOffsets: ['+0000'],
  dailyMessageKinds: [],
  statisticsModes: [],
  brands: [],
  operators: [],
  appVersions: [],
  interestTags: [],
  audiencePackages: [],
  advancedTargeting: false,
};

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const asked: URL[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://console.test');
      asked.push(u);
      const start = u.searchParams.get('start');
      const answered = start
        ? { start: '2020-01-01', end: YESTERDAY, fallback: true }
        : { start: addDays(YESTERDAY, -6), end: YESTERDAY, fallback: true };
      if (u.pathname.includes('/dict/1/all')) return ok(DICTS);
      if (u.pathname.endsWith('/report/dimension'))
        return ok({ dated: DAYS, totalData: day('total', 4230), avgData: day('average', 1410), ...answered });
      if (u.pathname.endsWith('/report/version-country'))
        return ok({
          countries: [{ ...day('', 4230), key: 'NG' }],
          versions: [{ ...day('', 4230), key: '3.2.0' }],
          ...answered,
        });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const firstCells = () =>
  within(screen.getByTestId('dimension-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('DimensionScreen', () => {
  it('sorts the days by a column and keeps the total and average rows last', async () => {
    renderAt('/app/1/statisticsData/dimension', <DimensionScreen appId={1} />);
    await waitFor(() => expect(firstCells()).toHaveLength(5));
    expect(firstCells().slice(3)).toEqual(['Total', 'Daily average']);
    const pushed = within(screen.getByTestId('dimension-table')).getByRole('columnheader', {
      name: /Pushed/,
    });
    fireEvent.click(pushed);
    await waitFor(() => expect(firstCells()[0]).toBe(DAYS[0]?.date));
    fireEvent.click(pushed);
    await waitFor(() =>
      expect(firstCells()).toEqual([DAYS[1]?.date, DAYS[2]?.date, DAYS[0]?.date, 'Total', 'Daily average']),
    );
    const total = screen.getByTestId('dimension-table').querySelector('[data-row="total"] [data-col="push"]');
    expect(total?.textContent).toBe('4,230');
    // no filter: the sub-report, with the country's name
    await within(screen.getByTestId('sub-report')).findByText('Nigeria (NG)');
    expect(screen.getByTestId('export-dimension').getAttribute('href')).toMatch(
      /^\/tcm\/v1\/app\/1\/report\/msg\/export\?start=.*&end=.*&type=0$/,
    );
  });

  it('asks the server with a link’s filters, hides the sub-report and tells of a range it could not use', async () => {
    renderAt(
      '/app/1/statisticsData/dimension?start=2020-01-01&end=2099-01-01&country=NG&type=3&conv=1',
      <DimensionScreen appId={1} />,
    );
    await screen.findByTestId('range-fallback');
    const call = asked.find((u) => u.pathname.endsWith('/report/dimension'));
    expect(call?.searchParams.get('country')).toBe('NG');
    expect(call?.searchParams.get('type')).toBe('3');
    expect(screen.queryByTestId('sub-report')).toBeNull();
    expect(screen.getByTestId('sub-report-hint')).toBeTruthy();
    expect(
      within(screen.getByTestId('dimension-table')).getByRole('columnheader', { name: /Conversion rate/ }),
    ).toBeTruthy();
    expect(screen.getByTestId('export-dimension').getAttribute('href')).toContain(
      'country=NG&type=3&expand=1',
    );
  });
});
