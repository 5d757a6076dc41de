import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Locator, Page } from 'playwright-core';
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
 * The app's frequency caps in the browser (issue 32 §3): the owner meets the card's errors (nothing saved), sets "at
 * most 1 notification in any 1 day", which outlives a reload; of two notifications composed in a row the first reaches
 * the three devices and the second none, its detail naming the loss "Frequency cap reached" for all three; the card in
 * French. The sends go through the compose screen, as an owner sends: its confirmation forecasts the cap's loss too.
 */

const OWNER = { email: 'carla@shop.example', password: 'Carla#2024x' };
const PROJECT = 'caps-e2e-project';
const PKG = 'com.example.caps';
const DEVICES = 3;

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
const tokens: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Capped Shop',
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

/** The caps the server holds, as stored. */
async function storedCaps(): Promise<unknown> {
  const [row] = await beacon.database.query<{ window_caps: unknown }>(
    'SELECT window_caps FROM apps WHERE id = $1',
    [appId],
  );
  return row?.window_caps;
}

/** Deliveries of message `id` in the emulator's inboxes of the app's devices. */
const deliveries = (id: number) =>
  tokens.flatMap((tok) =>
    emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id)),
  );

const card = () => page.getByTestId('window-caps-card');
const notifications = () => card().getByTestId('caps-notification');
/** The alerts of the cap whose field is labelled `label` (the innermost block with both): right below its inputs. */
const rowErrors = (label: string) =>
  notifications()
    .locator('div', { has: page.getByLabel(label, { exact: true }) })
    .filter({ has: page.getByRole('alert') })
    .last()
    .getByRole('alert');

async function openCaps(): Promise<void> {
  await page.goto(`${beacon.url}/app/${appId}/config/project`);
  await card().waitFor();
}

/**
 * The owner composes a notification to everyone and sends it, its confirmation forecasting `forecast.cap` devices lost
 * to the cap and `forecast.sends` sends; returns its id.
 */
async function sendNotification(
  description: string,
  forecast: { cap: string; sends: string },
): Promise<number> {
  await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
  await page.getByRole('heading', { name: 'New notification' }).waitFor();
  await page.fill('#description', description);
  await page.fill('#title', 'Half price on everything');
  await page.fill('#desc', 'Today only');
  await page.fill('#openContent', 'shop://sale');
  await expect.poll(() => page.inputValue('#pushCount')).toBe(String(DEVICES));
  await page.getByRole('button', { name: 'Review and send' }).click();
  const dialog = page.getByRole('dialog');
  // the forecast before send counts the devices the cap would drop (loss 110)
  const rows = dialog.getByTestId('confirm-forecast');
  // (the forecast is asked again as the dialog opens: its rows change once the answer is in)
  await expect
    .poll(() => rows.getByTestId('forecast-row-send').innerText())
    .toMatch(new RegExp(`Sends\\s+${forecast.sends}$`));
  if (forecast.cap === '0') expect(await rows.getByTestId('forecast-row-110').count()).toBe(0);
  else
    expect(await rows.getByTestId('forecast-row-110').innerText()).toMatch(
      new RegExp(`Frequency cap reached\\s+${forecast.cap}$`),
    );
  await snap(page, `window-caps-confirm-${forecast.sends}`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/msg/save'));
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = (await (await saved).json()) as { status: number; data: { id: number } };
  expect(answer.status).toBe(200);
  await page.waitForURL(`**/app/${appId}/data/push`);
  return answer.data.id;
}

const statusOf = async (id: number) =>
  Number(
    (await beacon.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [id]))[0]
      ?.status,
  );

/** The detail dialog's figures by label (Targeted, Push, Dispatched…), and the dispatch losses by code. */
async function detailOf(
  id: number,
): Promise<{ figures: Record<string, string>; losses: Map<number, number> }> {
  await page.goto(`${beacon.url}/app/${appId}/data/push`);
  await page.getByTestId(`title-${id}`).click();
  const figures = page.getByTestId('detail-figures');
  await figures.waitFor();
  const labels = await figures.locator('.ant-descriptions-item-label').allTextContents();
  const values = await figures.locator('.ant-descriptions-item-content').allTextContents();
  await page.getByTestId('loss-trigger-dispatch').hover();
  const popover = page.getByTestId('loss-popover-dispatch');
  await popover.getByText(/Targeted: \d+|Nothing was lost\./).waitFor();
  const losses = new Map<number, number>();
  for (const row of await popover.locator('tbody tr').all()) {
    const code = Number((await row.locator('[data-testid^="loss-"]').getAttribute('data-testid'))!.slice(5));
    losses.set(code, Number((await row.locator('td').nth(1).innerText()).replace(/\D/g, '')));
  }
  return { figures: Object.fromEntries(labels.map((l, i) => [l, values[i] ?? ''])), losses };
}

const count = (figure: string | undefined) => Number(/^[\d,]+/.exec(figure ?? '')?.[0]?.replace(/,/g, ''));

describe('frequency caps in the browser', () => {
  it('refuses a bad cap at its field and saves nothing', async () => {
    await openCaps();
    await notifications().getByText('No cap').waitFor();
    await card().getByRole('button', { name: 'Add a cap (Notifications)' }).click();
    const max = card().getByLabel('Notifications, cap 1: messages');
    const days = card().getByLabel('Notifications, cap 1: days');
    await max.fill('abc');
    await rowErrors('Notifications, cap 1: messages').getByText('Messages must be a whole number').waitFor();
    expect(await max.getAttribute('aria-invalid')).toBe('true');
    await max.fill('1');
    await days.fill('91');
    await rowErrors('Notifications, cap 1: days').getByText('Days must be at most 90').waitFor();
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    expect(await max.getAttribute('aria-invalid')).toBeNull();
    await snap(page, 'window-caps-error');
    // each kind's name lines up with the caps under it (its text, which a legend's default padding set 2 px right)
    const left = async (l: Locator) => (await l.boundingBox())!.x;
    expect(await left(notifications().locator('legend > *'))).toBe(await left(max));
    expect(await left(card().getByTestId('caps-cross').locator('legend > *'))).toBe(
      await left(card().getByTestId('caps-cross').getByText('No cap')),
    );

    const saves: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      if (r.url().endsWith('/window-caps/save')) saves.push(r.url());
    };
    page.on('request', onRequest);
    await card().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Correct the highlighted caps first').waitFor();
    page.off('request', onRequest);
    expect(saves).toEqual([]);
    expect(await storedCaps()).toEqual({ notification: [], cross: [] });
  });

  it('saves at most 1 notification in any 1 day, which a reload still shows', async () => {
    const days = card().getByLabel('Notifications, cap 1: days');
    await days.fill('1');
    await expect.poll(() => notifications().getByRole('alert').count()).toBe(0);
    const saved = page.waitForResponse((r) => r.url().endsWith('/window-caps/save'));
    await card().getByRole('button', { name: 'Save' }).click();
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);
    await page.getByText('Frequency caps saved').waitFor();
    await snap(page, 'window-caps-saved');
    expect(await storedCaps()).toEqual({ notification: [{ maxMessages: 1, windowDays: 1 }], cross: [] });

    await page.reload();
    await card().getByLabel('Notifications, cap 1: days').waitFor();
    expect(await card().getByLabel('Notifications, cap 1: messages').inputValue()).toBe('1');
    expect(await card().getByLabel('Notifications, cap 1: days').inputValue()).toBe('1');
    expect(await card().getByLabel('Notifications, cap 2: days').count()).toBe(0);
    await card().getByTestId('caps-cross').getByText('No cap').waitFor();
  });

  it('sends the first of two notifications to every device and drops all of the second at the cap', async () => {
    const first = await sendNotification('Sale, first', { cap: '0', sends: String(DEVICES) });
    await until(
      'the first reaches the three devices',
      async () => deliveries(first).length,
      (n) => n === DEVICES,
    );
    await until(
      'the first is sent',
      () => statusOf(first),
      (s) => s === 1,
    );

    const second = await sendNotification('Sale, second', { cap: String(DEVICES), sends: '0' });
    await until(
      'the second is done',
      () => statusOf(second),
      (s) => s === 1,
    );
    expect(deliveries(second)).toEqual([]);
    expect(deliveries(first)).toHaveLength(DEVICES);

    // the first: all targeted devices dispatched, nothing lost
    const one = await detailOf(first);
    expect(count(one.figures.Targeted)).toBe(DEVICES);
    expect(count(one.figures.Dispatched)).toBe(DEVICES);
    expect(one.losses.size).toBe(0);
    await page.getByTestId('loss-popover-dispatch').getByText('Nothing was lost.').waitFor();
    // the popover closes as the pointer leaves it, then Escape closes the dialog (records.e2e does the same)
    await page.mouse.move(5, 5);
    await page.getByTestId('loss-popover-dispatch').waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await page.getByTestId('message-detail-body').waitFor({ state: 'hidden' });

    // the second: none dispatched, every targeted device lost to the cap (loss 110)
    const two = await detailOf(second);
    const popover = page.getByTestId('loss-popover-dispatch');
    expect(await popover.getByTestId('loss-110').textContent()).toBe('Frequency cap reached');
    await popover.getByText(`Targeted: ${DEVICES}`).waitFor();
    expect(Object.fromEntries(two.losses)).toEqual({ 110: DEVICES });
    expect(count(two.figures.Targeted)).toBe(DEVICES);
    expect(count(two.figures.Dispatched)).toBe(0);
    const lost = [...two.losses.values()].reduce((a, b) => a + b, 0);
    expect(count(two.figures.Dispatched) + lost).toBe(count(two.figures.Targeted));
    await snap(page, 'window-caps-loss');
    // forecast vs actual: the cap's loss forecast and counted alike
    await page.mouse.move(5, 5);
    await popover.waitFor({ state: 'hidden' });
    const capRow = page.getByTestId('forecast-vs-actual').getByTestId('forecast-row-110');
    await expect
      .poll(() => capRow.innerText())
      .toMatch(new RegExp(`^Frequency cap reached\\s+${DEVICES}\\s+${DEVICES}$`));
    await page.getByTestId('forecast-vs-actual').scrollIntoViewIfNeeded();
    await snap(page, 'window-caps-forecast-vs-actual');
  }, 120_000);

  it('shows the card and its field errors in French', async () => {
    await openCaps();
    await card().getByLabel('Notifications, cap 1: days').waitFor();
    // the language switch in the header, as a reader changes it
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'Français' }).click();
    await card().getByText('Plafonds de fréquence', { exact: true }).waitFor();
    const days = card().getByLabel('Notifications, plafond 1 : jours');
    await days.fill('91');
    await rowErrors('Notifications, plafond 1 : jours').getByText('Jours doit valoir au plus 90').waitFor();
    await card().getByRole('button', { name: 'Ajouter un plafond (Messages transparents)' }).waitFor();
    await snap(page, 'window-caps-fr');
    // a reload keeps the stored choice, and nothing typed was saved
    await page.reload();
    await card().getByText('Plafonds de fréquence', { exact: true }).waitFor();
    expect(await card().getByLabel('Notifications, plafond 1 : jours').inputValue()).toBe('1');
    expect(await storedCaps()).toEqual({ notification: [{ maxMessages: 1, windowDays: 1 }], cross: [] });
  });
});
