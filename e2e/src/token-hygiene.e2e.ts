import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { utcDay } from '@beacon/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@beacon/server/src/test/until';
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
 * Token hygiene and uninstalls in the browser (issue 32 §4). Four devices: 0 uninstalled at FCM from the start, 3 silent
 * for 40 days. The owner meets the card's error (nothing saved), sets "stale after 30 days", which a reload shows;
 * notification A then reaches 1 and 2, loses 0 to FCM's UNREGISTERED (an uninstall after no message) and 3 as a stale
 * token (loss 111, named in the detail's losses). Device 1 uninstalls; notification B finds it gone: an uninstall after
 * A. The statistics screen shows 2 uninstalls today, A with one and "no message before" with one; then in French.
 */

const OWNER = { email: 'hana@shop.example', password: 'Hana#2024xy' };
const PROJECT = 'hygiene-e2e-project';
const PKG = 'com.example.hygiene';
const content = {
  noti_type: 1,
  noti_title: 'Weekend deals',
  noti_desc: 'Up to 30% off',
  noti_small_icon: '/files/icon.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'shop://deals',
};

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
const tokens: string[] = [];
const ids = { A: 0, B: 0 };

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Tidy Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  });
  appId = app.appId;
  for (let i = 0; i < 4; i++)
    tokens.push(await registerDevice(beacon, emu, { sdkAuth: app.sdkAuth, projectId: PROJECT, pkg: PKG }, i));
  await beacon.database.query(
    `UPDATE devices SET last_active_at = now() - interval '40 days' WHERE app_id = $1 AND gaid = $2`,
    [appId, gaid(3)],
  );
  emu.unregisterDevice(tokens[0]!);
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

const card = () => page.getByTestId('token-hygiene-card');
const storedDays = async () =>
  Number(
    (await beacon.database.query<{ d: number }>('SELECT stale_days AS d FROM apps WHERE id = $1', [appId]))[0]
      ?.d,
  );

/** Saves and sends a notification to every device as the console does (the page's fetch); waits until it is sent. */
async function send(description: string): Promise<number> {
  const answer = await page.evaluate(
    async ([url, payload]) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await res.json()) as { status: number; data: { id: number } };
    },
    [
      `/tcm/v1/app/${appId}/msg/save`,
      { msgType: 1, data: content, title: description, pushCount: 4, targetingType: 0, scheduleType: 1 },
    ] as const,
  );
  expect(answer.status).toBe(200);
  const id = answer.data.id;
  await until(
    `${description} sent`,
    async () =>
      Number(
        (
          await beacon.database.query<{ s: number }>('SELECT status AS s FROM messages WHERE id = $1', [id])
        )[0]?.s,
      ),
    (s) => s === 1,
  );
  return id;
}

describe('token hygiene and uninstalls in the browser', () => {
  it('refuses a stale limit out of bounds at its field, then saves 30 days', async () => {
    await page.goto(`${beacon.url}/app/${appId}/config/project`);
    await card().getByText('Token hygiene', { exact: true }).waitFor();
    const days = card().getByLabel('Days without activity');
    expect(await days.inputValue()).toBe('0');
    await days.fill('10');
    await card()
      .getByRole('alert')
      .getByText('Days without activity must be 0 (off) or 30–270 days')
      .waitFor();
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    await card().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Correct the number of days first').waitFor();
    expect(await storedDays()).toBe(0);
    await snap(page, 'token-hygiene-error');

    await days.fill('30');
    await expect.poll(() => card().getByRole('alert').count()).toBe(0);
    const saved = page.waitForResponse((r) => r.url().endsWith('/token-hygiene/save'));
    await card().getByRole('button', { name: 'Save' }).click();
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);
    await page.getByText('Token hygiene saved').waitFor();
    expect(await storedDays()).toBe(30);
    await page.reload();
    await card().getByLabel('Days without activity').waitFor();
    await expect.poll(() => card().getByLabel('Days without activity').inputValue()).toBe('30');
  });

  it('leaves the stale device out with “Stale token” and counts the uninstalls', async () => {
    ids.A = await send('Deals A');
    expect(tokens.map((tok) => emu.inbox(tok).length)).toEqual([0, 1, 1, 0]);
    emu.unregisterDevice(tokens[1]!);
    ids.B = await send('Deals B');

    // A's losses name the stale token
    await page.goto(`${beacon.url}/app/${appId}/data/push`);
    await page.getByTestId(`title-${ids.A}`).click();
    await page.getByTestId('detail-figures').waitFor();
    await page.getByTestId('loss-trigger-dispatch').hover();
    const popover = page.getByTestId('loss-popover-dispatch');
    await popover.getByText('Targeted: 4').waitFor();
    expect(await popover.getByTestId('loss-111').textContent()).toBe('Stale token');
    expect(await popover.getByTestId('loss-1').textContent()).toBe('Uninstalled user');
    await snap(page, 'token-hygiene-loss');

    const today = utcDay();
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/project?start=${today}&end=${today}`);
    const panel = page.getByTestId('uninstalls');
    await panel.getByText('Uninstalls: 2').waitFor();
    const messages = page.getByTestId('uninstall-messages');
    const rowOf = (text: string) => messages.locator('tbody tr', { hasText: text });
    await expect
      .poll(() => rowOf('Deals A').locator('td').allInnerTexts())
      .toEqual([`Deals A #${ids.A}`, '1', '2', '50%']);
    expect(await rowOf('No message before').locator('td').nth(1).innerText()).toBe('1');
    expect(await rowOf('Deals B').count()).toBe(0);
    const csv = await panel.getByTestId('export-uninstalls').getAttribute('href');
    expect(csv).toBe(`/tcm/v1/app/${appId}/report/uninstalls/export?start=${today}&end=${today}`);
    await messages.scrollIntoViewIfNeeded();
    await snap(page, 'token-hygiene-uninstalls');
  }, 120_000);

  it('shows the uninstalls and the card in French', async () => {
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'Français' }).click();
    await page.getByTestId('uninstalls').getByText('Désinstallations : 2').waitFor();
    await page
      .getByTestId('uninstall-messages')
      .getByRole('heading', { name: 'Messages suivis de désinstallations' })
      .waitFor();
    await page.getByTestId('uninstall-messages').getByText('Aucun message avant (jamais atteint)').waitFor();
    await snap(page, 'token-hygiene-uninstalls-fr');

    await page.goto(`${beacon.url}/app/${appId}/config/project`);
    await card().getByText('Hygiène des jetons', { exact: true }).waitFor();
    const days = card().getByLabel('Jours sans activité');
    await days.fill('300');
    await card()
      .getByRole('alert')
      .getByText('Jours sans activité doit valoir 0 (désactivé) ou de 30 à 270 jours')
      .waitFor();
    await snap(page, 'token-hygiene-fr');
    expect(await storedDays()).toBe(30);
  });
});
