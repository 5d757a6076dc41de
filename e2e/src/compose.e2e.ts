import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '@beacon/server/src/test/fixtures/images';
import {
  launchBrowser,
  registerSdkDevice,
  sdkAuthOf,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
  fieldError,
} from './harness';

let beacon: RunningBeacon;
let browser: Browser;
let appId = 0;

const OWNER = { email: 'nora@shop.example', password: 'Nora#2024x' };

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  const ownerId = await seedUser(beacon, OWNER);
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
  const auth = sdkAuthOf(shop.app, shop.appSecret);
  await registerSdkDevice(beacon, auth, 1, { language: 'fr' });
  await registerSdkDevice(beacon, auth, 2);
  // notifications off: the confirmation's forecast says the send will lose it (loss 107)
  await registerSdkDevice(beacon, auth, 3, { notificationsEnabled: false });
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

async function composePage(): Promise<Page> {
  const page = await signedInPage(browser, beacon.url, OWNER, { timezoneId: 'Europe/Paris' });
  await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
  await page.getByRole('heading', { name: 'New notification' }).waitFor();
  return page;
}

const explain = fieldError;

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

  it('shows each validation error at its field', async () => {
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
      .getByText(/More than the estimated audience: \d{1,3}(,\d{3})* at most/)
      .waitFor();

    await page.getByText('Later', { exact: true }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await explain(page, 'scheduleDate').getByText('Pick a date and time').waitFor();
    await page.locator('.ant-form-item', { hasText: 'Slow push' }).getByRole('switch').click();
    await page.fill('#speedLimit', '');
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByText('A whole number from 1,000 to 10,000').waitFor();
    await snap(page, 'compose-errors');
  });

  it('sends a custom-design notification with an extra button in two languages', async () => {
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
    await expect.poll(async () => page.inputValue('#pushCount')).toBe('3');
    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Push count: about 3 devices.', { exact: false }).waitFor();
    // the forecast before send: the estimate, one row per loss reason, the expected sends
    const forecast = dialog.getByTestId('confirm-forecast');
    await forecast.getByTestId('forecast-audience').getByText('Audience: 3 devices').waitFor();
    expect(await forecast.getByTestId('forecast-row-107').innerText()).toMatch(/Notifications off\s+1$/);
    expect(await forecast.getByTestId('forecast-row-send').innerText()).toMatch(/Sends\s+2$/);
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
