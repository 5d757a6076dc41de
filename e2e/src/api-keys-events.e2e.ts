import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { utcDay } from '@beacon/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  gaid,
  launchBrowser,
  registerDevice,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * API keys and custom events in the browser (issue 33 §2, §6). Two devices report `cart_abandoned` (device 0 twice,
 * device 1 once, with a number `price`). The owner creates a key, is told to pick a scope, picks statistics:read and
 * is shown the key once; the key reads the custom events report (3 events, 2 devices today) and is refused a send;
 * revoked after a confirmation, it is refused at once. The app's settings list the event name with its property type
 * and count, the analytics chart and table show today's figures; then in Chinese.
 */

const OWNER = { email: 'ines@cart.example', password: 'Ines#2024xy' };
const PROJECT = 'keys-e2e-project';
const PKG = 'com.example.cart';

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
let sdkAuth = '';
let secret = '';

async function track(
  i: number,
  events: Array<{ name: string; at?: number; properties?: Record<string, unknown> }>,
) {
  const res = await fetch(`${beacon.url}/sdk/v1/track`, {
    method: 'POST',
    headers: { authorization: sdkAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ gaid: gaid(i), events }),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
}

/** A call with the key, as the operator's own system makes it. */
async function withKey(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${beacon.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { http: res.status, json: (await res.json()) as { status: number; data?: unknown } };
}

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, { title: 'Cart', pkg: PKG, projectId: PROJECT });
  appId = app.appId;
  sdkAuth = app.sdkAuth;
  for (let i = 0; i < 2; i++) await registerDevice(beacon, emu, { sdkAuth, projectId: PROJECT, pkg: PKG }, i);
  const now = Date.now();
  await track(0, [
    { name: 'cart_abandoned', properties: { price: 12.5 } },
    { name: 'cart_abandoned', properties: { price: 3 }, at: now - 1000 },
  ]);
  await track(1, [{ name: 'cart_abandoned', properties: { price: 40 } }]);
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

const keys = () => page.getByTestId('api-keys-card');

describe('API keys and custom events in the browser', () => {
  it('creates a key shown once, which reads statistics, is refused a send, and is refused once revoked', async () => {
    await page.goto(`${beacon.url}/app/${appId}/config/project`);
    await keys().getByText('No API keys yet').waitFor();
    await keys().getByTestId('api-key-new').click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByTestId('api-key-name').fill('Warehouse sync');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Choose at least one scope').waitFor();
    await dialog.getByRole('checkbox', { name: /statistics:read/ }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = keys().getByTestId('api-key-secret');
    await shown.waitFor();
    secret = (await shown.innerText()).trim();
    expect(secret).toMatch(/^bk_live_[0-9A-Za-z]{32}$/);
    await keys().getByText('Copy the key now', { exact: false }).waitFor();
    await keys().locator('tbody tr', { hasText: 'Warehouse sync' }).getByText('statistics:read').waitFor();
    await snap(page, 'api-keys-created');

    const today = utcDay();
    const report = await withKey(
      'GET',
      `/tcm/v1/app/${appId}/report/custom-events?start=${today}&end=${today}`,
    );
    expect(report.json.status).toBe(200);
    const send = await withKey('POST', `/tcm/v1/app/${appId}/transactional/send`, {
      msgId: 1,
      to: { gaids: [gaid(0)] },
    });
    expect(send.http).toBe(403);

    await keys()
      .locator('tbody tr', { hasText: 'Warehouse sync' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    const confirm = page.getByRole('dialog', { name: /Revoke the key “Warehouse sync”/ });
    await confirm.getByRole('button', { name: /Revoke|OK/ }).click();
    await page.getByText('Key revoked').waitFor();
    expect(
      (await withKey('GET', `/tcm/v1/app/${appId}/report/custom-events?start=${today}&end=${today}`)).http,
    ).toBe(401);
  });

  it('lists the event name with its property type and count, and charts it by day', async () => {
    await page.reload();
    const card = page.getByTestId('custom-events-card');
    const row = card.locator('tbody tr', { hasText: 'cart_abandoned' });
    await row.waitFor();
    await row.getByText('price', { exact: false }).waitFor();
    await expect
      .poll(async () => {
        await page.reload();
        return card.locator('tbody tr', { hasText: 'cart_abandoned' }).innerText();
      })
      .toContain('3');
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'custom-events-card');

    const today = utcDay();
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?start=${today}&end=${today}`);
    const panel = page.getByTestId('custom-events');
    await panel.getByTestId('custom-event-name').waitFor();
    await panel.getByText('Table', { exact: true }).click();
    const cells = () =>
      panel.getByTestId('custom-events-table').locator('tbody tr', { hasText: today }).locator('td');
    await expect.poll(async () => (await cells().allInnerTexts()).slice(1)).toEqual(['3', '2']);
    expect(await panel.getByTestId('export-custom-events').getAttribute('href')).toBe(
      `/tcm/v1/app/${appId}/report/custom-events/export?start=${today}&end=${today}`,
    );
    await panel.scrollIntoViewIfNeeded();
    await snap(page, 'custom-events-panel');
  });

  it('shows both in Chinese', async () => {
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: '中文' }).click();
    await page.getByTestId('custom-events').getByText('自定义事件', { exact: true }).waitFor();
    await snap(page, 'custom-events-panel-zh');
    await page.goto(`${beacon.url}/app/${appId}/config/project`);
    await keys().getByText('API 密钥', { exact: true }).waitFor();
    await page.getByTestId('custom-events-card').getByText('自定义事件', { exact: true }).waitFor();
    await keys().scrollIntoViewIfNeeded();
    await snap(page, 'api-keys-zh');
  });
});
