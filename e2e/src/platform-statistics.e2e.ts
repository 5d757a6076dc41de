import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlatformStatistics, type PlatformSeed } from '@beacon/server/src/test/platform-statistics';
import { launchBrowser, signedInPage, snap, startBeacon, type RunningBeacon } from './harness';

const ROOT = { email: 'root@example.com', password: 'Root#2024x' };
const PLATFORM = { email: 'platform@example.com', password: 'Platform#2024' };

let beacon: RunningBeacon;
let browser: Browser;
let seed: PlatformSeed;

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(ROOT.email, ROOT.password, 100);
  await beacon.users.upsertAdmin(PLATFORM.email, PLATFORM.password, 150);
  const [root] = await beacon.database.query<{ id: number; email: string }>(
    'SELECT id, email FROM users WHERE email = $1',
    [ROOT.email],
  );
  const owner = { userId: root!.id, email: root!.email };
  const shop = await beacon.services.apps.create({ title: 'Shop', pkg: 'com.example.shop', owner });
  const news = await beacon.services.apps.create({ title: 'News', pkg: 'org.example.news', owner });
  seed = await seedPlatformStatistics(beacon, shop.app.id, news.app.id, root!);
  // the accounts were made today: show them yesterday, in the tracking tab's default range
  await beacon.database.query(`UPDATE tracking_events SET ts = ts - interval '1 day'`);
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

const range = () => `start=${seed.days.d3}&end=${seed.days.y}`;
const table = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

describe('platform statistics: the admin dashboard and the platform tabs', () => {
  it('level 100 reads push stats, user data, tracking and alerts on /statistics, then goes back', async () => {
    const page = await signedInPage(browser, beacon.url, ROOT);
    await page.goto(`${beacon.url}/statistics?${range()}`);
    await expect.poll(() => table(page, 'admin-app-push-table').count()).toBe(4);
    expect(await table(page, 'admin-app-push-table').first().innerText()).toContain('News');
    expect(await page.getByTestId('admin-meta').innerText()).toContain('Registered devices');
    await page.getByTestId('admin-push-trend').getByText('Table').click();
    expect(await page.getByTestId('admin-push-trend').innerText()).toContain('160');
    await snap(page, 'platform-statistics-push');

    await page.getByRole('tab', { name: 'User data' }).click();
    await expect.poll(() => table(page, 'admin-user-table').count()).toBe(4);
    await snap(page, 'platform-statistics-users');

    await page.getByRole('tab', { name: 'System tracking' }).click();
    await expect.poll(() => table(page, 'admin-tracking-table').count()).toBe(2);
    expect(await page.getByTestId('admin-tracking-table').innerText()).toContain('platform@example.com');
    await snap(page, 'platform-statistics-tracking');

    await page.getByRole('tab', { name: 'Server alerts' }).click();
    await expect.poll(() => page.getByTestId('admin-alerts-table').innerText()).toContain('News');
    await snap(page, 'platform-statistics-alerts');

    await page.getByTestId('admin-stat-back').click();
    await page.waitForURL('**/dashboard');
  });

  it('level 150 reads the statistics tab (app, sort, detail, CSV) and the report tab by week', async () => {
    const page = await signedInPage(browser, beacon.url, PLATFORM);
    await page.goto(`${beacon.url}/platformsettings?${range()}`);
    await expect.poll(() => table(page, 'admin-message-table').count()).toBe(3);
    await page.getByTestId('admin-stat-app').click();
    await page.getByTitle('Shop (com.example.shop)').click();
    await expect.poll(() => table(page, 'admin-message-table').count()).toBe(2);
    await page.getByTestId('admin-message-table').getByRole('columnheader', { name: 'Click rate' }).click();
    await expect.poll(() => page.url()).toContain('sort=clickRate');
    await page
      .getByTestId('admin-message-table')
      .getByRole('button', { name: /expand row/i })
      .first()
      .click();
    expect(await page.getByTestId('admin-message-detail').first().innerText()).toContain('Conversion rate');
    const href = await page.getByTestId('admin-plat-csv').getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv).toContain('Flash sale');
    await snap(page, 'platform-settings-statistics');

    await page.getByRole('tab', { name: 'Report' }).click();
    await expect.poll(() => table(page, 'admin-report-table').count()).toBeGreaterThan(0);
    await page.getByTestId('admin-report-grouping').getByText('Week').click();
    await expect.poll(() => page.getByTestId('admin-report-table').innerText()).toContain('-W');
    await page.getByTestId('admin-report-week-range').waitFor();
    await snap(page, 'platform-settings-report');
    // by month: the picker is a from/to of year + month, the rows are months (2026-02)
    await page.getByTestId('admin-report-grouping').getByText('Month').click();
    await expect.poll(() => page.url()).toContain('timeType=3');
    await page.getByTestId('admin-report-month-range').waitFor();
    await expect
      .poll(() => page.getByTestId('admin-report-table').innerText())
      .toMatch(/(^|\s)\d{4}-\d{2}(\s|$)/);
    await snap(page, 'platform-settings-report-month');
  });

  it('reads in French with the French grouping of numbers', async () => {
    const page = await signedInPage(browser, beacon.url, ROOT);
    await page.goto(`${beacon.url}/statistics?${range()}&lang=fr`);
    await expect
      .poll(() => page.getByTestId('admin-push-trend').innerText())
      .toContain('Évolution des envois');
    await snap(page, 'platform-statistics-fr');
  });
});
