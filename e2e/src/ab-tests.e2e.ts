import { createHash } from 'node:crypto';
import { Fleet, startEmulator, type FcmEmulator, type FleetDevice } from '@beacon/fcm-emulator';
import { statRate } from '@beacon/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@beacon/server/src/test/until';
import {
  appOnEmulator,
  launchBrowser,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';
import { RecordingProxy } from './recording-proxy';

/**
 * A/B tests in the browser (issue 13: "create an A/B test, watch both arms' counters fill from the demo fleet, send
 * one arm to all"). A simulated fleet of 200 devices (@beacon/fcm-emulator's Fleet, as `beacon demo` runs it)
 * registers through the device API and reports what the emulator delivers; its reports pass through a recording
 * proxy, so the figures the detail shows are compared with exactly what the devices reported.
 */

const PROJECT = 'ab-e2e-project';
const PKG = 'com.example.abshop';
const OWNER = { email: 'ada@shop.example', password: 'Ada#2024xy' };
const FLEET = 200;
const SEED = 1313;
/** The fleet's delays × this: a click comes at most (3 + 1 + 60) s × 0.02 ≈ 1.3 s after the delivery. */
const SCALE = 0.02;
/** The test's share of the audience: two variants of SHARE / 2 % each. */
const SHARE = 20;
const ARM_BUCKETS = (SHARE / 2) * 100;
const ARMS = {
  A: { title: 'Half price today', desc: 'Only until midnight', open: 'shop://sale' },
  B: { title: 'Free delivery today', desc: 'On every order, no minimum', open: 'shop://delivery' },
} as const;
type Tag = keyof typeof ARMS;
const TAGS: readonly Tag[] = ['A', 'B'];
const TITLE = 'Weekend copy test';

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let devices: readonly FleetDevice[];
let appId = 0;
/** The test (parent message) and its arms' message ids, once saved. */
let testId = 0;
const armId: Record<Tag, number> = { A: 0, B: 0 };
/** The devices of each slice (by the server's bucket rule), as fleet devices. */
const slice: Record<Tag | 'rest', FleetDevice[]> = { A: [], B: [], rest: [] };

/** The fleet's reports, through a recording proxy in front of Beacon's device API. */
const proxy = new RecordingProxy();
const reported = proxy.reported;

/** What the devices reported about message `msgId`: devices that received, showed, clicked it (a click implies a show, a show a receipt, as on the server). */
function reportedCounts(msgId: number): { reach: number; show: number; click: number } {
  const mask = new Map<string, number>();
  const bit: Record<string, number> = { received: 1, shown: 3, clicked: 7 };
  for (const r of reported)
    for (const e of r.events)
      if (e.msgId === String(msgId)) mask.set(r.gaid, (mask.get(r.gaid) ?? 0) | (bit[e.type] ?? 0));
  const count = (b: number) => [...mask.values()].filter((m) => (m & b) !== 0).length;
  return { reach: count(1), show: count(2), click: count(4) };
}

/** The devices the engine sends a notification to: installed, with notifications on (others: lost 1 / 107). */
const eligible = (d: FleetDevice) => !d.uninstalled && d.notificationsEnabled;

/** A device's bucket for the test, as the server computes it (abBucketSql: md5 of "seed:deviceId"). */
function bucketOf(seed: number, deviceId: string): number {
  const hex = createHash('md5').update(`${seed}:${deviceId}`).digest('hex').slice(0, 8);
  return (parseInt(hex, 16) & 0x7fffffff) % 10_000;
}

/** The deliveries of message `msgId` on a device. */
const got = (d: FleetDevice, msgId: number) =>
  emu.inbox(d.token).filter((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(msgId));

/** A figure of an arm's card in the detail (Dispatched, Reached …), by its label. */
const figure = (tag: Tag, label: string | RegExp): Locator =>
  page
    .getByTestId(`ab-arm-${tag}`)
    .locator('.ant-descriptions-item', {
      has: page.locator('.ant-descriptions-item-label', { hasText: label }),
    })
    .locator('.ant-descriptions-item-content');

const rate = (n: number, d: number) => `${statRate(n, d)}%`;

/**
 * snap once the page is still: scrolled to the top, no table loading, and no finite animation running (dialogs zoom
 * in, messages slide in).
 */
async function shot(name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
  // snap itself waits until no finite animation runs
  await snap(page, name);
}

/** Opens the test's detail from data/abtest (a fresh read of the test). */
async function openDetail(lang = 'en'): Promise<Locator> {
  await page.goto(`${beacon.url}/app/${appId}/data/abtest?lang=${lang}`);
  await page.getByTestId(`ab-title-${testId}`).click();
  const body = page.getByTestId('ab-detail-body');
  await body.getByTestId('ab-arm-B').waitFor();
  return body;
}

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  const apiBaseUrl = await proxy.start(beacon.url);
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Weekend Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  });
  appId = app.appId;
  fleet = new Fleet({
    emulator: emu,
    projectId: PROJECT,
    packageName: PKG,
    apiBaseUrl,
    appKey: app.appKey,
    appSecret: app.appSecret,
    count: FLEET,
    seed: SEED,
    // the fleet's usual share of devices with notifications off (6 %) and uninstalled (3 %); none offline by itself
    offlinePct: 0,
    behaviour: { delayScale: SCALE, pShown: 0.9, pClicked: 0.4, pDismissed: 0.3 },
  });
  devices = fleet.devices();
  expect(await fleet.start()).toEqual({ registered: FLEET, failed: 0 });
  // the phones are out of coverage while the arms are sent: FCM accepts and queues, they get it once back online
  // (so each event arrives after the engine has recorded the send it belongs to)
  for (const d of devices) if (!d.uninstalled) emu.setOnline(d.token, false);
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await beacon?.close();
  await proxy.close();
  await emu?.close();
});

describe('A/B tests in the browser', () => {
  it('composes two notification arms at 10 % each, previews them side by side and sends them', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editabtest?lang=en`);
    await page.getByRole('heading', { name: 'New A/B test' }).waitFor();
    // the audience estimate: every registered device of the app
    await expect
      .poll(() => page.locator('#armA_groupPercent').textContent())
      .toBe(`10% of the audience, about ${FLEET / 10} devices`);
    await page.fill('#description', TITLE);
    for (const tag of TAGS) {
      // the variants are tabs: only the shown one's fields can be filled
      await page.getByTestId(`arm-tab-${tag}`).click();
      await page.fill(`#arm${tag}_title`, ARMS[tag].title);
      await page.fill(`#arm${tag}_desc`, ARMS[tag].desc);
      await page.fill(`#arm${tag}_openContent`, ARMS[tag].open);
    }
    await page.fill('#abPercent', '');
    await page.fill('#abPercent', String(SHARE / 2));
    await page
      .getByText(`Each variant gets 10% of the audience, about ${FLEET / 10} devices (at most 50% with`)
      .waitFor();
    expect(await page.locator('#armB_groupPercent').textContent()).toBe(
      `10% of the audience, about ${FLEET / 10} devices`,
    );
    await shot('ab-compose');

    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Check the test before sending').waitFor();
    for (const tag of TAGS) {
      expect(await dialog.getByTestId(`confirm-share-${tag}`).textContent()).toBe(
        `10% of the audience · about ${FLEET / 10} devices`,
      );
      await dialog.getByTestId(`confirm-arm-${tag}`).getByText(ARMS[tag].title).waitFor();
    }
    expect(await dialog.getByTestId('confirm-count').textContent()).toBe(
      `The test goes to about ${FLEET / 5} devices: ${SHARE}% of an estimated audience of ${FLEET}.`,
    );
    await shot('ab-confirm');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/app/${appId}/msg/abtest/create`));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = (await (await saved).json()) as { status: number; data: { id: number } };
    expect(answer.status).toBe(200);
    testId = answer.data.id;
    await page.waitForURL(`**/app/${appId}/data/abtest`);

    // which device is in which arm, by the server's own bucket rule
    const ids = await beacon.database.query<{ id: string; gaid: string }>(
      'SELECT id::text AS id, gaid::text AS gaid FROM devices WHERE app_id = $1',
      [appId],
    );
    const idOf = new Map(ids.map((r) => [r.gaid, r.id]));
    for (const d of devices) {
      const b = bucketOf(testId, idOf.get(d.gaid) ?? '');
      slice[b < ARM_BUCKETS ? 'A' : b < 2 * ARM_BUCKETS ? 'B' : 'rest'].push(d);
    }
    const arms = await beacon.database.query<{ id: number; tag: Tag }>(
      'SELECT id::int AS id, group_tag AS tag FROM messages WHERE parent_msg_id = $1 ORDER BY group_tag',
      [testId],
    );
    for (const a of arms) armId[a.tag] = a.id;
    expect(armId.A).toBeGreaterThan(0);
    expect(armId.B).toBeGreaterThan(0);

    // the list: the test with its two arms, whose rows expand to their figures
    const row = page.locator(`tr[data-row-key="${testId}"]`);
    await row.getByText(TITLE).waitFor();
    await row.getByText('Test A', { exact: true }).waitFor();
    await row.getByText('Test B', { exact: true }).waitFor();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId(`arm-row-${armId.A}`).waitFor();
    await page.getByTestId(`arm-row-${armId.B}`).waitFor();
    // pushed: every device of the slice (notifications off or uninstalled are pushed, then lost)
    for (const tag of TAGS) {
      const armRow = page.locator(`tr[data-row-key="${armId[tag]}"]`);
      await expect
        .poll(() => armRow.locator('td').nth(3).textContent(), { timeout: 30_000 })
        .toMatch(new RegExp(`^${slice[tag].length} / `));
      // dispatched: the slice's devices FCM accepted (queued for the phones out of coverage)
      await expect
        .poll(() => armRow.locator('td').nth(4).textContent(), { timeout: 30_000 })
        .toBe(String(slice[tag].filter(eligible).length));
      await armRow.getByText('Sent', { exact: true }).waitFor();
    }
    await shot('ab-list');
  }, 60_000);

  it('fills both arms’ counters from what the fleet’s devices report', async () => {
    await openDetail();
    for (const tag of TAGS)
      await expect
        .poll(() => figure(tag, 'Dispatched').textContent())
        .toBe(String(slice[tag].filter(eligible).length));
    for (const tag of TAGS) expect(await figure(tag, 'Reached').textContent()).toBe('0 (0%)');
    await shot('ab-detail-dispatched');

    // back in coverage: the queued notifications arrive and the fleet reports received, shown, clicked …
    const online = Date.now();
    for (const d of devices) if (!d.uninstalled) emu.setOnline(d.token, true);
    for (const tag of TAGS)
      for (const d of slice[tag].filter(eligible)) expect(got(d, armId[tag])).toHaveLength(1);
    await until(
      'every device of both arms to report its receipt',
      async () => TAGS.map((tag) => reportedCounts(armId[tag]).reach),
      (reach) => TAGS.every((tag, i) => reach[i] === slice[tag].filter(eligible).length),
      15_000,
    );
    // … and, at most (3 + 1 + 60) s × SCALE after the delivery, clicks; then the last reports land
    await new Promise((r) => setTimeout(r, Math.max(0, online + 64_000 * SCALE + 500 - Date.now())));
    await until(
      'the fleet’s reports to settle',
      async () => ({ sent: fleet.stats().eventsSent, inFlight: proxy.inFlight }),
      (s) => s.inFlight === 0 && fleet.stats().eventsSent === s.sent,
      10_000,
      300,
    );

    // the detail opened before the devices reported keeps refreshing while they do (SENT_REFRESH_MS)
    const fresh = page.getByTestId('ab-detail-body');
    for (const tag of TAGS) {
      const dispatched = slice[tag].filter(eligible).length;
      const want = reportedCounts(armId[tag]);
      expect(want.show, `arm ${tag} shown`).toBeGreaterThan(0);
      expect(want.click, `arm ${tag} clicked`).toBeGreaterThan(0);
      await expect
        .poll(() => figure(tag, 'Reached').textContent(), { timeout: 20_000 })
        .toBe(`${want.reach} (${rate(want.reach, dispatched)})`);
      await expect
        .poll(() => figure(tag, 'Shown').textContent())
        .toBe(`${want.show} (${rate(want.show, want.reach)})`);
      await expect
        .poll(() => figure(tag, 'Clicked').textContent())
        .toBe(`${want.click} (${rate(want.click, want.show)})`);
      expect(await figure(tag, 'Dispatched').textContent()).toBe(String(dispatched));
    }
    // the comparison: clicks per dispatched device of each arm, as the z-test reads them
    const sig = fresh.getByTestId('ab-significance');
    for (const tag of TAGS) {
      const want = reportedCounts(armId[tag]);
      await expect
        .poll(() => sig.getByTestId(`rate-${tag}-clickPerDispatch`).locator('div').first().textContent())
        .toBe(rate(want.click, slice[tag].filter(eligible).length));
    }
    await fresh.getByTestId('send-all-A').waitFor();
    await shot('ab-detail-counters');
  }, 60_000);

  it('sends arm B to all: once, to the devices in neither arm', async () => {
    const body = page.getByTestId('ab-detail-body');
    await body.getByTestId('send-all-B').click();
    const confirm = page.getByRole('dialog', { name: 'Send Test B to all?' });
    await confirm.getByText('Test B goes to every device of the audience that was in no variant.').waitFor();
    await shot('ab-send-all-confirm');
    const fulfilled = page.waitForResponse((r) =>
      r.url().includes(`/msg/abtest/${testId}/fulfill/${armId.B}`),
    );
    // the toast lasts 3 s: watched for from before the click, not after the answer is read (missed once under load)
    const toast = page.getByText('Sending to everyone else').waitFor();
    await confirm.getByTestId('send-all-ok').click();
    const answer = (await (await fulfilled).json()) as { status: number; data: { msgId: number } };
    expect(answer.status).toBe(200);
    const restId = answer.data.msgId;
    await toast;

    // the buttons show done: "Sent to all" on B, "Done" on A
    await expect.poll(() => body.getByTestId('send-all-done-B').textContent()).toBe('Sent to all');
    expect(await body.getByTestId('send-all-done-A').textContent()).toBe('Done');
    expect(await body.getByTestId('send-all-A').count()).toBe(0);
    expect(await body.getByTestId('send-all-B').count()).toBe(0);

    // exactly the reachable devices in neither arm get B's content, once; the arms' devices never get it again
    const rest = slice.rest.filter(eligible);
    await until(
      'the rest to receive test B',
      async () => rest.filter((d) => got(d, restId).length > 0).length,
      (n) => n === rest.length,
      30_000,
    );
    for (const d of rest) {
      const [delivery, ...more] = got(d, restId);
      expect(more).toHaveLength(0);
      expect(delivery?.message.data).toMatchObject({
        noti_title: ARMS.B.title,
        noti_desc: ARMS.B.desc,
        tcm_msg_id: String(restId),
      });
    }
    for (const d of [...slice.A, ...slice.B]) expect(got(d, restId), d.gaid).toHaveLength(0);
    for (const d of devices.filter((x) => !eligible(x))) expect(emu.inbox(d.token), d.gaid).toHaveLength(0);
    // the arms' devices got their own arm once, and nothing else
    for (const tag of TAGS)
      for (const d of slice[tag].filter(eligible)) {
        const inbox = emu.inbox(d.token);
        expect(inbox.map((x) => (x.message.data as Record<string, string>).tcm_msg_id)).toEqual([
          String(armId[tag]),
        ]);
      }

    // the rest under arm B's card: pushed to the slice of the devices still installed
    const restLine = body.getByTestId('ab-rest-B');
    await restLine.getByText('Test B → everyone else').waitFor();
    await expect
      .poll(() => restLine.textContent(), { timeout: 20_000 })
      .toContain(`Pushed ${slice.rest.length} ·`);
    await shot('ab-detail-sent-to-all');

    // a second send to all is refused by the server too
    const again = await page.evaluate(
      async (url) => ((await (await fetch(url, { method: 'POST' })).json()) as { status: number }).status,
      `/tcm/v1/app/${appId}/msg/abtest/${testId}/fulfill/${armId.A}`,
    );
    expect(again).not.toBe(200);
  }, 60_000);

  it('shows the detail in French', async () => {
    const body = await openDetail('fr');
    await page.getByText(`Test A/B ${testId}`).waitFor();
    expect(await body.getByTestId('send-all-done-B').textContent()).toBe('Envoyé à tous');
    expect(await body.getByTestId('send-all-done-A').textContent()).toBe('Terminé');
    await body.getByText('Test B → tous les autres').waitFor();
    await body.getByText('Quelle variante fait mieux').waitFor();
    for (const tag of TAGS) {
      const want = reportedCounts(armId[tag]);
      await expect.poll(() => figure(tag, 'Cliqués').textContent()).toMatch(new RegExp(`^${want.click} \\(`));
      await figure(tag, 'Distribués').waitFor();
    }
    await shot('ab-detail-fr');
    await page.goto(`${beacon.url}/app/${appId}/data/abtest?lang=en`);
    await page.getByTestId(`ab-title-${testId}`).waitFor();
  }, 60_000);
});
