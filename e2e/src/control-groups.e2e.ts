import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfMidnight } from '@beacon/server/src/test/statistics';
import {
  appOnEmulator,
  repoRoot,
  screenshotsDir,
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
 * The app's global control group in the browser (issue 34 §1): the owner meets the share's error (nothing saved), sets
 * 10 %, reads about how many devices are held out and downloads the members — exactly the devices of the server's
 * stable hash, computed here by hand; a notification composed in the console reaches everyone else, and its detail's
 * lift compares the two sides with the right counts; Statistics → User shows each side's active devices of the day;
 * and the card and the panel read in French.
 */

const OWNER = { email: 'nadia@shop.example', password: 'Nadia#2024x' };
const PROJECT = 'control-e2e-project';
const PKG = 'com.example.control';
const DEVICES = 40;
const SHARE = 10;

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
let sdkAuth = '';
const tokens: string[] = [];
/** Device indexes in the control group (by the server's rule) and not. */
let members: number[] = [];
let rest: number[] = [];
let msgId = 0;

/** The engine's bucket of a device for a seed: the first 31 bits of md5("seed:id") modulo 10,000. */
const bucketOf = (seed: string, deviceId: string) =>
  (parseInt(createHash('md5').update(`${seed}:${deviceId}`).digest('hex').slice(0, 8), 16) & 0x7fffffff) %
  10_000;

/** The console's English strings of a feature (apps/console/src/features/{feature}/i18n/en.json). */
const english = (feature: string) =>
  JSON.parse(
    readFileSync(path.join(repoRoot, `apps/console/src/features/${feature}/i18n/en.json`), 'utf8'),
  ) as Record<string, Record<string, Record<string, unknown>>>;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  await clearOfMidnight();
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Held-out Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  });
  ({ appId, sdkAuth } = app);
  for (let i = 0; i < DEVICES; i++)
    tokens.push(await registerDevice(beacon, emu, { sdkAuth, projectId: PROJECT, pkg: PKG }, i));
  const rows = await beacon.database.query<{ id: string; gaid: string }>(
    'SELECT id::text AS id, gaid::text AS gaid FROM devices WHERE app_id = $1',
    [appId],
  );
  const idOf = new Map(rows.map((r) => [r.gaid, r.id]));
  const all = Array.from({ length: DEVICES }, (_, i) => i);
  members = all.filter((i) => bucketOf(`control:${appId}`, idOf.get(gaid(i))!) < SHARE * 100);
  rest = all.filter((i) => !members.includes(i));
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

const card = () => page.getByTestId('control-group-card');
/** The share's field (the card's only text box). */
const shareInput = () => card().getByRole('textbox');
const panel = () => page.getByTestId('control-activity');
const stored = async () =>
  (
    await beacon.database.query<{ setting: unknown }>(
      'SELECT control_group AS setting FROM apps WHERE id = $1',
      [appId],
    )
  )[0]?.setting;

async function openCard(lang = 'en'): Promise<void> {
  await page.goto(`${beacon.url}/app/${appId}/config/project?lang=${lang}`);
  await card().waitFor();
  await card().scrollIntoViewIfNeeded();
}

async function heartbeat(i: number): Promise<void> {
  const res = await fetch(`${beacon.url}/sdk/v1/heartbeat`, {
    method: 'POST',
    headers: { authorization: sdkAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ gaid: gaid(i), notificationsEnabled: true }),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
}

/** snap, and (when screenshots are kept) `box` alone beside it as `{name}-box.png`, readable at a glance. */
async function snapBox(box: Locator, name: string): Promise<void> {
  await snap(page, name);
  if (process.env.BEACON_SCREENSHOTS !== '0')
    await box.screenshot({ path: path.join(screenshotsDir, `${name}-box.png`) });
}

/** Every English string of `strings` (its text before any placeholder) absent from `box`'s text. */
async function noEnglish(box: Locator, strings: Record<string, string>): Promise<void> {
  const text = await box.innerText();
  for (const [key, value] of Object.entries(strings)) {
    const fixed = value.split('{{')[0]!.trim();
    if (fixed.length > 3) expect(text, `${key}: “${fixed}”`).not.toContain(fixed);
  }
}

describe('the control group in the browser', () => {
  it('refuses a share above 10 % at the field, saving nothing', async () => {
    // the hash holds some of the devices out, and leaves enough of the others for the activity below
    expect(members.length).toBeGreaterThanOrEqual(2);
    expect(rest.length).toBeGreaterThanOrEqual(10);
    await openCard();
    expect(await card().getByTestId('control-group-members').innerText()).toBe(
      'No control group: every device can be sent campaigns',
    );
    expect(await shareInput().getAttribute('aria-label')).toBe('Share of devices');
    await shareInput().fill('11');
    const error = card().getByRole('alert');
    await expect.poll(() => error.innerText()).toBe('Share of devices must be a whole number from 0 to 10');
    expect(await shareInput().getAttribute('aria-invalid')).toBe('true');
    await card().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Correct the share first').waitFor();
    expect(await stored()).toEqual({ share: 0, exceptTransactional: true });
    await snapBox(card(), 'control-card-error');
  });

  it('saves 10 %, says about how many devices are held out, and exports exactly the members', async () => {
    await shareInput().fill(String(SHARE));
    await expect.poll(() => card().getByRole('alert').count()).toBe(0);
    await card().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Control group saved').waitFor();
    expect(await stored()).toMatchObject({ share: SHARE, exceptTransactional: true });
    // about: the share of the app's devices, not the hash's exact count
    await expect
      .poll(() => card().getByTestId('control-group-members').innerText())
      .toBe(`About ${Math.round((DEVICES * SHARE) / 100)} devices held out`);
    await snapBox(card(), 'control-card');

    const download = page.waitForEvent('download');
    await card().getByTestId('control-group-export').click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('gaid');
    expect(lines.slice(1).sort()).toEqual(members.map((i) => gaid(i)).sort());
  });

  it('sends a notification composed in the console to everyone but the members, and shows its lift', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush?lang=en`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    await page.fill('#description', 'Held-out campaign');
    await page.fill('#title', 'New arrivals');
    await page.fill('#desc', 'Fresh stock in every aisle');
    await page.fill('#openContent', 'shop://new');
    // the audience: every device, the members included (they are targeted, then held out)
    await expect.poll(() => page.inputValue('#pushCount')).toBe(String(DEVICES));
    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`**/app/${appId}/data/push`);
    const [row] = await beacon.database.query<{ id: number }>(
      'SELECT id::int AS id FROM messages WHERE app_id = $1',
      [appId],
    );
    msgId = row!.id;
    const status = page.locator('tr', { has: page.getByTestId(`title-${msgId}`) }).getByTestId('status-tag');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('1');
    const got = (i: number) =>
      emu
        .inbox(tokens[i]!)
        .some((m) => (m.message.data as Record<string, string>).tcm_msg_id === String(msgId));
    expect(Array.from({ length: DEVICES }, (_, i) => i).filter(got)).toEqual(rest);

    // app opens after the send: one member and four of the others
    for (const i of [members[0]!, ...rest.slice(0, 4)]) await heartbeat(i);
    await page.reload();
    await page.getByTestId(`title-${msgId}`).click();
    const lift = page.getByTestId('message-detail-body').getByTestId('control-lift');
    await lift.waitFor();
    const side = (label: string) =>
      lift
        .locator('.ant-descriptions-item', {
          has: page.locator('.ant-descriptions-item-label', { hasText: label }),
        })
        .locator('.ant-descriptions-item-content');
    await expect
      .poll(() => side('Sent (targeted, not held out)').innerText())
      .toMatch(new RegExp(`opened the app \\(4 of ${rest.length}\\)$`));
    expect(await side('Control group (held out)').innerText()).toMatch(
      new RegExp(`opened the app \\(1 of ${members.length}\\)$`),
    );
    expect(await lift.getByTestId('control-lift-value').innerText()).toMatch(/points \(95% interval/);
    await lift.scrollIntoViewIfNeeded();
    await snapBox(lift, 'control-lift');
    await page.keyboard.press('Escape');
  }, 90_000);

  it("shows each side's active devices of the day in Statistics → User", async () => {
    await clearOfMidnight();
    // every device last active two days ago: its next call today is its first of the day
    await beacon.database.query(
      `UPDATE devices SET last_active_at = now() - interval '2 days', app_active_at = now() - interval '2 days'
       WHERE app_id = $1`,
      [appId],
    );
    for (const i of [...members.slice(0, 2), ...rest.slice(0, 10)]) await heartbeat(i);
    const day = today();
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/user?start=${day}&end=${day}&lang=en`);
    const summary = panel().getByTestId('control-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toContain(`(10% of devices, ${members.length} today)`);
    expect(text).toContain(`against everyone else (${rest.length})`);
    await panel().scrollIntoViewIfNeeded();
    await snapBox(panel(), 'control-activity');

    await panel().getByTestId('view-switch').getByText('Table').click();
    const cells = panel()
      .getByTestId('control-table')
      .locator('tr.ant-table-row', { hasText: day })
      .locator('td');
    await expect
      .poll(() => cells.allInnerTexts())
      .toEqual([day, '2', expect.stringMatching(/%$/), '10', expect.stringMatching(/%$/)]);
    await snapBox(panel(), 'control-activity-table');
  });

  it('reads in French: the card and the panel', async () => {
    await openCard('fr');
    await card().getByText('Groupe témoin', { exact: true }).waitFor();
    await expect
      .poll(() => card().getByTestId('control-group-members').innerText())
      .toBe(`Environ ${Math.round((DEVICES * SHARE) / 100)} appareils exclus`);
    await card().getByText('Part des appareils', { exact: true }).waitFor();
    await card().getByTestId('control-group-export').getByText('Exporter les membres (CSV)').waitFor();
    expect(await shareInput().getAttribute('aria-label')).toBe('Part des appareils');
    await shareInput().fill('12');
    await expect.poll(() => card().getByRole('alert').innerText()).toMatch(/^Part des appareils /);
    await noEnglish(card(), english('apps').apps!.details!.control as Record<string, string>);
    expect(await card().innerText()).not.toMatch(/must be/);
    await snapBox(card(), 'control-card-fr');

    const day = today();
    await page.goto(`${beacon.url}/app/${appId}/statisticsData/user?start=${day}&end=${day}&lang=fr`);
    await panel().getByText('Activité du groupe témoin').waitFor();
    await expect.poll(() => panel().getByTestId('control-summary').innerText()).toMatch(/^Le groupe témoin /);
    await noEnglish(panel(), english('statistics').statistics!.control as Record<string, string>);
    await panel().getByTestId('view-switch').getByText('Tableau').click();
    await panel()
      .getByTestId('control-table')
      .getByRole('columnheader', { name: 'Groupe témoin : actifs' })
      .waitFor();
    await noEnglish(panel(), english('statistics').statistics!.control as Record<string, string>);
    await panel().scrollIntoViewIfNeeded();
    await snapBox(panel(), 'control-activity-fr');
  });
});
