import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { JourneyDetail } from '@beacon/shared';
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
 * Journeys under review in the browser (issue 15, canvas dialog mode 4): an operator (level 400) confirms two journeys
 * on an app that reviews; they wait at 11 and nothing is sent. The owner opens each from the review tab on its canvas:
 * runs the first (after the confirmation) and its entry step reaches the devices; rejects the second with a reason
 * (after the confirmation that nothing will be sent), and none of its steps is ever sent.
 */

const OWNER = { email: 'rosa@shop.example', password: 'Rosa#2024x' };
const OPERATOR = { email: 'omar@shop.example', password: 'Omar#2024x' };
const PROJECT = 'journeys-review-e2e-project';
const PKG = 'com.example.journeysreview';
const DEVICES = 3;
const REASON = 'The follow-up promises free shipping we no longer offer.';

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
  for (let i = 0; i < DEVICES; i++)
    tokens.push(await registerDevice(beacon, emu, { sdkAuth: app.sdkAuth, projectId: PROJECT, pkg: PKG }, i));
  operator = await signedInPage(browser, beacon.url, OPERATOR);
  owner = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

/** A call of the console's API with the session of `page`: its data, or an error naming the status. */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return (await res.json()) as { status: number; msg: string; data: unknown };
    },
    { method, path, body },
  );
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.msg}`);
  return answer.data as T;
}

const detail = (id: number) =>
  call<JourneyDetail>(owner, 'GET', `/tcm/v1/app/${appId}/msg/flow/canvas/${id}/detail`);

const step = (groupTag: string, title: string) => ({
  groupTag,
  msgType: 1,
  data: {
    noti_type: 1,
    noti_title: title,
    noti_desc: 'Free shipping on your first order',
    noti_small_icon: '/files/icon.png',
    noti_ex_type: 1,
    noti_open_type: 1,
    noti_open_content: 'shop://welcome',
  },
});

/** The operator saves a 2-step journey, waits for its estimate and confirms it: it waits for review (11). */
async function pendingJourney(title: string): Promise<number> {
  const saved = await call<{ id: number }>(operator, 'POST', `/tcm/v1/app/${appId}/msg/flow/canvas/save`, {
    msgType: 9,
    title,
    targetingType: 0,
    scheduleType: 1,
    childMsgs: [
      step('welcome', `${title}: welcome`),
      {
        ...step('reminder', `${title}: reminder`),
        displayConditions: { from: 'welcome', outcome: 'everyone', wait: { unit: 'hours', value: 1 } },
      },
    ],
  });
  await until(
    'the estimate',
    () => detail(saved.id),
    (d) => d.status === 18,
  );
  const confirmed = await call<{ status: number }>(
    operator,
    'POST',
    `/tcm/v1/app/${appId}/msg/flow/canvas/${saved.id}/approve`,
  );
  expect(confirmed.status).toBe(11);
  return saved.id;
}

/** Requests of message `id` the devices got. */
const deliveries = (id: number) =>
  tokens.flatMap((tok) =>
    emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id)),
  );

/** The owner opens the journey from the review tab: its canvas, in the reviewer's mode (4). */
async function openFromReviewTab(id: number): Promise<void> {
  await owner.goto(`${beacon.url}/app/${appId}/data/review`);
  await owner.getByTestId(`review-title-${id}`).click();
  await owner.waitForURL(`**/app/${appId}/message/editcanvas?id=${id}&act=view`);
  await owner.getByTestId('review-note').getByText('This journey waits for your review').waitFor();
  await owner.locator('.react-flow__node[data-id="step-2"]').waitFor();
}

describe('journeys under review in the browser', () => {
  it('the owner runs a journey from its canvas, opened from the review tab, and its entry step sends', async () => {
    const id = await pendingJourney('Spring welcome');
    const entry = (await detail(id)).childMsgs[0]!.msgId;
    await new Promise((r) => setTimeout(r, 1000));
    expect(deliveries(entry)).toEqual([]);

    await openFromReviewTab(id);
    await snap(owner, 'journey-review-mode4');
    await owner.getByTestId('journey-review-run').click();
    await owner.getByTestId('journey-run-confirm').getByText('Its entry step is sent now').waitFor();
    await owner.getByTestId('journey-run-ok').click();
    await owner.getByText('Journey run: its entry step is scheduled').waitFor();
    await until(
      'the entry step at every device',
      async () => deliveries(entry).length,
      (n) => n === DEVICES,
      30_000,
    );
    // the canvas leaves the review mode: no decisions once it runs
    await owner.getByTestId('journey-copy').waitFor();
    expect(await owner.getByTestId('journey-review-run').count()).toBe(0);
  }, 120_000);

  it('the owner rejects another with a reason, after confirming; none of its steps is ever sent', async () => {
    const id = await pendingJourney('Autumn welcome');
    await openFromReviewTab(id);
    await owner.getByTestId('journey-review-reject').click();
    const dialog = owner.getByTestId('journey-reject-dialog');
    await dialog.getByTestId('journey-reject-ok').click();
    await dialog.getByText('Give a reason for the rejection').waitFor();
    await dialog.getByTestId('journey-reject-reason').fill(REASON);
    await dialog.getByTestId('journey-reject-ok').click();
    await dialog.getByTestId('journey-reject-confirm').waitFor();
    await snap(owner, 'journey-review-reject-confirm');
    await dialog.getByTestId('journey-reject-ok').click();
    await owner.getByText('Journey rejected').waitFor();
    await owner.getByTestId('review-note').getByText(`Rejected by review: ${REASON}`).waitFor();

    const d = await detail(id);
    expect(d.status).toBe(12);
    expect(d.rejectReason).toBe(REASON);
    // the author reads the reason on the canvas too
    await operator.goto(`${beacon.url}/app/${appId}/message/editcanvas?id=${id}&act=view`);
    await operator.getByTestId('review-note').getByText(`Rejected by review: ${REASON}`).waitFor();
    await new Promise((r) => setTimeout(r, 2000));
    for (const s of (await detail(id)).childMsgs) expect(deliveries(s.msgId)).toEqual([]);
  }, 120_000);
});
