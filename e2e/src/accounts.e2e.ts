import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpCatcher } from '@beacon/server/src/test/smtp-catcher';
import { launchBrowser, onServer, snap, startBeacon, type RunningBeacon } from './harness';

let beacon: RunningBeacon;
let browser: Browser;

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  await beacon.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
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
}

describe('accounts in the browser', () => {
  it('registers, activates from the mailed link, signs in, switches to zh and fr, signs out', async () => {
    const page = await newPage();
    await page.goto(`${beacon.url}/register`);
    await page.fill('#email', 'maria@shop.example');
    await page.fill('#password', 'Maria#2024');
    await page.fill('#confirm', 'Maria#2024');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your mailbox').waitFor();
    await snap(page, 'accounts-registered');

    const mail = await beacon.smtp.take('maria@shop.example');
    expect(mail.subject).toBe('Activate your Beacon account');
    await page.goto(onServer(SmtpCatcher.link(mail), beacon.url));
    await page.getByText('Your account is active').waitFor();

    await signIn(page, 'maria@shop.example', 'Maria#2024');
    await page.waitForURL('**/dashboard');
    const tabs = page.getByTestId('dashboard-tabs');
    await tabs.getByText('Apps Group').waitFor();
    expect(await tabs.getByText('Users').count()).toBe(0);
    expect(await page.getByTestId('user-menu').innerText()).toContain('maria');

    await page.goto(`${beacon.url}/dashboard?lang=zh`);
    await page.getByText('应用分组').first().waitFor();
    await snap(page, 'accounts-dashboard-zh');
    await page.reload();
    await page.getByText('应用分组').first().waitFor();

    await page.goto(`${beacon.url}/dashboard?lang=fr`);
    await page.getByTestId('dashboard-tabs').getByText('Groupes d’applications').waitFor();
    await snap(page, 'accounts-dashboard-fr');

    await page.getByTestId('user-menu').click();
    await page.getByText('Se déconnecter').click();
    await page.waitForURL('**/login**');
    await page.goto(`${beacon.url}/dashboard`);
    await page.waitForURL('**/login**');
  });

  it('shows a clear error for a wrong password and stays on the sign-in page', async () => {
    const page = await newPage();
    await signIn(page, 'root@example.com', 'not-the-password');
    await page.getByText('Wrong e-mail or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await snap(page, 'accounts-wrong-password');
  });

  it('shows the error page for unknown paths without signing in', async () => {
    const page = await newPage();
    await page.goto(`${beacon.url}/no/such/page`);
    await page.getByText('Page not found').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await page.getByRole('button', { name: 'Go home' }).click();
    await page.waitForURL('**/login**');
  });

  it('lets a level-100 admin add an external user from the Users tab; that user does not see the tab', async () => {
    const page = await newPage();
    await signIn(page, 'root@example.com', 'Root#2024x');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('dashboard-tabs').getByText('Users').click();
    await page.waitForURL('**/users**');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#email').fill('agency@partner.example');
    await dialog.locator('#description').fill('Agency running our campaigns');
    await dialog.locator('#password').fill('short');
    await page.keyboard.press('Enter');
    await dialog
      .getByText(/8 to 20 characters/)
      .first()
      .waitFor();
    await dialog.locator('#password').fill('Agency#2024');
    await page.keyboard.press('Enter');
    await page.getByTestId('users-table').getByText('agency@partner.example').waitFor();
    await snap(page, 'accounts-users');

    const other = await newPage();
    await signIn(other, 'agency@partner.example', 'Agency#2024');
    await other.waitForURL('**/dashboard');
    await other.getByTestId('dashboard-tabs').getByText('Apps Group').waitFor();
    expect(await other.getByTestId('dashboard-tabs').getByText('Users').count()).toBe(0);
    await other.goto(`${beacon.url}/users`);
    await other.getByRole('button', { name: /dashboard/i }).waitFor();
    expect(await other.getByTestId('users-table').count()).toBe(0);
  });
});
