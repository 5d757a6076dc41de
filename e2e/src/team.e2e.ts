import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpCatcher } from '@beacon/server/src/test/smtp-catcher';
import { makePng } from '@beacon/server/src/test/fixtures/images';
import { launchBrowser, onServer, seedUser, snap, startBeacon, type RunningBeacon } from './harness';

let beacon: RunningBeacon;
let browser: Browser;
let appId = 0;
let appAuth = '';

const OWNER = { email: 'owen@shop.example', password: 'Owen#2024x' };
const MATE = { email: 'tess@shop.example', password: 'Tess#2024x' };
const GAID = '5f2b6c1e-3d4a-4b8c-9e0f-a1b2c3d4e5f6';

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  const ownerId = await seedUser(beacon, OWNER);
  const created = await beacon.services.apps.create({
    title: 'Owen Shop',
    pkg: 'com.owen.shop',
    owner: { userId: ownerId, email: OWNER.email },
  });
  appId = created.app.id;
  appAuth = `Basic ${Buffer.from(`${created.app.appKey}:${created.appSecret}`).toString('base64')}`;
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${beacon.url}/login`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
}

/** Calls the API from the page (its session cookie) and answers the envelope status. */
async function apiStatus(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ([p, b]) =>
      (
        (await (
          await fetch(p, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(b),
          })
        ).json()) as { status: number }
      ).status,
    [path, body] as const,
  );
}

describe('team, test devices and the notification icon', () => {
  let mate: Page;

  it('an owner invites a teammate as tester; the teammate creates an account from the mail and joins', async () => {
    const owner = await newPage();
    await signIn(owner, OWNER.email, OWNER.password);
    await owner.goto(`${beacon.url}/app/${appId}/config/operate`);
    const table = owner.getByTestId('team-table');
    await table.getByText(OWNER.email).waitFor();
    await owner.getByRole('button', { name: 'Invite teammate' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(MATE.email);
    await dialog.getByLabel('Role').click();
    await owner.locator('.ant-select-item-option', { hasText: 'Tester' }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText(`Invitation sent to ${MATE.email}`).waitFor();
    const row = table.locator('tr', { hasText: MATE.email });
    await row.getByText('Invited').waitFor();
    expect(await row.getByText('Tester').count()).toBe(1);
    await snap(owner, 'team-invited');

    const mail = await beacon.smtp.take(MATE.email);
    expect(mail.text).toContain('Owen Shop');
    const link = onServer(SmtpCatcher.link(mail), beacon.url);
    expect(new URL(link).pathname).toBe('/invite');

    mate = await newPage();
    await mate.goto(link);
    await mate.getByText('Join Owen Shop').waitFor();
    await mate.fill('#password', MATE.password);
    await mate.fill('#confirm', MATE.password);
    await snap(mate, 'team-invite-page');
    await mate.getByRole('button', { name: 'Create account and join' }).click();
    await mate.waitForURL(`**/app/${appId}/message/editpush`);

    // the link is single use
    const again = await newPage();
    await again.goto(link);
    await again.getByText('This invitation cannot be used').waitFor();

    await owner.reload();
    await row.getByText('Active').waitFor();
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    expect(
      await table
        .locator('tr', { hasText: OWNER.email })
        .getByRole('button', { name: 'Change owner' })
        .count(),
    ).toBe(1);
  });

  it('as a tester the teammate cannot open group or project settings, and the server refuses team actions', async () => {
    await mate.goto(`${beacon.url}/app/${appId}/config/group`);
    await mate.waitForURL(`**/app/${appId}/message/editpush`);
    await mate.goto(`${beacon.url}/app/${appId}/config/project`);
    await mate.waitForURL(`**/app/${appId}/message/editpush`);

    await mate.goto(`${beacon.url}/app/${appId}/config/operate`);
    const table = mate.getByTestId('team-table');
    await table.getByText(OWNER.email).waitFor();
    expect(await mate.getByRole('button', { name: 'Invite teammate' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await table.getByText('Actions').count()).toBe(0);
    await snap(mate, 'team-as-tester');
    expect(
      await apiStatus(mate, `/tcm/v1/app/${appId}/operator/create`, { email: 'x@shop.example', ulevel: 400 }),
    ).toBe(1002);
    expect(await apiStatus(mate, `/tcm/v1/app/${appId}/operator/delete`, { id: 1 })).toBe(1002);
  });

  it('the tester adds a test device: invalid until the device registers with the app', async () => {
    await mate.goto(`${beacon.url}/app/${appId}/config/device`);
    await mate.getByText('No test device yet').waitFor();
    await mate.getByRole('button', { name: 'Add test device' }).click();
    await mate.waitForURL('**/config/deviceedit');
    await mate.getByText('Add a test device').waitFor();
    await mate.fill('#name', 'Tess Pixel');
    await mate.fill('#gaid', 'not-a-gaid');
    await mate.getByRole('button', { name: 'Save' }).click();
    await mate.getByText('A GAID is 8-4-4-4-12 hexadecimal digits').waitFor();
    await mate.fill('#gaid', GAID.toUpperCase());
    await mate.getByRole('button', { name: 'Save' }).click();
    await mate.waitForURL('**/config/device');
    const row = mate.getByTestId('test-devices-table').locator('tr', { hasText: 'Tess Pixel' });
    await row.getByText(GAID).waitFor();
    await row.getByText('Invalid').waitFor();
    await snap(mate, 'team-test-device-invalid');

    const res = await fetch(`${beacon.url}/sdk/v1/register`, {
      method: 'POST',
      headers: { authorization: appAuth, 'content-type': 'application/json' },
      body: JSON.stringify({
        token: 'tok-tess',
        gaid: GAID,
        country: 'FR',
        language: 'fr',
        brand: 'Google',
        model: 'Pixel 8',
        osVersion: 34,
        appVersion: '1.0.0',
        appVersionCode: 1,
        timezone: 'Europe/Paris',
        notificationsEnabled: true,
      }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(200);
    await expect
      .poll(
        async () => {
          await mate.reload();
          await row.waitFor();
          return row.getByText('Valid', { exact: true }).count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
  });

  it('sets the notification icon and colour (upper-cased as typed) and previews it', async () => {
    await mate.goto(`${beacon.url}/app/${appId}/config/icon`);
    await mate.getByText('Preview on Android').waitFor();
    expect(await mate.getByLabel('Colour').isDisabled()).toBe(true);
    await mate
      .locator('input[type=file]')
      .setInputFiles({ name: 'bell.png', mimeType: 'image/png', buffer: makePng(64, 64) });
    await mate.getByText('The icon must be 60×60 pixels').waitFor();
    await mate
      .locator('input[type=file]')
      .setInputFiles({ name: 'bell.png', mimeType: 'image/png', buffer: makePng(60, 60) });
    await mate.getByTestId('icon-current').locator('img').waitFor();
    const colour = mate.getByLabel('Colour');
    await colour.fill('');
    await colour.pressSequentially('#1a73e8');
    expect(await colour.inputValue()).toBe('#1A73E8');
    await mate.getByRole('button', { name: 'Save' }).click();
    await mate.getByText('Notification icon saved').waitFor();
    const glyph = mate.getByTestId('icon-preview').getByTestId('icon-preview-glyph').nth(1);
    expect(await glyph.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(26, 115, 232)');
    await snap(mate, 'team-icon');
    await mate.reload();
    expect(await mate.getByLabel('Colour').inputValue()).toBe('#1A73E8');
  });
});
