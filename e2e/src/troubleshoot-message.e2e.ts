import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  gaid,
  launchBrowser,
  registerDevice,
  snap,
  startBeacon,
  type RunningBeacon,
  signedInPage,
} from './harness';

const PROJECT = 'shop-project';
const PKG = 'com.example.shop';
const OWNER = { email: 'owner@example.com', password: 'Owner#2024' };
// 0 NG gets it and reacts · 1 NG notifications off · 2 FR banned for the app (104) · 3 KE
const FLEET = [
  { country: 'NG', on: true },
  { country: 'NG', on: false },
  { country: 'FR', on: true },
  { country: 'KE', on: true },
];

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId: number;
let sdkAuth: string;

async function statusOf(id: number): Promise<number> {
  const [row] = await beacon.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [
    id,
  ]);
  return Number(row?.status);
}

async function lookUp(i: number): Promise<void> {
  await page.fill('#instanceId', gaid(i));
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByTestId('instance-result').waitFor();
}

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(OWNER.email, OWNER.password, 150);
  ({ appId, sdkAuth } = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  }));
  await beacon.database.query(`INSERT INTO app_forbidden_countries (app_id, country) VALUES ($1, 'FR')`, [
    appId,
  ]);
  for (const [i, d] of FLEET.entries()) {
    await registerDevice(beacon, emu, { sdkAuth, projectId: PROJECT, pkg: PKG }, i, {
      country: d.country,
      notificationsEnabled: d.on,
    });
  }
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

describe('troubleshoot one message for one device', () => {
  let msgId = 0;

  it('composes a send to everyone; the forbidden-country dialog lists France, and Continue sends it', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    await page.fill('#description', 'Weekend sale');
    await page.fill('#title', 'Weekend sale');
    await page.fill('#desc', 'Half price until Sunday');
    await page.fill('#openContent', 'shop://sale');
    await expect.poll(async () => page.inputValue('#pushCount')).toBe('4');
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    const forbidden = page.getByRole('dialog', { name: 'Sending is forbidden in part of the audience' });
    await forbidden.waitFor();
    const france = forbidden.getByTestId('forbidden-FR');
    expect(await france.innerText()).toMatch(
      /France \(FR\)[\s\S]*All day[\s\S]*App country blocked[\s\S]*1 device/,
    );
    expect(await beacon.database.query('SELECT id FROM messages WHERE app_id = $1', [appId])).toHaveLength(0);
    await snap(page, 'troubleshoot-forbidden-dialog');
    const saved = page.waitForResponse((r) => r.url().endsWith('/msg/save'));
    await forbidden.getByRole('button', { name: 'Continue' }).click();
    const answer = (await (await saved).json()) as { status: number; data: { id: number } };
    expect(answer.status).toBe(200);
    msgId = answer.data.id;
    await page.waitForURL(`**/app/${appId}/data/push`);
    await expect.poll(() => statusOf(msgId), { timeout: 30_000 }).toBe(1);
    const ts = Date.now();
    const events = ['received', 'shown', 'clicked'].map((type) => ({ type, msgId, ts }));
    const res = await fetch(`${beacon.url}/sdk/v1/events`, {
      method: 'POST',
      headers: { authorization: sdkAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ gaid: gaid(0), events }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(200);
  });

  it('traces the sent device: targeted, passed, FCM accepted it with its message name, and the events', async () => {
    await page.goto(`${beacon.url}/app/${appId}/troubleshooting/equipment`);
    await page.getByRole('button', { name: 'Look up' }).waitFor();
    await lookUp(0);
    const card = page.getByTestId('message-trace-card');
    await card.locator('#msgId').fill(String(msgId));
    await card.getByRole('button', { name: 'Trace' }).click();
    const trace = page.getByTestId('message-trace');
    await trace.getByText('Sent: FCM accepted the message for this device').waitFor();
    // events are stored in batches: refresh the trace until the click is in
    for (let i = 0; i < 20 && !(await trace.innerText()).includes('Clicked ·'); i++) {
      await page.getByTestId('message-trace-card').getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(500);
    }
    const text = await trace.innerText();
    expect(text).toMatch(/projects\/shop-project\/messages\/\S+/);
    expect(text).toMatch(/Received · \d{4}-\d\d-\d\d/);
    expect(text).toContain('Shown ·');
    expect(page.url()).toContain(`msgId=${msgId}`);
    await trace.scrollIntoViewIfNeeded();
    await snap(page, 'troubleshoot-message-sent');
  });

  it('names the policy that dropped the French device and the filter that dropped the muted one', async () => {
    await lookUp(2);
    const trace = page.getByTestId('message-trace');
    await trace.getByText('Dropped before sending: App country blocked (code 104)').waitFor();
    expect(await trace.innerText()).toContain('Country banned for this app');
    await trace.scrollIntoViewIfNeeded();
    await snap(page, 'troubleshoot-message-dropped');
    await lookUp(1);
    await trace.getByText('Dropped before sending: Notifications off (code 107)').waitFor();
  });

  it('says which condition a device outside the audience fails', async () => {
    const saved = await page.evaluate(
      async ([url, payload]) =>
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(payload),
          })
        ).json()) as { status: number; data: { id: number } },
      [
        `/tcm/v1/app/${appId}/msg/save`,
        {
          msgType: 1,
          title: 'Nigeria only',
          pushCount: 1,
          targetingType: 1,
          scheduleType: 1,
          conditions: [{ label: 'country', op: 'in', values: ['NG'], allSelected: 0 }],
          data: {
            noti_type: 1,
            noti_title: 'Hello Lagos',
            noti_desc: 'Deals near you',
            noti_small_icon: '/files/x.png',
            noti_ex_type: 1,
            noti_open_type: 1,
            noti_open_content: 'shop://ng',
          },
        },
      ] as const,
    );
    expect(saved.status).toBe(200);
    await lookUp(3);
    const card = page.getByTestId('message-trace-card');
    await card.locator('#msgId').fill(String(saved.data.id));
    await card.getByRole('button', { name: 'Trace' }).click();
    const trace = page.getByTestId('message-trace');
    await trace.getByText('Not targeted: this device is not in the message’s audience').waitFor();
    await trace.getByText('country in NG').waitFor();
    await snap(page, 'troubleshoot-message-not-targeted');
  });

  it('says so for an unknown message id, and speaks Chinese', async () => {
    const card = page.getByTestId('message-trace-card');
    await card.locator('#msgId').fill('999999');
    await card.getByRole('button', { name: 'Trace' }).click();
    await page.getByTestId('trace-no-message').getByText('No message with id 999999 in this app.').waitFor();
    await page.goto(
      `${beacon.url}/app/${appId}/troubleshooting/equipment?id=${gaid(2)}&msgId=${msgId}&lang=zh`,
    );
    await page.getByTestId('message-trace').getByText('发送前被拦截：应用国家被屏蔽 (代码 104)').waitFor();
    await snap(page, 'troubleshoot-message-zh');
  });
});
