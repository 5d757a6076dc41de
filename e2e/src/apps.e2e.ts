import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '@beacon/server/src/test/fixtures/images';
import { serviceAccountJson } from '@beacon/server/src/test/fixtures/service-accounts';
import { launchBrowser, seedUser, snap, startBeacon, type RunningBeacon } from './harness';

let beacon: RunningBeacon;
let browser: Browser;

const MARIA = { email: 'maria@travel.example', password: 'Maria#2024' };

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  await seedUser(beacon, MARIA);
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

async function signIn(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${beacon.url}/login`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  return page;
}

describe('apps in the browser', () => {
  it('a new user creates their first app with a service-account JSON and a logo, sees it and opens its details', async () => {
    const page = await signIn(MARIA.email, MARIA.password);
    await page.getByTestId('apps-empty').waitFor();
    await snap(page, 'apps-empty');
    await page.getByRole('button', { name: 'Create your first app' }).click();
    const form = page.getByTestId('create-app-form');
    await form.waitFor();
    const jsonInput = form.locator('input[type=file][accept*=".json"]');
    const logoInput = form.locator('input[type=file][accept*=".png"]');

    // a JSON that is not a service account is refused, naming what is wrong
    await jsonInput.setInputFiles({
      name: 'wrong.json',
      mimeType: 'application/json',
      buffer: Buffer.from(serviceAccountJson({ type: 'authorized_user' })),
    });
    await form.getByText('must have "type": "service_account"').waitFor();
    await jsonInput.setInputFiles({ name: 'key.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await form.getByText('Only .json files are allowed').waitFor();
    // an oversize logo is refused before uploading, and so is one of the wrong size
    await logoInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([pngImage(120, 120, true), Buffer.alloc(10 * 1024)]),
    });
    await form.getByText('The image is too large: at most 50 KB').waitFor();
    await logoInput.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: pngImage(64, 64) });
    await form.getByText('The image must be 120×120 pixels').waitFor();
    await snap(page, 'apps-create-refused');

    await jsonInput.setInputFiles({
      name: 'travel-push.json',
      mimeType: 'application/json',
      buffer: Buffer.from(serviceAccountJson({ project_id: 'travel-push' })),
    });
    await form.getByTestId('appFireBaseJsonId-uploaded').getByText('travel-push', { exact: false }).waitFor();
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(120, 120) });
    await form.locator('img[src^="/files/"]').waitFor();
    await page.fill('#title', 'Maria Travel');
    await page.fill('#pkg', 'com.maria. travel');
    expect(await page.inputValue('#pkg')).toBe('com.maria.travel');
    await page.fill('#description', 'Trips and deals');
    await snap(page, 'apps-create-filled');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Create this app?' }).waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Create' }).click();
    await page.getByText('App “Maria Travel” created').waitFor();

    const card = page.getByTestId('app-card').filter({ hasText: 'Maria Travel' });
    await card.waitFor();
    expect(await card.getByText('com.maria.travel').count()).toBe(1);
    expect(await page.getByTestId('add-app-card').count()).toBe(1);
    await snap(page, 'apps-dashboard');

    await card.getByRole('button', { name: 'Messages Push' }).click();
    await page.waitForURL('**/message/editpush');
    const appId = /\/app\/(\d+)\//.exec(page.url())?.[1];
    expect(appId).toBeTruthy();
    await page.getByTestId('project-switcher').getByText('Maria Travel').waitFor();
    await page.getByTestId('app-sidebar').getByText('App Settings').click();
    await page.getByTestId('app-sidebar').getByText('App Details').click();
    await page.waitForURL('**/config/project');
    await page.getByTestId('app-details').waitFor();
    await page.getByTestId('service-account-card').getByText('travel-push', { exact: true }).waitFor();
    expect(await page.locator('#title').inputValue()).toBe('Maria Travel');
    await snap(page, 'apps-details');

    // the secret is shown only after a confirmation
    await page.getByRole('button', { name: 'Show secret' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Show secret' }).click();
    await page.getByTestId('app-secret').waitFor();

    // an unknown app gives a clear result with a way back
    await page.goto(`${beacon.url}/app/999999/message/editpush`);
    await page.getByText('You have no access to this app').waitFor();
    await snap(page, 'apps-no-access');
    await page.getByRole('button', { name: 'Back to dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('searches the list and opens the create dialog from ?act=new', async () => {
    const page = await signIn('root@example.com', 'Root#2024x');
    await page.getByTestId('app-card').first().waitFor();
    await page.getByRole('textbox', { name: 'Search apps by title or package' }).fill('nothing-like-this');
    await page.getByText('No app matches “nothing-like-this”').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('nothing-like-this');
    expect(await page.getByTestId('add-app-card').count()).toBe(0);
    await page.goto(`${beacon.url}/dashboard?act=new`);
    await page.getByTestId('create-app-form').waitFor();
    await snap(page, 'apps-act-new');
  });
});
