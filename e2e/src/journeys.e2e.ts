import { Fleet, startEmulator, type FcmEmulator, type FleetDevice } from '@beacon/fcm-emulator';
import { EVENT_BITS, type JourneyDetail } from '@beacon/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@beacon/server/src/test/until';
import {
  appOnEmulator,
  closeDrawer,
  launchBrowser,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';
import { RecordingProxy } from './recording-proxy';

/**
 * Journeys in the browser (issue 15: "build a 3-node journey on the canvas with the mouse, confirm it, watch the first
 * step send to the demo fleet and the branch counts appear on the canvas"). A simulated fleet of 60 devices
 * (@beacon/fcm-emulator's Fleet) registers through the device API and reports what it does with each notification;
 * its reports pass through a recording proxy, so the branch counts on the canvas are compared with exactly what the
 * devices reported. The branches wait an hour: the test ages the entry step's end in the database instead of waiting,
 * and the journeys sweep (every second here) moves the devices on.
 */

const PROJECT = 'journeys-e2e-project';
const PKG = 'com.example.journeys';
const OWNER = { email: 'jo@shop.example', password: 'Jo#2024xyz' };
const FLEET = 60;
const SEED = 1515;
/** The fleet's delays × this: a click comes at most (3 + 1 + 60) s × 0.02 ≈ 1.3 s after the delivery. */
const SCALE = 0.02;
const TITLE = 'Welcome series';
/** The three steps: the entry, the step of those who clicked it and the step of those who never showed it. */
const STEPS = {
  entry: {
    tag: 'welcome',
    title: 'Welcome to the shop',
    desc: 'Your first order ships free',
    open: 'shop://welcome',
  },
  clicked: { tag: 'thanks', title: 'Thanks for looking', desc: 'Here is 10% off', open: 'shop://coupon' },
  notShown: {
    tag: 'reminder',
    title: 'Did you miss us?',
    desc: 'Free shipping still waits',
    open: 'shop://home',
  },
} as const;

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let devices: readonly FleetDevice[];
let appId = 0;
let journeyId = 0;
/** The steps' message ids (entry, clicked branch, not-shown branch), once confirmed. */
let stepIds: [number, number, number] = [0, 0, 0];

/** The fleet's reports, through a recording proxy in front of Beacon's device API. */
const proxy = new RecordingProxy();
const reported = proxy.reported;

/** What the devices reported about message `msgId`: devices that received, showed, clicked it (a click implies a show). */
function reportedCounts(msgId: number): { reach: number; show: number; click: number } {
  const mask = new Map<string, number>();
  const bit: Record<string, number> = { received: 1, shown: 3, clicked: 7 };
  for (const r of reported)
    for (const e of r.events)
      if (e.msgId === String(msgId)) mask.set(r.gaid, (mask.get(r.gaid) ?? 0) | (bit[e.type] ?? 0));
  const count = (b: number) => [...mask.values()].filter((m) => (m & b) !== 0).length;
  return { reach: count(1), show: count(2), click: count(4) };
}

/** The devices that reported event `type` about message `msgId`. */
function reportedBy(msgId: number, type: string): Set<string> {
  const out = new Set<string>();
  for (const r of reported)
    for (const e of r.events) if (e.msgId === String(msgId) && e.type === type) out.add(r.gaid);
  return out;
}

/** The devices (gaids, in fleet order) the emulator delivered message `msgId` to. */
const receivers = (msgId: number): string[] =>
  devices
    .filter((d) =>
      emu.inbox(d.token).some((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(msgId)),
    )
    .map((d) => d.gaid);

/** The devices the engine sends a notification to: installed, with notifications on. */
const eligible = (d: FleetDevice) => !d.uninstalled && d.notificationsEnabled;

/** Phones in or out of coverage: out, FCM accepts and queues; back in, they get what was queued. */
function setOnline(online: boolean): void {
  for (const d of devices) if (!d.uninstalled) emu.setOnline(d.token, online);
}

/** Waits until every reachable device reported receiving each of `msgIds`, and the fleet's last reports landed. */
async function settle(msgIds: Array<{ id: number; reach: number }>): Promise<void> {
  await until(
    'the devices to report their receipts',
    async () => msgIds.map((m) => reportedCounts(m.id).reach),
    (reach) => msgIds.every((m, i) => reach[i] === m.reach),
    15_000,
  );
  // at most (3 + 1 + 60) s × SCALE after a delivery come the clicks; then the last reports land
  await new Promise((r) => setTimeout(r, 64_000 * SCALE + 500));
  await until(
    'the fleet’s reports to settle',
    async () => ({ sent: fleet.stats().eventsSent, inFlight: proxy.inFlight }),
    (s) => s.inFlight === 0 && fleet.stats().eventsSent === s.sent,
    10_000,
    300,
  );
}

/** The journey as the server tells the console (flowCanvasDetail), read with the owner's session. */
const detail = (): Promise<JourneyDetail> =>
  page.evaluate(async (url) => {
    const answer = (await (await fetch(url)).json()) as { status: number; data: unknown };
    if (answer.status !== 200) throw new Error(`detail: ${answer.status}`);
    return answer.data as JourneyDetail;
  }, `/tcm/v1/app/${appId}/msg/flow/canvas/${journeyId}/detail`);

/** The send records of `msgId` the server counted with event bit `bit`. */
async function recordsWith(msgId: number, bit: number): Promise<number> {
  const [row] = await beacon.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM send_record_events WHERE message_id = $1 AND event_mask & $2 <> 0',
    [msgId, bit],
  );
  return row?.n ?? 0;
}

/**
 * snap once the page is still: no table loading, and no finite animation running (drawers slide, dialogs zoom in).
 */
async function shot(name: string): Promise<void> {
  await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
  // snap itself waits until no finite animation runs
  await snap(page, name);
}

/** The canvas node of step `id` (`step-1` is the entry; React Flow's wrapper carries it as data-id). */
const node = (id: string): Locator => page.locator(`.react-flow__node[data-id="${id}"]`);

/** A located element's box on the page. */
async function box(l: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await l.boundingBox();
  if (!b) throw new Error(`${l.toString()} is not shown`);
  return b;
}

/** Waits until the canvas's viewport (pan and zoom) stands still. */
async function still(): Promise<void> {
  let last: string | null = '';
  await until(
    'the canvas to stand still',
    () => page.locator('.react-flow__viewport').getAttribute('style'),
    (style) => {
      const same = style === last;
      last = style;
      return same;
    },
    5_000,
    150,
  );
}

/** Fits the whole journey in the canvas (its "fit view" control). */
async function fit(): Promise<void> {
  await page.locator('.react-flow__controls-fitview').click();
  await still();
}

/** Presses the mouse at `from`'s centre, moves it in small steps to `to`'s centre (or by an offset) and lets go. */
async function drag(from: Locator, to: Locator | { dx: number; dy: number }): Promise<void> {
  const a = await box(from);
  const x0 = a.x + a.width / 2;
  const y0 = a.y + a.height / 2;
  let x1: number;
  let y1: number;
  if ('dx' in to) {
    x1 = x0 + to.dx;
    y1 = y0 + to.dy;
  } else {
    const b = await box(to);
    x1 = b.x + b.width / 2;
    y1 = b.y + b.height / 2;
  }
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4, { steps: 5 });
  await page.mouse.move(x1, y1, { steps: 15 });
  await page.mouse.up();
}

/** The open side drawer (step or branch), by its title. */
const drawer = (title: string): Locator => page.getByRole('dialog', { name: title });

/** Picks `option` in the antd Select labelled `label` inside `scope`. */
async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/**
 * Fills a step's notification and then its name in its drawer (the compose editor's fields under the form
 * "journeyStep"); returns the drawer, whose title is now the new name (the entry's keeps its own).
 */
async function fillStep(d: Locator, step: (typeof STEPS)[keyof typeof STEPS]): Promise<Locator> {
  await d.locator('#journeyStep_title').fill(step.title);
  await d.locator('#journeyStep_desc').fill(step.desc);
  await d.locator('#journeyStep_openContent').fill(step.open);
  const entryStep = step.tag === STEPS.entry.tag;
  await d.locator('#journeyStep_groupTag').fill(step.tag);
  return entryStep ? d : drawer(`Step “${step.tag}”`);
}

/** The label button of the canvas edge that says `text` (outcome · wait). */
const edgeLabel = (text: string): Locator => page.locator('[data-testid^="edge-label-"]', { hasText: text });

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon(
    { FCM_BASE_URL: emu.h2cUrl, BEACON_JOURNEY_SWEEP_SECONDS: '1' },
    { runWorkers: true },
  );
  const apiBaseUrl = await proxy.start(beacon.url);
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Journey Shop',
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
    // the fleet's usual share of devices with notifications off and uninstalled; none offline by itself. A quarter of
    // the notifications fail to show (the "not shown" branch), a third of those shown are clicked.
    offlinePct: 0,
    behaviour: { delayScale: SCALE, pShown: 0.75, pClicked: 0.35, pDismissed: 0.3 },
  });
  devices = fleet.devices();
  expect(await fleet.start()).toEqual({ registered: FLEET, failed: 0 });
  // out of coverage while a step is sent, so that each event arrives after the engine has recorded its send
  setOnline(false);
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await beacon?.close();
  await proxy.close();
  await emu?.close();
});

describe('journeys in the browser', () => {
  it('builds a 3-step journey on the canvas with the mouse, previews its estimate and confirms it', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editcanvas?lang=en`);
    await page.getByRole('heading', { name: 'New journey' }).waitFor();
    const submit = page.getByTestId('journey-submit');

    // the entry: the journey's audience (every device, now) and its notification
    await node('step-1').click();
    const entry = drawer('Entry step');
    await entry.locator('#journeySettings_description').fill(TITLE);
    await entry.getByText('Everyone', { exact: true }).click();
    await entry.getByText('Now', { exact: true }).click();
    await entry.getByRole('tab', { name: 'Message' }).click();
    await closeDrawer(await fillStep(entry, STEPS.entry));
    await page.getByTestId(`node-${STEPS.entry.tag}`).waitFor();
    expect(await page.getByTestId(`node-${STEPS.entry.tag}`).getAttribute('data-problems')).toBe('0');

    // "Add step": a step after the entry, by the first outcome left ("Clicked")
    await page.getByTestId('add-step').click();
    const second = drawer('Step “Step 2”');
    await closeDrawer(await fillStep(second, STEPS.clicked));
    // again, with that new step selected: the toolbar hangs the next step under it …
    await page.getByTestId('add-step').click();
    const third = drawer('Step “Step 3”');
    await closeDrawer(await fillStep(third, STEPS.notShown));
    await fit();

    // … which is not where it belongs: its branch goes (from its label) …
    await page.getByTestId('edge-label-edge-2').click();
    const wrong = drawer(`Branch “${STEPS.clicked.tag}” → “${STEPS.notShown.tag}”`);
    await wrong.getByTestId('edge-delete').click();
    await wrong.waitFor({ state: 'detached' });
    await page.getByTestId('problem-count').getByText('1 problem').waitFor();
    // … and the two steps are moved with the mouse, side by side under the entry, with room for the figures the
    // nodes show once sent (a node is then about four times as tall)
    await page.locator('.react-flow__controls-zoomout').click();
    await page.locator('.react-flow__controls-zoomout').click();
    await still();
    const top = await box(node('step-1'));
    for (const [id, side] of [
      ['step-2', -1],
      ['step-3', 1],
    ] as const) {
      const at = await box(node(id));
      await drag(node(id), { dx: top.x + side * top.width - at.x, dy: top.y + 5 * top.height - at.y });
    }
    await fit();

    // … and a branch is drawn from the entry's lower handle to its upper one
    await drag(
      node('step-1').locator('.react-flow__handle.source'),
      node('step-3').locator('.react-flow__handle.target'),
    );
    await expect.poll(() => page.locator('[data-testid^="edge-label-"]').count()).toBe(2);
    await page.getByTestId('problem-count').waitFor({ state: 'detached' });

    // the branches: "Clicked" and "Not shown", each after an hour
    await edgeLabel('Shown, not clicked · after 1 day').click();
    const drawn = drawer(`Branch “${STEPS.entry.tag}” → “${STEPS.notShown.tag}”`);
    await pick(drawn, 'For the devices that', 'Not shown');
    await pick(drawn, 'Wait unit', 'Hours');
    expect(await drawn.getByRole('spinbutton', { name: 'Wait length' }).inputValue()).toBe('1');
    await closeDrawer(drawn);
    await edgeLabel('Clicked · after 1 day').click();
    const clicked = drawer(`Branch “${STEPS.entry.tag}” → “${STEPS.clicked.tag}”`);
    await pick(clicked, 'Wait unit', 'Hours');
    await closeDrawer(clicked);
    await edgeLabel('Clicked · after 1 hour').waitFor();
    await edgeLabel('Not shown · after 1 hour').waitFor();
    for (const s of Object.values(STEPS))
      expect(await page.getByTestId(`node-${s.tag}`).getAttribute('data-problems'), s.tag).toBe('0');
    expect(await submit.isEnabled()).toBe(true);
    await fit();
    await page.mouse.move(5, 5);
    await shot('journeys-canvas');

    // Create and estimate: the preview counts, then shows each step's expected audience
    const saved = page.waitForResponse((r) => r.url().endsWith(`/app/${appId}/msg/flow/canvas/save`));
    await submit.click();
    const answer = (await (await saved).json()) as { status: number; data: { msgId: number } };
    expect(answer.status).toBe(200);
    journeyId = answer.data.msgId;
    const preview = page.getByRole('dialog', { name: `Confirm journey “${TITLE}”` });
    await preview.getByTestId('preview-steps').waitFor({ timeout: 30_000 });
    const estimated = await detail();
    expect(estimated.status).toBe(18);
    expect(estimated.childMsgs.map((s) => [s.groupTag, s.displayConditions?.outcome ?? null])).toEqual([
      [STEPS.entry.tag, null],
      [STEPS.clicked.tag, 'clicked'],
      [STEPS.notShown.tag, 'notShown'],
    ]);
    for (const s of estimated.childMsgs)
      expect(await preview.getByTestId(`estimate-${s.groupTag}`).textContent(), s.groupTag).toBe(
        s.estimate === null ? '—' : s.estimate.toLocaleString('en'),
      );
    expect(estimated.childMsgs[0]?.estimate).toBeGreaterThan(0);
    await preview
      .getByTestId('preview-total')
      .getByText(`The entry step goes to about ${estimated.targetCount} devices.`)
      .waitFor();
    await preview.getByText(`${STEPS.entry.tag} → Clicked, after 1 hour`).waitFor();
    await preview.getByText(`${STEPS.entry.tag} → Not shown, after 1 hour`).waitFor();
    await shot('journeys-preview');

    await preview.getByTestId('preview-confirm').click();
    await page.waitForURL(`**/app/${appId}/data/canvas`);
    const confirmed = await detail();
    stepIds = confirmed.childMsgs.map((s) => s.msgId) as [number, number, number];
    expect(stepIds.every((id) => id > 0)).toBe(true);
  }, 120_000);

  it('sends the entry step to the fleet and counts what each device did with it', async () => {
    const reachable = devices.filter(eligible).length;
    const row = page.locator(`tr[data-row-key="${journeyId}"]`);
    await row.getByText(TITLE).waitFor();
    // the entry step is dispatched to every reachable device (queued by FCM while the phones are out of coverage)
    await until(
      'the entry step to be sent',
      detail,
      (d) => d.childMsgs[0]?.status === 1 && d.childMsgs[0].dispatchCount === reachable,
      30_000,
      500,
    );
    await page.reload();
    await expect
      .poll(() => row.locator('td').nth(4).textContent(), { timeout: 10_000 })
      .toMatch(new RegExp(`^${FLEET} / `));
    await row.getByText('Sending', { exact: true }).waitFor();
    await shot('journeys-list');

    // back in coverage: the devices receive, show, click … and report it
    setOnline(true);
    await settle([{ id: stepIds[0], reach: reachable }]);
    const want = reportedCounts(stepIds[0]);
    // the seed gives every case: clicked, shown only, never shown
    expect(want.click, 'clicked').toBeGreaterThan(0);
    expect(want.show - want.click, 'shown, not clicked').toBeGreaterThan(0);
    expect(reachable - want.show, 'not shown').toBeGreaterThan(0);
    // the server counted each device's events on its send record (what the branches take their devices from)
    await until(
      'the server to count the events',
      async () => [
        await recordsWith(stepIds[0], EVENT_BITS.clicked),
        await recordsWith(stepIds[0], EVENT_BITS.shown),
      ],
      ([click, show]) => click === want.click && show === want.show,
      20_000,
      300,
    );
    // the next steps are sent with the phones out of coverage again
    setOnline(false);
    const waiting = await detail();
    expect(waiting.childMsgs.slice(1).map((s) => [s.status, s.entered])).toEqual([
      [2, null],
      [2, null],
    ]);
  }, 90_000);

  it('moves the devices along the branches once the wait is over, and shows the counts on the canvas', async () => {
    const reachable = devices.filter(eligible).length;
    const want = reportedCounts(stepIds[0]);
    // an hour later, as far as the journey knows: the sweep (every second) moves both branches in
    await beacon.database.query(
      `UPDATE messages SET finished_at = finished_at - interval '61 minutes' WHERE id = $1`,
      [stepIds[0]],
    );
    const moved = await until(
      'both branches to enter and send',
      detail,
      (d) =>
        d.childMsgs
          .slice(1)
          .every((s) => s.entered !== null && s.status === 1 && s.dispatchCount === s.entered),
      30_000,
      500,
    );
    const [, thanks, reminder] = moved.childMsgs;
    expect(thanks?.entered).toBe(want.click);
    expect(thanks?.dispatchCount).toBe(want.click);
    expect(reminder?.entered).toBe(reachable - want.show);
    expect(reminder?.dispatchCount).toBe(reachable - want.show);

    // back in coverage once more: the two steps reach their devices
    setOnline(true);
    await settle([
      { id: stepIds[1], reach: want.click },
      { id: stepIds[2], reach: reachable - want.show },
    ]);
    // exactly the devices that clicked got the second step, those that never showed the first one the third
    const shown = reportedBy(stepIds[0], 'shown');
    const clickedBy = reportedBy(stepIds[0], 'clicked');
    expect(receivers(stepIds[1])).toEqual(devices.filter((d) => clickedBy.has(d.gaid)).map((d) => d.gaid));
    expect(receivers(stepIds[2])).toEqual(
      devices.filter((d) => eligible(d) && !shown.has(d.gaid) && !clickedBy.has(d.gaid)).map((d) => d.gaid),
    );
    const done = await until(
      'the steps’ figures to be counted',
      detail,
      (d) =>
        d.childMsgs.every((s, i) => s.arriveAll === reportedCounts(stepIds[i] ?? 0).reach) &&
        d.childMsgs.every((s, i) => s.click === reportedCounts(stepIds[i] ?? 0).click),
      20_000,
      500,
    );

    // the view: each node with its figures, each branch with the devices that took it
    await page.goto(`${beacon.url}/app/${appId}/data/canvas?id=${journeyId}&act=view&lang=en`);
    await page.waitForURL(`**/message/editcanvas?id=${journeyId}&act=view`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    for (const s of done.childMsgs)
      for (const key of ['pushCount', 'dispatchCount', 'arriveAll', 'show', 'click'] as const)
        await expect
          .poll(() => page.getByTestId(`figure-${s.groupTag}-${key}`).textContent(), {
            message: `${s.groupTag} ${key}`,
          })
          .toBe(s[key].toLocaleString('en'));
    expect(await page.getByTestId(`figure-${STEPS.clicked.tag}-dispatchCount`).textContent()).toBe(
      String(want.click),
    );
    expect(await edgeLabel('Clicked · after 1 hour').locator('strong').textContent()).toBe(
      String(want.click),
    );
    expect(await edgeLabel('Not shown · after 1 hour').locator('strong').textContent()).toBe(
      String(reachable - want.show),
    );
    // the branch labels stand clear of the nodes (a trial click finds each on top where it is drawn)
    await edgeLabel('Clicked · after 1 hour').click({ trial: true, timeout: 5_000 });
    await edgeLabel('Not shown · after 1 hour').click({ trial: true, timeout: 5_000 });
    await still();
    await page.mouse.move(5, 5);
    await shot('journeys-view');
  }, 120_000);

  it('shows the journey’s view in French', async () => {
    const d = await detail();
    const [, thanks, reminder] = d.childMsgs;
    await page.goto(`${beacon.url}/app/${appId}/message/editcanvas?id=${journeyId}&act=view&lang=fr`);
    await page.getByText('Parcours de Journey Shop', { exact: false }).waitFor();
    await page.getByTestId(`node-figures-${STEPS.entry.tag}`).getByText('Distribués').waitFor();
    expect(await edgeLabel('Ont cliqué · après 1 heure').locator('strong').textContent()).toBe(
      String(thanks?.entered),
    );
    expect(await edgeLabel('Non affiché · après 1 heure').locator('strong').textContent()).toBe(
      String(reminder?.entered),
    );
    // React Flow's own controls speak French too (their tooltips were "Zoom In", "Fit View")
    for (const title of ['Zoom avant', 'Zoom arrière', 'Ajuster le parcours à la vue'])
      await page.locator(`.react-flow__controls button[title="${title}"]`).waitFor({ timeout: 5_000 });
    await page.mouse.move(5, 5);
    await shot('journeys-view-fr');
    await page.goto(`${beacon.url}/app/${appId}/data/canvas?lang=en`);
    await page.getByTestId(`journey-title-${journeyId}`).waitFor();
  }, 60_000);
});
