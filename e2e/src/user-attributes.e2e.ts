import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  gaid,
  launchBrowser,
  registerSdkDevice,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * Users and attributes in the browser (issue 33 §1): two devices of one app name their user and set attributes through
 * the device API; the owner finds them on the app details' "User attributes" card (types, limits), deletes one after
 * confirming (gone from the card and from the user), and troubleshooting shows a device's user and attributes.
 */

const OWNER = { email: 'ines@shop.example', password: 'Ines#2024x' };

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
let sdkAuth = '';

const sdk = async (path: string, body: object) => {
  const res = await fetch(`${beacon.url}/sdk/v1/${path}`, {
    method: 'POST',
    headers: { authorization: sdkAuth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
};

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Attribute Shop',
    pkg: 'com.example.attributes',
    projectId: 'attributes-e2e-project',
  });
  appId = app.appId;
  sdkAuth = app.sdkAuth;
  for (const i of [1, 2]) await registerSdkDevice(beacon, sdkAuth, i);
  await sdk('user', { gaid: gaid(1), externalId: 'user-8812' });
  await sdk('user', { gaid: gaid(2), externalId: 'user-8812' });
  await sdk('attributes', {
    gaid: gaid(1),
    attributes: { plan: 'gold', score: 12.5, vip: true, birthday: '1990-05-17', tags: ['shoes', 'bags'] },
  });
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

describe('user attributes', () => {
  it('lists the app’s attributes with their types and the limits', async () => {
    await page.goto(`${beacon.url}/app/${appId}/config/project`);
    const card = page.getByTestId('attributes-card');
    await card.getByText('plan', { exact: true }).waitFor();
    const rows = await card.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t').slice(0, 2).join(' '))).toEqual([
      'birthday Date',
      'plan Text',
      'score Number',
      'tags List of texts',
      'vip Yes/no',
    ]);
    expect(await card.getByTestId('attributes-limits').innerText()).toMatch(
      /^5 of 100 attributes\..* 1 user\.$/,
    );
    await snap(page, 'user-attributes-card');
  });

  it('deletes an attribute after confirmation: gone from the card and from the user', async () => {
    const card = page.getByTestId('attributes-card');
    await card.locator('tbody tr', { hasText: 'score' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('Delete the attribute score?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.getByText('score', { exact: true }).count()).toBe(0);
    const [user] = await beacon.database.query<{ attributes: Record<string, unknown> }>(
      `SELECT attributes FROM app_users WHERE app_id = $1 AND external_id = 'user-8812'`,
      [appId],
    );
    expect(user?.attributes).toEqual({
      plan: 'gold',
      vip: true,
      birthday: '1990-05-17T00:00:00.000Z',
      tags: ['shoes', 'bags'],
    });
  });

  it('troubleshooting shows the device’s user and attributes (the other device of the same user)', async () => {
    await page.goto(`${beacon.url}/app/${appId}/troubleshooting/equipment`);
    await page.fill('#instanceId', gaid(2));
    await page.getByRole('button', { name: 'Look up' }).click();
    const result = page.getByTestId('instance-result');
    await result.waitFor();
    await result.getByText('user-8812').waitFor();
    expect(await result.getByTestId('instance-attributes').innerText()).toContain('plan gold');
    await snap(page, 'user-attributes-troubleshooting');
  });
});
