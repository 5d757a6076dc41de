import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '@beacon/server/src/modules/icon/png.fixture';
import { launchBrowser, snap, startBeacon, type RunningBeacon } from './harness';

let beacon: RunningBeacon;
let browser: Browser;
let appId = 0;
/** The lead's message routes: the send flows run once `msg/target/max` answers (404 → skipped). */
let routesReady = false;

const OWNER = { email: 'nora@shop.example', password: 'Nora#2024x' };

async function registerDevice(auth: string, gaid: string, language: string): Promise<void> {
  const res = await fetch(`${beacon.url}/sdk/v1/register`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      token: `tok-${gaid}`,
      gaid,
      country: 'NG',
      language,
      brand: 'Tecno',
      model: 'Spark 10',
      osVersion: 33,
      appVersion: '3.2.1',
      appVersionCode: 321,
      timezone: 'Africa/Lagos',
      notificationsEnabled: true,
    }),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
}

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  await beacon.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
  const [root] = await beacon.database.query<{ id: number }>(
    `SELECT id FROM users WHERE email = 'root@example.com'`,
  );
  const actor = (await beacon.users.resolveSession(
    await beacon.users.openSession(root!.id, { ip: '', userAgent: '' }),
  ))!.user;
  const ownerId = await beacon.users.save(
    { email: OWNER.email, source: 2, ulevel: 0, description: '', password: OWNER.password },
    actor,
  );
  const shop = await beacon.services.apps.create({
    title: 'Acme Shop',
    pkg: 'com.acme.shop',
    owner: { userId: ownerId, email: OWNER.email },
  });
  appId = shop.app.id;
  await beacon.database.query(
    `UPDATE apps SET multi_lang_enable = true, local_time_enable = true WHERE id = $1`,
    [appId],
  );
  const auth = `Basic ${Buffer.from(`${shop.app.appKey}:${shop.appSecret}`).toString('base64')}`;
  await registerDevice(auth, '38400000-8cf0-11bd-b23e-10b96e40000d', 'fr');
  await registerDevice(auth, '1b4e28ba-2fa1-11d2-883f-0016d3cca427', 'en');
  const probe = await fetch(`${beacon.url}/tcm/v1/app/${appId}/msg/target/max`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  routesReady = probe.status !== 404;
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

async function composePage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  await page.goto(`${beacon.url}/login`);
  await page.fill('#email', OWNER.email);
  await page.fill('#password', OWNER.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
  await page.getByRole('heading', { name: 'New notification' }).waitFor();
  return page;
}

const explain = (page: Page, id: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

describe('compose a notification in the browser', () => {
  it('lays out the form beside a live preview that follows the typing', async () => {
    const page = await composePage();
    await page.fill('#title', 'Half price on everything today');
    await page.fill('#desc', 'Only until midnight — tap to see the deals');
    expect(await page.getByTestId('push-preview-title').first().innerText()).toBe(
      'Half price on everything today',
    );
    await snap(page, 'compose-new');
    await page.getByText('Custom design').click();
    await page.fill('#button', 'Shop now');
    expect(await page.getByTestId('push-preview-button').innerText()).toBe('Shop…');
    await page
      .locator('#compose-content input[type=file]')
      .first()
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: makePng(96, 96) });
    await page.locator('#compose-content img').first().waitFor();
    await page.getByText('Expanded', { exact: true }).click();
    await snap(page, 'compose-custom');
  });

  it('shows each validation error at its field', async (ctx) => {
    if (!routesReady) ctx.skip();
    const page = await composePage();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await explain(page, 'description').getByText('Required').waitFor();
    await explain(page, 'title').getByText('Required').waitFor();
    await explain(page, 'desc').getByText('Required').waitFor();
    await explain(page, 'openContent').getByText('Required').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('description');

    await page.fill('#description', 'x'.repeat(100));
    await page.getByText('Open a link').first().click();
    await page.fill('#openContent', 'shop://sale');
    await explain(page, 'openContent').getByText('Must start with http:// or https://').waitFor();
    await page.fill('#openContent', 'https://acme.example/a b');
    await explain(page, 'openContent').getByText('Must not contain spaces').waitFor();
    await page.getByRole('button', { name: 'Add a button' }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByTestId('extra-button-0').getByText('Required').first().waitFor();
    await page.getByText('Long text').click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await explain(page, 'exText').getByText('Required').waitFor();

    await page.getByText('Specific devices').click();
    await page.fill('#userIdsText', '38400000-8cf0-11bd-b23e-10b96e40000d\nnot-a-gaid');
    await explain(page, 'userIdsText')
      .getByText(/Line 2 is not an advertising ID/)
      .waitFor();
    await page.getByText('Devices matching conditions').click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByText('Add at least one complete condition').waitFor();
    await page.getByText('Everyone').click();
    await page.fill('#pushCount', '999999');
    await explain(page, 'pushCount')
      .getByText(/At most the estimated audience/)
      .waitFor();

    await page.getByText('Later', { exact: true }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await explain(page, 'scheduleDate').getByText('Pick a date and time').waitFor();
    await page.locator('.ant-form-item', { hasText: 'Slow push' }).getByRole('switch').click();
    await page.fill('#speedLimit', '');
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByText('A whole number from 1000 to 10000').waitFor();
    await snap(page, 'compose-errors');
  });

  it('sends a custom-design notification with an extra button in two languages', async (ctx) => {
    if (!routesReady) ctx.skip();
    const page = await composePage();
    await page.fill('#description', 'Spring sale, day 1');
    await page.getByText('Custom design').click();
    await page
      .locator('#compose-content input[type=file]')
      .first()
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: makePng(96, 96) });
    await page.locator('#compose-content img').first().waitFor();
    await page.fill('#button', 'Shop now');
    await page.fill('#title', 'Half price today');
    await page.fill('#desc', 'Until midnight');
    await page.fill('#openContent', 'shop://sale');
    await page.getByRole('button', { name: 'Add a button' }).click();
    await page.getByRole('textbox', { name: 'Button 1 text' }).fill('Later');
    await page.getByRole('textbox', { name: 'Button 1 target' }).fill('shop://later');

    await page.locator('#multiLang').click();
    const languages = page.getByRole('combobox', { name: 'Languages' });
    await languages.click();
    await languages.fill('French');
    await page.locator('.ant-select-item-option', { hasText: '(fr)' }).first().click();
    await languages.fill('German');
    await page.locator('.ant-select-item-option', { hasText: '(de)' }).first().click();
    await page.keyboard.press('Escape');
    for (const [code, title, desc, button, extra] of [
      ['fr', 'Moitié prix', 'Jusqu’à minuit', 'Acheter', 'Plus tard'],
      ['de', 'Halber Preis', 'Bis Mitternacht', 'Kaufen', 'Später'],
    ] as const) {
      await page.getByRole('tab', { name: new RegExp(`\\(${code}\\)`) }).click();
      await page.fill(`#langContent_${code}_title`, title);
      await page.fill(`#langContent_${code}_desc`, desc);
      await page.fill(`#langContent_${code}_button`, button);
      await page.fill(`#langContent_${code}_buttonExtra_0`, extra);
    }
    await page.getByText('Estimated audience').first().waitFor();
    await expect.poll(async () => page.inputValue('#pushCount'), { timeout: 15_000 }).toBe('2');
    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This message will be pushed to about 2 devices.').waitFor();
    await snap(page, 'compose-confirm');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`**/app/${appId}/data/push`);
    const [row] = await beacon.database.query<{ title: string }>(
      `SELECT title FROM messages WHERE app_id = $1`,
      [appId],
    );
    expect(row?.title).toBe('Spring sale, day 1');
  });
});
