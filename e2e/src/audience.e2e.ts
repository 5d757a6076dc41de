import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '@beacon/server/src/app';
import { loadConfig } from '@beacon/server/src/config';
import type { Database } from '@beacon/server/src/db/client';
import { openPglite } from '@beacon/server/src/test/pglite-template';
import { createMailer } from '@beacon/server/src/mail/mailer';
import type { BeaconApp } from '@beacon/server/src/app';
import { launchBrowser, registerSdkDevice, repoRoot, sdkAuthOf, snap } from './harness';
import path from 'node:path';

const consoleDist = process.env.BEACON_CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist');

let server: BeaconApp;
let database: Database;
let url: string;
let browser: Browser;
let appId: number;

beforeAll(async () => {
  database = await openPglite(inject('pgliteTemplate'));
  const config = loadConfig({
    BEACON_SECRET_KEY: 'ef'.repeat(32),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  server = await buildApp({
    config,
    database,
    consoleRoot: consoleDist,
    logger: false,
    mailer: createMailer(undefined, config.mailFrom, { info: () => undefined }),
  });
  url = await server.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
  await server.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
  const root = (await server.repos.users.findByEmail('root@example.com'))!;
  const { app, appSecret } = await server.services.apps.create({
    title: 'Shop',
    pkg: 'com.example.shop',
    owner: { userId: root.id, email: root.email },
  });
  appId = app.id;
  const auth = sdkAuthOf(app, appSecret);
  const fleet = [
    { country: 'NG', osVersion: 33 },
    { country: 'NG', osVersion: 30, language: 'pt-BR' },
    { country: 'NG', osVersion: 26 },
    { country: 'KE', osVersion: 34 },
  ];
  for (const [i, d] of fleet.entries()) await registerSdkDevice({ url }, auth, i + 1, d);
});
afterAll(async () => {
  await browser?.close();
  await server?.app.close();
  await database?.close();
});

async function pick(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('combobox', { name }).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').last().waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

describe('user groups in the browser', () => {
  it('builds a group with two conditions, sees its size, edits it and closes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.fill('#email', 'root@example.com');
    await page.fill('#password', 'Root#2024x');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');

    await page.goto(`${url}/app/${appId}/config/group`);
    await page.getByText('No user groups yet').waitFor();
    await page.getByRole('button', { name: 'New user group' }).click();
    await page.waitForURL('**/config/editgroup');
    await page.fill('#name', 'Nigeria recent Android');
    await pick(page, 'Condition 1 attribute', 'Country');
    await pick(page, 'Condition 1 values', 'Nigeria');
    await page.getByTestId('audience-size').getByText('Audience size: 3 devices').waitFor();
    await page.getByRole('button', { name: 'Add condition' }).click();
    await pick(page, 'Condition 2 attribute', 'Android version');
    await pick(page, 'Condition 2 operator', 'at least');
    await page.getByRole('spinbutton', { name: 'Condition 2 values Value' }).fill('30');
    await page.getByTestId('audience-size').getByText('Audience size: 2 devices').waitFor();
    await snap(page, 'audience-group-new');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await page.waitForURL('**/config/group');
    const row = page.getByTestId('user-groups-table').locator('tr', { hasText: 'Nigeria recent Android' });
    await row.getByText('Open').waitFor();
    expect(await row.locator('td').nth(2).innerText()).toBe('2');
    await snap(page, 'audience-group-list');

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL('**/config/editgroup?id=*');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await page.getByTestId('audience-size').getByText('Audience size: 2 devices').waitFor();
    // the form re-renders after each change (its watched values update asynchronously): poll the button's state
    const saveDisabled = () => save.isDisabled();
    expect(await saveDisabled()).toBe(true);
    await page.fill('#name', 'Nigeria recent Android!');
    await expect.poll(saveDisabled).toBe(false);
    await page.fill('#name', 'Nigeria recent Android');
    await expect.poll(saveDisabled).toBe(true);
    await page.locator('#open').click();
    await expect.poll(saveDisabled).toBe(false);
    await snap(page, 'audience-group-edit');
    await save.click();

    await page.waitForURL('**/config/group');
    const closed = page
      .getByTestId('user-groups-table')
      .locator('tr[data-closed="true"]', { hasText: 'Nigeria recent Android' });
    await closed.getByText('Closed').waitFor();
    expect(Number(await closed.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    await snap(page, 'audience-group-closed');
    await context.close();
  });
});
