import { readFile } from 'node:fs/promises';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@beacon/shared';
import { rebuildDayTotals } from '@beacon/server/src/modules/statistics';
import { shiftStatisticsDays } from '@beacon/server/src/test/statistics';
import { until } from '@beacon/server/src/test/until';
import {
  appOnEmulator,
  gaid,
  launchBrowser,
  registerDevice,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

const PROJECT = 'stats-project';
const PKG = 'com.example.stats';
const OWNER = { email: 'owner@example.com', password: 'Owner#2024' };
const content = {
  noti_type: 1,
  noti_title: 'Weekend deals',
  noti_desc: 'Up to 40% off',
  noti_small_icon: '/files/icon.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'shop://deals',
};

// 10 devices with notifications on (NG 0–5, KE 6–9; even ones on 3.2.0, odd ones on 3.1.0) and 2 NG devices with
// notifications off (loss 107): push 12, dispatch 10. Devices 0–4 receive and show it, 0–1 click it.
const ON = 10;
const OFF = 2;
const country = (i: number) => (i < 6 || i >= ON ? 'NG' : 'KE');
const version = (i: number) => (i % 2 === 0 ? '3.2.0' : '3.1.0');
// A busy day four days back, written straight into the rollup (18 326 devices would take minutes to register): it
// shows the digit grouping of the reader's language.
const BUSY = { push: 18_326, dispatch: 18_000, reach: 9_000, show: 4_500, click: 900, noticeOff: 326 };

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId: number;
let sdkAuth: string;
const today = utcDay();
const yesterday = addDays(today, -1);
const busyDay = addDays(today, -4);

/** Calls the console API from the page (its session cookie); answers the envelope's data. */
async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return (await res.json()) as { status: number; msg: string; data: unknown };
    },
    [method, url, body] as const,
  );
  if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${answer.msg}`);
  return answer.data as T;
}

/** Clicks a download link; answers the file's name and its rows (header row first), BOM and CRLF dropped. */
async function downloadCsv(link: Locator): Promise<{ name: string; rows: Record<string, string>[] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header = [], ...lines] = text
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(','));
  return {
    name: file.suggestedFilename(),
    rows: lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))),
  };
}

/** A cell's text with the language's group separators (spaces, no-break spaces, commas) removed: "18 326" → 18326. */
const countOf = (text: string | null) => Number((text ?? '').replace(/[\s\u00a0\u202f,]/g, ''));
const cellOf = (scope: Locator, rowKey: string, col: string) =>
  scope.locator(`tr[data-row-key="${rowKey}"] td[data-col="${col}"]`);
const showTable = (panel: Locator, label: string) =>
  panel.getByTestId('view-switch').getByText(label).click();

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(OWNER.email, OWNER.password, 150);
  ({ appId, sdkAuth } = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Stats Shop',
    pkg: PKG,
    projectId: PROJECT,
  }));
  for (let i = 0; i < ON + OFF; i++)
    await registerDevice(beacon, emu, { sdkAuth, projectId: PROJECT, pkg: PKG }, i, {
      country: country(i),
      appVersion: version(i),
      notificationsEnabled: i < ON,
    });
  // a browser far east of UTC: the screens still show UTC days
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    timezoneId: 'Pacific/Auckland',
    // the charts honour it: no animation, so the screenshots show them drawn
    reducedMotion: 'reduce',
  });
  page = await context.newPage();
  await page.goto(`${beacon.url}/login`);
  await page.fill('#email', OWNER.email);
  await page.fill('#password', OWNER.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard**');

  // a notification to every device, then events of devices 0–4
  const { id: msgId } = await api<{ id: number }>('POST', `/tcm/v1/app/${appId}/msg/save`, {
    msgType: 1,
    data: content,
    title: 'Weekend deals',
    targetingType: 0,
    scheduleType: 1,
    pushCount: ON + OFF,
  });
  const funnel = () =>
    api<{ push: number; channelReach: number; show: number; click: number }>(
      'GET',
      `/tcm/v1/app/${appId}/msg/${msgId}/funnel`,
    );
  await until('the dispatch', funnel, (f) => f.channelReach === ON, 60_000);
  const ts = Date.now();
  for (const i of [0, 1, 2, 3, 4]) {
    const events = [
      { type: 'received', msgId, ts },
      { type: 'shown', msgId, ts },
      ...(i < 2 ? [{ type: 'clicked', msgId, ts }] : []),
    ];
    const res = await fetch(`${beacon.url}/sdk/v1/events`, {
      method: 'POST',
      headers: { authorization: sdkAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ gaid: gaid(i), events }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(200);
  }
  await until('the events', funnel, (f) => f.click === 2 && f.show === 5);

  // the reports end yesterday (part 2 §5): today's send, events and new devices become yesterday's
  await shiftStatisticsDays(beacon, appId, -1);
  await beacon.database.query(
    `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch, notice_off, reach,
                                show, click, conversion)
     VALUES ($1, $2::date, 1, false, 'GH', '3.0.0', $3, $4, $5, $6, $7, $8, 0)`,
    [appId, busyDay, BUSY.push, BUSY.dispatch, BUSY.noticeOff, BUSY.reach, BUSY.show, BUSY.click],
  );
  // the per-day totals the unfiltered trend reads, as the writer would have left them with that row (migration 0036)
  await rebuildDayTotals(beacon.database, [appId]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

describe('statistics in the browser', () => {
  it('shows yesterday’s cards and the trend, and the trend CSV has the table’s figures', async () => {
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?lang=en`);
    await page.getByText(`Yesterday, ${yesterday} (UTC)`).waitFor();
    const card = (key: string) => page.getByTestId(`card-${key}-value`);
    await expect.poll(() => card('push').textContent()).toBe('12');
    expect(await card('dispatch').textContent()).toBe('10');
    expect(await card('reach').textContent()).toBe('5');
    expect(await card('show').textContent()).toBe('5');
    expect(await card('click').textContent()).toBe('2');
    expect(await card('dispatchRate').textContent()).toBe('83.33%');
    expect(await card('reachRate').textContent()).toBe('50%');
    expect(await card('clickRate').textContent()).toBe('40%');
    expect(await page.getByTestId('card-push').textContent()).toContain('None the day before');
    expect(await page.getByTestId('card-clickRate').textContent()).toContain('None the day before');
    // the chart's push line (echarts' SVG)
    await page.getByTestId('stat-chart').locator('svg path[stroke="#3b5bdb"]').first().waitFor();
    await snap(page, 'statistics-project');

    const trend = page.getByTestId('trend');
    await showTable(trend, 'Table');
    const table = page.getByTestId('trend-table');
    await expect.poll(() => cellOf(table, yesterday, 'push').textContent()).toBe('12');
    expect(await cellOf(table, busyDay, 'push').textContent()).toBe('18,326');
    expect(await cellOf(table, yesterday, 'clickRate').textContent()).toBe('40%');

    const csv = await downloadCsv(page.getByTestId('export-trend'));
    expect(csv.name).toBe(`trend_${appId}_${addDays(today, -7)}_${yesterday}.csv`);
    expect(csv.rows.map((r) => r.date)).toEqual(Array.from({ length: 7 }, (_, k) => addDays(today, k - 7)));
    for (const col of ['push', 'dispatch', 'reach', 'show', 'click'] as const) {
      let onScreen = 0;
      for (const row of csv.rows) {
        const shown = countOf(await cellOf(table, row.date ?? '', col).textContent());
        expect(shown, `${row.date} ${col}`).toBe(Number(row[col]));
        onScreen += shown;
      }
      expect(csv.rows.reduce((n, r) => n + Number(r[col]), 0)).toBe(onScreen);
    }
    expect(await cellOf(table, yesterday, 'dispatchRate').textContent()).toBe(
      `${csv.rows.find((r) => r.date === yesterday)?.dispatchRate}%`,
    );
  });

  it('takes the range from the picker’s shortcuts, tells of a link it could not use and of a range without sends', async () => {
    await page.getByPlaceholder('First day').click();
    await page.getByText('Last 14 days').click();
    await page.waitForURL(new RegExp(`start=${addDays(today, -14)}&end=${yesterday}`));
    await page.keyboard.press('Escape');

    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?start=2001-01-01&end=2001-02-01`);
    await page.getByTestId('range-fallback').waitFor();
    expect(await page.getByTestId('range-fallback').textContent()).toContain(
      `${addDays(today, -7)} to ${yesterday}`,
    );

    const quiet = `start=${addDays(today, -30)}&end=${addDays(today, -20)}`;
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?${quiet}`);
    await page
      .getByText(`No messages were sent between ${addDays(today, -30)} and ${addDays(today, -20)} (UTC).`)
      .waitFor();
    // mode 2 (AI push of every kind): the notification was written by hand
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?type=2`);
    await page.getByTestId('trend').getByTestId('stat-empty').waitFor();
    expect(await page.getByTestId('card-push-value').textContent()).toBe('0');
    await snap(page, 'statistics-project-empty');
  });

  it('reports by day with total and average rows, sorts them, and the dimension CSV has the same totals', async () => {
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/dimension`);
    const table = page.getByTestId('dimension-table');
    await expect.poll(() => cellOf(table, 'total', 'push').textContent()).toBe('18,338');
    expect(await cellOf(table, 'total', 'click').textContent()).toBe('902');
    const sub = page.getByTestId('sub-report');
    await sub.getByText('Nigeria (NG)').waitFor();
    expect(await cellOf(sub, 'NG', 'push').textContent()).toBe('8');
    expect(await cellOf(sub, 'KE', 'dispatch').textContent()).toBe('4');
    await sub.getByTestId('sub-report-switch').getByText('App version').click();
    expect(await cellOf(sub, '3.2.0', 'dispatch').textContent()).toBe('5');

    // sorted by push, most first: the busy day first, total and average still last
    const pushed = table.getByRole('columnheader', { name: /Pushed/ });
    await pushed.click();
    await pushed.click();
    const keys = () =>
      table
        .locator('tbody tr[data-row-key]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
    await expect.poll(async () => (await keys())[0]).toBe(busyDay);
    expect((await keys()).slice(-2)).toEqual(['total', 'average']);
    expect(await keys()).toHaveLength(9);
    await snap(page, 'statistics-dimension');

    const csv = await downloadCsv(page.getByTestId('export-dimension'));
    const total = csv.rows.find((r) => r.date === 'total');
    const days = csv.rows.filter((r) => /^\d{4}-/.test(r.date ?? ''));
    expect(days).toHaveLength(7);
    for (const col of ['push', 'dispatch', 'reach', 'show', 'click', 'noticeOff'] as const) {
      expect(Number(total?.[col]), col).toBe(days.reduce((n, r) => n + Number(r[col]), 0));
      if (col !== 'noticeOff')
        expect(countOf(await cellOf(table, 'total', col).textContent()), col).toBe(Number(total?.[col]));
    }
    expect(await cellOf(table, 'average', 'push').textContent()).toBe(
      Number(csv.rows.find((r) => r.date === 'average')?.push).toLocaleString('en-US'),
    );
  });

  it('filters by country and version from the link, hides the sub-report and exports what it shows', async () => {
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/dimension?country=NG&version=3.2.0&conv=1`);
    const table = page.getByTestId('dimension-table');
    // NG on 3.2.0: devices 0, 2, 4 (on) and 10 (off)
    await expect.poll(() => cellOf(table, 'total', 'push').textContent()).toBe('4');
    expect(await cellOf(table, 'total', 'dispatch').textContent()).toBe('3');
    expect(await cellOf(table, 'total', 'conversionRate').textContent()).toBe('0%');
    expect(await page.getByTestId('sub-report').count()).toBe(0);
    await page.getByTestId('sub-report-hint').waitFor();
    const csv = await downloadCsv(page.getByTestId('export-dimension'));
    expect(Object.keys(csv.rows[0] ?? {})).toContain('conversionRate');
    expect(csv.rows.find((r) => r.date === 'total')?.push).toBe('4');
    await snap(page, 'statistics-dimension-filtered');
  });

  it('shows effective and new users, and the user CSV has the table’s figures', async () => {
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/user`);
    await expect.poll(() => page.getByTestId('card-effective-value').textContent()).toBe('12');
    expect(await page.getByTestId('card-newUser-value').textContent()).toBe('12');
    await page.getByTestId('stat-chart').locator('svg path[fill="#3b5bdb"]').last().waitFor();
    await page.getByTestId('user-metric').getByText('New users').click();
    await snap(page, 'statistics-user');
    await showTable(page.getByTestId('users'), 'Table');
    const table = page.getByTestId('users-table');
    const csv = await downloadCsv(page.getByTestId('export-users'));
    expect(csv.rows).toHaveLength(7);
    for (const row of csv.rows) {
      expect(countOf(await cellOf(table, row.date ?? '', 'effective').textContent())).toBe(
        Number(row.effective),
      );
      expect(countOf(await cellOf(table, row.date ?? '', 'newUser').textContent())).toBe(Number(row.newUser));
    }
    expect(csv.rows.find((r) => r.date === yesterday)).toMatchObject({ effective: '12', newUser: '12' });
  });

  it('speaks French: labels, the reader’s digit grouping and rates', async () => {
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?lang=fr`);
    await page.getByText(`Hier, ${yesterday} (UTC)`).waitFor();
    await page.getByRole('tab', { name: 'Tendance des messages' }).waitFor();
    expect(await page.getByTestId('card-dispatchRate-value').textContent()).toMatch(
      /^83,33[\s\u202f\u00a0]%$/,
    );
    expect(await page.getByTestId('card-push').textContent()).toContain('Aucun la veille');
    await showTable(page.getByTestId('trend'), 'Tableau');
    expect(await cellOf(page.getByTestId('trend-table'), busyDay, 'push').textContent()).toMatch(
      /^18[\u202f\u00a0 ]326$/,
    );
    await snap(page, 'statistics-project-fr');

    await page.getByRole('tab', { name: 'Pays et versions' }).click();
    const table = page.getByTestId('dimension-table');
    await expect
      .poll(async () => (await cellOf(table, 'total', 'push').textContent())?.replace(/[\u202f\u00a0]/g, ' '))
      .toBe('18 338');
    await table.getByText('Moyenne par jour').waitFor();
    await page.getByTestId('sub-report').getByText('Nigeria (NG)').waitFor();
    await snap(page, 'statistics-dimension-fr');
    const csv = await downloadCsv(page.getByTestId('export-dimension'));
    expect(countOf(await cellOf(table, 'total', 'push').textContent())).toBe(
      Number(csv.rows.find((r) => r.date === 'total')?.push),
    );

    await page.getByRole('tab', { name: 'Utilisateurs' }).click();
    await page.getByText('Nouveaux utilisateurs').first().waitFor();
    await snap(page, 'statistics-user-fr');
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?lang=en`);
  });
});
