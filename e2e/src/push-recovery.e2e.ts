import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The app's missed-push recovery in the browser (issue 32 §1): the owner turns it on, meets the shared rule's error on
 * a bound out of range (nothing saved), saves bounds that outlive a reload; the card and its errors in French. Then a
 * notification reaches one device at once and one only through recovery (its heartbeat, then its recovered receipt):
 * the message detail shows the one recovered delivery as a part of reach — in French and English for the owner (the
 * message's figures), in the funnel for a super admin — beside the dispatch losses and by brand and model.
 */

const OWNER = { email: 'rita@shop.example', password: 'Rita#2024x' };
const ROOT = { email: 'root@example.com', password: 'Root#2024x' };
const PROJECT = 'recovery-e2e-project';
const PKG = 'com.example.recovery';

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
let sdkAuth = '';

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Recovering Shop',
    pkg: PKG,
    projectId: PROJECT,
  });
  appId = app.appId;
  sdkAuth = app.sdkAuth;

  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

async function stored(): Promise<unknown> {
  const [row] = await beacon.database.query<{ push_recovery: unknown }>(
    'SELECT push_recovery FROM apps WHERE id = $1',
    [appId],
  );
  return row?.push_recovery;
}

const card = () => page.getByTestId('push-recovery-card');

describe('missed-push recovery in the browser', () => {
  it('turns recovery on with its bounds, refusing one out of range', async () => {
    await page.goto(`${beacon.url}/app/${appId}/config/project`);
    await card().getByText('Missed-push recovery', { exact: true }).waitFor();
    expect(await card().getByLabel('At most per app open').inputValue()).toBe('3');
    await card().getByRole('switch', { name: 'Recover missed notifications' }).click();
    await card().getByLabel('At most per app open').fill('11');
    await card()
      .getByRole('alert')
      .getByText('At most per app open must be a whole number from 1 to 10')
      .waitFor();
    await card().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Correct the highlighted fields first').waitFor();
    expect(await stored()).toEqual({ enabled: false, maxAgeHours: 12, maxCount: 3 });
    await card().getByLabel('At most per app open').fill('5');
    await card().getByLabel('At most hours old').fill('6');
    const saved = page.waitForResponse((r) => r.url().endsWith('/push-recovery/save'));
    await card().getByRole('button', { name: 'Save' }).click();
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);
    await page.getByText('Missed-push recovery saved').waitFor();
    expect(await stored()).toEqual({ enabled: true, maxAgeHours: 6, maxCount: 5 });
    await snap(page, 'push-recovery-saved');
    await page.reload();
    await card().getByText('Missed-push recovery', { exact: true }).waitFor();
    expect(await card().getByLabel('At most hours old').inputValue()).toBe('6');
    expect(await card().getByRole('switch').getAttribute('aria-checked')).toBe('true');
  }, 120_000);

  it('shows the card and its field errors in French', async () => {
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'Français' }).click();
    await card().getByText('Récupération des notifications manquées', { exact: true }).waitFor();
    await card().getByLabel('Âge maximal (heures)').fill('13');
    await card()
      .getByRole('alert')
      .getByText('Âge maximal (heures) doit être un nombre entier de 1 à 12')
      .waitFor();
    await snap(page, 'push-recovery-fr');
    expect(await stored()).toEqual({ enabled: true, maxAgeHours: 6, maxCount: 5 });
  });

  it('shows the recovered delivery on the message detail, a part of reach, in French and English', async () => {
    // device 0 gets its push; device 1 (a battery killer's phone) drops it and gets it back when the app opens. Their
    // first SDK call comes after recovery was turned on: the device API caches an app's setting for 30 s
    await registerDevice(beacon, emu, { sdkAuth, projectId: PROJECT, pkg: PKG }, 0);
    await registerDevice(beacon, emu, { sdkAuth, projectId: PROJECT, pkg: PKG }, 1, {
      brand: 'XIAOMI',
      model: 'REDMI 9',
    });
    const msgId = await sendToBoth();
    await sdk('events', { gaid: gaid(0), events: [{ type: 'received', msgId, ts: Date.now() }] });
    // device 1 opens the app: its heartbeat answers the push it missed, which it shows and reports as recovered
    const beat = await sdk<{ recovered?: Array<{ msgId: string }> }>('heartbeat', {
      gaid: gaid(1),
      notificationsEnabled: true,
    });
    expect(beat.recovered?.map((r) => r.msgId)).toEqual([String(msgId)]);
    const ts = Date.now();
    await sdk('events', {
      gaid: gaid(1),
      events: [
        { type: 'received', msgId, ts, recovered: true },
        { type: 'shown', msgId, ts },
      ],
    });
    await expect
      .poll(() => counted(msgId), { timeout: 30_000 })
      .toEqual({ dispatched: 2, reach: 2, recovered: 1 });

    // the owner (project level 200) sees the message's own figures: of the 2 reached, 1 recovered — still in French
    await page.goto(`${beacon.url}/app/${appId}/data/push`);
    await page.getByTestId(`title-${msgId}`).click();
    const dialog = page.getByTestId('message-detail-body');
    await dialog.getByTestId('detail-figures-recovered').getByText('dont récupérées : 1').waitFor();
    const table = dialog.getByTestId('recovered');
    await table.getByText('Récupérées par marque et modèle').waitFor();
    await table.getByText('1 réception récupérée, comptée dans les atteints').waitFor();
    expect(await modelRows()).toEqual([['XIAOMI', 'REDMI 9', '1', '100 %']]);
    await page.getByTestId('loss-trigger-dispatch').hover();
    await page
      .getByTestId('loss-recovered')
      .getByText(/^Récupérée, pas une perte : 1 appareil servi a manqué l’envoi/)
      .waitFor();
    await snap(page, 'push-recovery-detail-fr');
    await page.mouse.move(5, 5);
    await page.getByTestId('message-detail').getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // the same in English
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
    await page.getByTestId(`title-${msgId}`).click();
    await dialog.getByTestId('detail-figures-recovered').getByText('of which recovered: 1').waitFor();
    expect(await dialog.getByTestId('detail-figures').textContent()).toContain('Reached2 (100%)');
    await table.getByText('1 delivery recovered, counted in target reach').waitFor();
    expect(await modelRows()).toEqual([['XIAOMI', 'REDMI 9', '1', '100%']]);
    await page.getByTestId('loss-trigger-dispatch').hover();
    await page
      .getByTestId('loss-recovered')
      .getByText(/^Recovered, not a loss: 1 dispatched device missed the push/)
      .waitFor();
    await page.mouse.move(5, 5);
    await snap(page, 'push-recovery-detail');
    await table.scrollIntoViewIfNeeded();
    await snap(page, 'push-recovery-table');

    // a super admin (project level 100) sees the funnel: target reach 2, of which recovered 1 — the same figure
    const root = await signedInPage(browser, beacon.url, ROOT);
    try {
      await root.goto(`${beacon.url}/app/${appId}/data/push`);
      await root.getByTestId(`title-${msgId}`).click();
      const funnel = root.getByTestId('funnel');
      await funnel.getByTestId('funnel-recovered').waitFor();
      expect(await funnel.getByTestId('funnel-targetReach').textContent()).toContain('2');
      expect(await funnel.getByTestId('funnel-recovered').textContent()).toBe(
        'of which recovered1 50% of target reach',
      );
      await root
        .getByTestId('recovered')
        .getByText('1 delivery recovered, counted in target reach')
        .waitFor();
      await snap(root, 'push-recovery-funnel');
    } finally {
      await root.context().close();
    }
  }, 180_000);
});

/** Saves a notification to every device the way the console does (the page's fetch); waits for both dispatched. */
async function sendToBoth(): Promise<number> {
  const answer = await page.evaluate(
    async ([url, body]) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { status: number; msg: string; data: { id: number } };
    },
    [
      `/tcm/v1/app/${appId}/msg/save`,
      {
        msgType: 1,
        title: 'Flash sale',
        targetingType: 0,
        scheduleType: 1,
        pushCount: 2,
        data: {
          noti_type: 1,
          noti_title: 'Flash sale',
          noti_desc: 'Half price until Sunday',
          noti_small_icon: '/files/icon.png',
          noti_ex_type: 1,
          noti_open_type: 1,
          noti_open_content: 'shop://sale',
        },
      },
    ] as const,
  );
  expect(answer.status, answer.msg).toBe(200);
  await expect.poll(async () => (await counted(answer.data.id))?.dispatched, { timeout: 60_000 }).toBe(2);
  return answer.data.id;
}

/** Calls the device API as the app's SDK; answers the envelope's data. */
async function sdk<T = unknown>(path: 'events' | 'heartbeat', body: object): Promise<T> {
  const res = await fetch(`${beacon.url}/sdk/v1/${path}`, {
    method: 'POST',
    headers: { authorization: sdkAuth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { status: number; msg?: string; data: T };
  expect(answer.status, answer.msg).toBe(200);
  return answer.data;
}

async function counted(msgId: number) {
  const [row] = await beacon.database.query<{ dispatched: number; reach: number; recovered: number }>(
    `SELECT (SELECT count(*)::int FROM send_records WHERE message_id = m.id AND outcome = 1) AS dispatched,
            m.reach_count AS reach, m.recovered_count AS recovered
     FROM messages m WHERE m.id = $1`,
    [msgId],
  );
  return row;
}

/** The recovered table's rows, each cell's text (brand, model, recovered, share). */
async function modelRows(): Promise<string[][]> {
  const rows = page.getByTestId('recovered').locator('tbody tr.ant-table-row');
  await rows.first().waitFor();
  return Promise.all(
    (await rows.all()).map(async (r) =>
      (await r.locator('td').allTextContents()).map((c) => c.replace(/[\u00a0\u202f]/g, ' ').trim()),
    ),
  );
}
