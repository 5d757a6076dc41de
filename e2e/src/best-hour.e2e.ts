import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@beacon/server/src/test/until';
import {
  appOnEmulator,
  launchBrowser,
  registerDevice,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * Each device's best hour in the browser (issue 32 §2): the owner composes a notification for "each device's best
 * hour" with a control group of 20 %, the confirmation states how the best hours spread and when the sends are
 * expected to finish, every device gets it once its hour's wave is due, and the detail shows the control group
 * against the best-hour sends with the lift; the same screens in French.
 */

const OWNER = { email: 'bea@shop.example', password: 'Bea#2024xyz' };
const PROJECT = 'best-hour-e2e-project';
const PKG = 'com.example.besthour';
const DEVICES = 4;

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
let messageId = 0;
const tokens: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Hourly Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  });
  appId = app.appId;
  for (let i = 0; i < DEVICES; i++)
    tokens.push(await registerDevice(beacon, emu, { sdkAuth: app.sdkAuth, projectId: PROJECT, pkg: PKG }, i));
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

const deliveries = (id: number) =>
  tokens.flatMap((tok) =>
    emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id)),
  );

describe('best-hour sends in the browser', () => {
  it('composes a best-hour send with a control group, and the confirmation states the spread', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    await page.fill('#description', 'Evening deals');
    await page.fill('#title', 'Deals at your hour');
    await page.fill('#desc', 'Picked for you');
    await page.fill('#openContent', 'shop://deals');
    await expect.poll(() => page.inputValue('#pushCount')).toBe(String(DEVICES));
    await page.getByText("Each device's best hour", { exact: true }).click();
    // no date to pick: the control share instead, 10 % unless changed
    expect(await page.locator('#scheduleDate').count()).toBe(0);
    expect(await page.inputValue('#controlShare')).toBe('10');
    await page.fill('#controlShare', '20');
    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    const plan = dialog.getByTestId('forecast-best-hour');
    await expect
      .poll(() => plan.innerText())
      .toMatch(
        /devices get it at their best hour within 24 hours and about \d+ at once as the control group \(drawn at random when it is sent\); expected finish/,
      );
    await snap(page, 'best-hour-confirm');
    const saved = page.waitForResponse((r) => r.url().endsWith('/msg/save'));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = (await (await saved).json()) as { status: number; data: { id: number } };
    expect(answer.status).toBe(200);
    messageId = answer.data.id;
    const [row] = await beacon.database.query<{ type: number; share: number }>(
      'SELECT schedule_type AS type, control_share AS share FROM messages WHERE id = $1',
      [messageId],
    );
    expect(row).toEqual({ type: 4, share: 20 });
  }, 120_000);

  it('sends every device once its wave is due, and the detail shows the lift against the control group', async () => {
    // time passes: the best hours' waves are due now
    await beacon.database.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'message-wave' AND state = 'created'`,
    );
    await until(
      'every device got it',
      async () => deliveries(messageId).length,
      (n) => n === DEVICES,
      60_000,
    );
    await page.goto(`${beacon.url}/app/${appId}/data/push`);
    await page.getByTestId(`title-${messageId}`).click();
    const lift = page.getByTestId('best-hour-lift');
    await lift.getByText('Best hour against the control group').waitFor();
    await lift.getByText('Click-rate lift').waitFor();
    expect(await lift.getByTestId('best-hour-lift-value').innerText()).toMatch(/points \(95% interval/);
    await snap(page, 'best-hour-detail');
  }, 120_000);

  it('shows the schedule option and the lift in French', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    // the language switch in the header, as a reader changes it
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'Français' }).click();
    await page.getByText('Meilleure heure de chaque appareil', { exact: true }).click();
    await page.getByText('Groupe témoin', { exact: true }).waitFor();
    await snap(page, 'best-hour-fr');
    await page.goto(`${beacon.url}/app/${appId}/data/push`);
    await page.getByTestId(`title-${messageId}`).click();
    await page.getByTestId('best-hour-lift').getByText('Gain du taux de clic').waitFor();
    await snap(page, 'best-hour-detail-fr');
  }, 120_000);
});
