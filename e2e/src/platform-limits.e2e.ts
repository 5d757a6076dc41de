import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlert } from '@beacon/server/src/modules/alerts/alerts.repository';
import { launchBrowser, snap, startBeacon, type RunningBeacon } from './harness';

let beacon: RunningBeacon;
let browser: Browser;
let shopId = 0;

const ROOT = { email: 'root@example.com', password: 'Root#2024x' };
const OPERATOR = { email: 'oscar@shop.example', password: 'Oscar#2024' };

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(ROOT.email, ROOT.password, 100);
  const [root] = await beacon.database.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [
    ROOT.email,
  ]);
  const actor = (await beacon.users.resolveSession(
    await beacon.users.openSession(root!.id, { ip: '', userAgent: '' }),
  ))!.user;
  const operatorId = await beacon.users.save(
    { email: OPERATOR.email, source: 2, ulevel: 0, description: '', password: OPERATOR.password },
    actor,
  );
  shopId = (
    await beacon.services.apps.create({
      title: 'Acme Shop',
      pkg: 'com.acme.shop',
      owner: { userId: root!.id, email: ROOT.email },
    })
  ).app.id;
  await beacon.database.query(
    `INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 400, 0)`,
    [shopId, operatorId, OPERATOR.email],
  );
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

async function signIn(who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  await page.goto(`${beacon.url}/login`);
  await page.fill('#email', who.email);
  await page.fill('#password', who.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  return page;
}

const settings = async () =>
  beacon.database.query<{ timezone: string; day_time: string }>(
    'SELECT timezone, day_time FROM global_settings WHERE id = 1',
  );
const restrict = async (option: string) =>
  (
    await beacon.database.query<{ enable: boolean; number: number }>(
      'SELECT enable, number FROM global_restricts WHERE option = $1',
      [option],
    )
  )[0];

describe('platform limits', () => {
  it('lets a level-100 admin set a daily limit and the day boundary, add a sensitive word and see an alert', async () => {
    const page = await signIn(ROOT);
    await page.goto(`${beacon.url}/platformsettings?tab=daily`);
    const adNumber = page.getByTestId('restrict-number-ad');
    await adNumber.waitFor();

    // an invalid total reverts, and nothing is sent
    const total = page.getByTestId('restrict-number-total');
    await total.fill('101');
    await total.press('Enter');
    await page.getByText('enter a whole number from 0 to 100').waitFor();
    expect(await total.inputValue()).toBe('10');
    expect((await restrict('total'))?.number).toBe(10);

    // a valid ad limit, switched on
    await adNumber.fill('2');
    await adNumber.press('Enter');
    await page.getByTestId('restrict-enable-ad').click();
    await expect.poll(async () => restrict('ad')).toEqual({ enable: true, number: 2 });

    // the day boundary
    await page.getByTestId('day-timezone').click();
    await page.keyboard.type('Asia/Shanghai');
    await page.locator('.ant-select-item-option[title="Asia/Shanghai"]').click();
    await page.getByTestId('day-time').fill('04:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Day boundary saved').waitFor();
    expect(await settings()).toEqual([{ timezone: 'Asia/Shanghai', day_time: '04:30' }]);
    await expect
      .poll(async () => page.getByTestId('day-window').textContent())
      .toMatch(/The current day runs from .+ to .+/);

    // a platform sensitive word
    const words = page.getByTestId('platform-words');
    const wordBox = words.getByRole('textbox', { name: 'Word', exact: true });
    await wordBox.fill('  Jackpot ');
    await wordBox.press('Enter');
    await words.getByRole('cell', { name: 'Jackpot', exact: true }).waitFor();
    await snap(page, 'platform-limits-daily');

    const audit = await beacon.database.query<{ area: string; target: string }>(
      'SELECT area, target FROM policy_audit ORDER BY id',
    );
    expect(audit.map((a) => `${a.area}:${a.target}`)).toEqual([
      'daily-limits:restrict ad',
      'daily-limits:restrict ad',
      'daily-limits:day boundary',
      'sensitive-words:platform',
    ]);

    // the content check now refuses it, case-insensitively
    const check = await page.evaluate(async (appId) => {
      const res = await fetch(`/tcm/v1/app/${appId}/content/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: { en: { title: 'Win the JACKPOT' } } }),
      });
      return (await res.json()) as { data: unknown };
    }, shopId);
    expect(check.data).toEqual({ platform: [{ lang: 'en', field: 'title', words: ['Jackpot'] }], app: [] });

    // an alert raised by the platform shows in the header bell after a refresh
    await raiseAlert(beacon.database, {
      appId: shopId,
      kind: 'fcm_credentials',
      params: { reason: 'invalid_grant' },
    });
    await raiseAlert(beacon.database, {
      appId: shopId,
      kind: 'fcm_credentials',
      params: { reason: 'invalid_grant' },
    });
    await page.reload();
    const bell = page.getByTestId('alert-bell');
    await bell.waitFor();
    await expect.poll(async () => bell.getAttribute('aria-label')).toBe('Platform alerts: 1 open');
    await bell.click();
    const item = page.getByTestId('alert-item');
    await item.getByText('FCM rejects the service-account credentials of Acme Shop').waitFor();
    await item.getByText('×2').waitFor();
    await snap(page, 'platform-limits-alerts');
    await item.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('No open alerts').waitFor();
    await page.context().close();
  });

  it('refuses a level-400 user: 403 page and status 1002', async () => {
    const page = await signIn(OPERATOR);
    expect(await page.getByTestId('alert-bell').count()).toBe(0);
    await page.goto(`${beacon.url}/platformsettings?tab=daily`);
    await page.locator('.ant-result-403').waitFor();
    await page.goto(`${beacon.url}/globalsettings`);
    await page.locator('.ant-result-403').waitFor();
    await snap(page, 'platform-limits-forbidden');
    const statuses = await page.evaluate(async () => {
      const calls: Array<[string, string]> = [
        ['GET', '/tcm/global/conf/aggregation'],
        ['POST', '/tcm/global/conf/restrict/update/total/number/5'],
        ['POST', '/tcm/global/sensitive/list'],
        ['GET', '/tcm/v1/dashboard/alarm'],
        ['POST', '/tcm/v1/app/global-list'],
      ];
      const out: number[] = [];
      for (const [method, url] of calls) {
        const res = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        out.push(((await res.json()) as { status: number }).status);
      }
      return out;
    });
    expect(statuses).toEqual([1002, 1002, 1002, 1002, 1002]);
    expect((await restrict('total'))?.number).toBe(10);
    await page.context().close();
  });
});
