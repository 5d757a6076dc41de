import { generateFleetDevices } from '@beacon/fcm-emulator';
import { IMAGE_RULES } from '@beacon/shared';
import { demoSmallIcon } from '@beacon/server/src/sandbox/demo-icon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, startBeacon, type RunningBeacon, signedInPage } from './harness';

const OWNER = { email: 'owner@example.com', password: 'Owner#2024' };
const DEVICES = 120;

let beacon: RunningBeacon;
let browser: Browser;
let page: Page;
let appId: number;
/** The UTC offsets of the registered fleet (minutes), ascending. */
let offsets: number[] = [];

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const offsetLabel = (m: number) => {
  const abs = Math.abs(m);
  return `UTC${m < 0 ? '−' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};
/** The console's one date style in English (lib/date-format.ts): Intl's medium date and short time, read in UTC. */
const englishDateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
/** Spaces as spaces: ICU writes "9:00 AM" with a narrow no-break space, in Node and Chromium alike or not. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/gu, ' ');
/** 09:00 tomorrow as a wall time ("Dec 3, 2026, 9:00 AM"): how the list writes a local-time schedule. */
const nineTomorrow = englishDateTime.format(Date.parse(`${tomorrow}T09:00:00Z`));
/** 09:00 on the device's own clock tomorrow, as the UTC instant the console prints ("Dec 3, 2026, 12:00 AM UTC"). */
const runAtLabel = (offset: number) =>
  `${englishDateTime.format(Date.parse(`${tomorrow}T09:00:00Z`) - offset * 60_000)} UTC`;

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(OWNER.email, OWNER.password, 150);
  const [owner] = await beacon.database.query<{ id: number }>(
    'SELECT id::int AS id FROM users WHERE email = $1',
    [OWNER.email],
  );
  const { app, appSecret } = await beacon.services.apps.create({
    title: 'Demo Shop',
    pkg: 'com.example.demoshop',
    owner: { userId: owner!.id, email: OWNER.email },
  });
  appId = app.id;
  const icon = await beacon.services.files.storeImage(
    demoSmallIcon(),
    IMAGE_RULES.smallIcon,
    'icon',
    'demo-bell.png',
    owner!.id,
  );
  await beacon.database.query(
    'UPDATE apps SET local_time_enable = true, noti_small_icon = $2, noti_small_icon_color = $3 WHERE id = $1',
    [appId, icon.url, '#1A73E8'],
  );
  // the demo's simulated fleet: devices in many countries and time zones, registered through the device API
  const auth = `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`;
  const fleet = generateFleetDevices(DEVICES, 20_240_601);
  for (let k = 0; k < fleet.length; k += 20) {
    await Promise.all(
      fleet.slice(k, k + 20).map(async (d) => {
        const res = await fetch(`${beacon.url}/sdk/v1/register`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            token: d.token,
            gaid: d.gaid,
            ...d.attributes,
            notificationsEnabled: d.notificationsEnabled,
          }),
        });
        expect(((await res.json()) as { status: number }).status).toBe(200);
      }),
    );
  }
  offsets = (
    await beacon.database.query<{ o: number }>(
      'SELECT DISTINCT utc_offset_min AS o FROM devices WHERE app_id = $1 ORDER BY 1',
      [appId],
    )
  ).map((r) => Number(r.o));
  expect(offsets.length).toBeGreaterThanOrEqual(4);

  page = await signedInPage(browser, beacon.url, OWNER);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

describe('schedule a notification in each device’s local time', () => {
  let msgId = 0;

  it('composes it for 09:00 local time tomorrow and saves it', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    await page.fill('#description', 'Good morning, everywhere');
    await page.fill('#title', 'Your morning deals');
    await page.fill('#desc', 'Fresh offers, picked for you');
    await page.fill('#openContent', 'shop://deals');
    await page.getByText('Later, device local time').click();
    const date = page.locator('#scheduleDate');
    await date.click();
    await date.fill(`${tomorrow} 09:00`);
    await date.press('Enter');
    // Enter submits the form too: its confirmation opens once compose's checks (limit/check, msg/check) have
    // answered, so it is closed here rather than by an Escape pressed before it opens
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await date.inputValue()).toBe(`${tomorrow} 09:00`);
    // the zone is forced to +0000 for local time
    await page.getByText('Local time: each device receives it at this time in its own zone').waitFor();
    await expect.poll(async () => page.inputValue('#pushCount')).toBe(String(DEVICES));
    await snap(page, 'local-time-compose');
    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Push count: about ${DEVICES} devices.`, { exact: false }).waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/msg/save'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    const answer = (await (await saved).json()) as { status: number; data: { id: number; status: number } };
    expect(answer).toMatchObject({ status: 200, data: { status: 7 } });
    msgId = answer.data.id;
    await page.waitForURL(`**/app/${appId}/data/push`);
  });

  it('shows it in the list as waiting in local time (status 7)', async () => {
    const row = page.locator('tr', { has: page.getByTestId(`title-${msgId}`) });
    await row.waitFor();
    const status = row.getByTestId('status-tag');
    expect(await status.getAttribute('data-status')).toBe('7');
    expect(await status.textContent()).toBe('Waiting (local time)');
    expect(spaced(await row.textContent())).toContain(spaced(nineTomorrow));
    await snap(page, 'local-time-list');
  });

  it('shows one wave per UTC offset of the audience in the detail, each at 09:00 on its own clock', async () => {
    await page.getByTestId(`title-${msgId}`).click();
    const waves = page.getByTestId('waves');
    await waves.waitFor();
    await waves.getByText('Local-time waves').waitFor();
    // the test id sits on the table; its pager is a sibling inside the table's wrapper
    const pager = waves
      .locator('xpath=ancestor::div[contains(@class, "ant-table-wrapper")][1]')
      .locator('.ant-pagination');
    const seen: string[][] = [];
    for (;;) {
      const rows = waves.locator('tbody tr');
      for (const text of await rows.allInnerTexts()) seen.push(text.split('\t').map((c) => spaced(c.trim())));
      const next = pager.locator('.ant-pagination-next');
      if (
        (await next.count()) === 0 ||
        (await next.getAttribute('aria-disabled')) === 'true' ||
        (await next.getAttribute('class'))?.includes('disabled')
      )
        break;
      await next.click();
    }
    // the server orders waves by run time: the easternmost zone (largest offset) runs first
    const expected = [...offsets]
      .reverse()
      .map((o) => [offsetLabel(o), spaced(runAtLabel(o)), 'Waiting', '0']);
    expect(seen).toEqual(expected);
    if ((await pager.count()) > 0) await pager.locator('.ant-pagination-item-1').click();
    await waves.scrollIntoViewIfNeeded();
    await snap(page, 'local-time-waves');
    const stored = await beacon.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM message_waves WHERE message_id = $1 AND status = 0',
      [msgId],
    );
    expect(stored[0]?.n).toBe(offsets.length);
  });
});
