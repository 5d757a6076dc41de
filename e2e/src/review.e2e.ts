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
 * Message review in the browser (issue 14 item 3, "How it is checked"): an operator (level 400) sends on a review app,
 * nothing goes out; the owner passes it in another browser context and it sends; a second one is rejected and its
 * author reads the reason.
 */

const OWNER = { email: 'rita@shop.example', password: 'Rita#2024x' };
const OPERATOR = { email: 'otto@shop.example', password: 'Otto#2024x' };
const PROJECT = 'review-e2e-project';
const PKG = 'com.example.review';
const REASON = 'The price in the title is wrong: it is 30 % off, not 50 %.';

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let operator: Page;
let owner: Page;
let appId = 0;
const tokens: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const operatorId = await seedUser(beacon, OPERATOR);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  });
  appId = app.appId;
  await beacon.database.query('UPDATE apps SET review_enable = true WHERE id = $1', [appId]);
  await beacon.database.query(
    'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 400, 0)',
    [appId, operatorId, OPERATOR.email],
  );
  for (let i = 0; i < 3; i++)
    tokens.push(await registerDevice(beacon, emu, { sdkAuth: app.sdkAuth, projectId: PROJECT, pkg: PKG }, i));
  operator = await signedInPage(browser, beacon.url, OPERATOR);
  owner = await signedInPage(browser, beacon.url, OWNER);
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

/** The operator composes and sends a notification; it waits for review (status 11). */
async function compose(description: string): Promise<number> {
  await operator.goto(`${beacon.url}/app/${appId}/message/editpush`);
  await operator.getByRole('heading', { name: 'New notification' }).waitFor();
  await operator.fill('#description', description);
  await operator.fill('#title', 'Half price on everything');
  await operator.fill('#desc', 'Today only');
  await operator.fill('#openContent', 'shop://sale');
  await expect.poll(() => operator.inputValue('#pushCount')).toBe('3');
  await operator.getByRole('button', { name: 'Review and send' }).click();
  const saved = operator.waitForResponse((r) => r.url().endsWith('/msg/save'));
  await operator.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click();
  const answer = (await (await saved).json()) as { status: number; data: { id: number; status: number } };
  expect(answer).toMatchObject({ status: 200, data: { status: 11 } });
  return answer.data.id;
}

describe('message review in the browser', () => {
  it('holds an operator’s message for review; the owner runs it from the review tab and it sends', async () => {
    const id = await compose('Weekend sale');
    await operator.waitForURL(`**/app/${appId}/data/push`);
    const row = operator.locator('tr', { has: operator.getByTestId(`title-${id}`) });
    expect(await row.getByTestId('status-tag').textContent()).toBe('Pending review');
    // the operator sees the review tab but not the decisions
    await operator.goto(`${beacon.url}/app/${appId}/data/review`);
    await operator.getByTestId(`review-title-${id}`).waitFor();
    expect(await operator.getByTestId(`run-${id}`).count()).toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(deliveries(id)).toEqual([]);

    await owner.goto(`${beacon.url}/app/${appId}/data/review`);
    await owner.getByTestId(`run-${id}`).click();
    await snap(owner, 'review-run');
    await owner.getByTestId('run-ok').click();
    await owner.getByText('Review passed').waitFor();
    await until(
      'sent to the three devices',
      async () => deliveries(id).length,
      (n) => n === 3,
    );
    await until(
      'status sent',
      async () =>
        (
          await beacon.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [id])
        )[0]?.status,
      (s) => s === 1,
    );
  }, 90_000);

  it('rejects a second one with a reason the operator reads in the message detail', async () => {
    const id = await compose('Wrong price');
    await owner.goto(`${beacon.url}/app/${appId}/data/review`);
    await owner.getByTestId(`reject-${id}`).click();
    const dialog = owner.getByTestId('reject-dialog');
    // as a reader would: the form is there before OK is pressed (a press during the opening had nothing to validate)
    await dialog.getByTestId('reject-reason').waitFor();
    await dialog.getByTestId('reject-ok').click();
    // the reason is required, at its field
    await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    await dialog.getByTestId('reject-reason').fill(REASON);
    await snap(owner, 'review-reject');
    await dialog.getByTestId('reject-ok').click();
    await owner.getByText('Rejected', { exact: true }).first().waitFor();

    await operator.goto(`${beacon.url}/app/${appId}/data/push`);
    const row = operator.locator('tr', { has: operator.getByTestId(`title-${id}`) });
    await expect.poll(() => row.getByTestId('status-tag').textContent()).toBe('Review rejected');
    await operator.getByTestId(`title-${id}`).click();
    const reason = operator.getByTestId('reject-reason');
    await reason.waitFor();
    expect(await reason.textContent()).toContain(REASON);
    await snap(operator, 'review-rejected-detail');
    expect(deliveries(id)).toEqual([]);
  }, 90_000);
});
