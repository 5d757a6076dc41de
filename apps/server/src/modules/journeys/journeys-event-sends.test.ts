// An event-started journey sends its steps to the devices that enter (issue 33 §5), through the real device and
// console APIs and the FCM emulator: a device that reports the entry event gets the entry step once (a redelivered
// event, two feeds at once: still once); an hour after its own send, its branch — clicked, or the residue — is sent to
// it alone; a device that reported the exit event gets no later step; a device that enters later gets the entry step
// without anyone else getting it again; every step's figures reconcile (targeted = dispatched + losses).
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { JourneySaveInput, JourneyStepInput } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerOnEmulator, reportSdkEvents, trackSdkEvents } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { reviewAppOnEmulator } from '../../test/fixtures/review-team';
import { until } from '../../test/until';
import { JourneyFeed } from './journey-feed.repository';

describe.each(backends())('an event-started journey sends [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let sdkAuth: string;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, BEACON_JOURNEY_FEED_SECONDS: '1' },
      { runWorkers: true },
    );
    const o = { title: 'Shop', pkg: 'com.example.eventsends', projectId: 'eventsends-project' };
    const created = await ownerAppOnEmulator(t, emu, o);
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    for (const i of [1, 2, 3, 4, 5])
      tokens[i] = await registerOnEmulator(t, emu, { sdkAuth, projectId: o.projectId, pkg: o.pkg }, i);
    // the app's event names, fixed by a first event of each (device 5 never enters: its event predates the journey)
    await track(5, [{ name: 'add_to_cart' }, { name: 'purchase' }]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  async function track(i: number, events: unknown[]) {
    const res = await trackSdkEvents(t, sdkAuth, i, events);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
  }
  const step = (groupTag: string, title: string, over: Partial<JourneyStepInput> = {}): JourneyStepInput => ({
    groupTag,
    msgType: 1,
    data: { ...NOTIFICATION, noti_title: title },
    ...over,
  });
  const hour = { unit: 'hours', value: 1 } as const;
  const body: JourneySaveInput = {
    title: 'Cart rescue',
    targetingType: 0,
    scheduleType: 1,
    childMsgs: [
      step('Start', 'Your cart'),
      step('Clicked', 'Ready to pay?', {
        displayConditions: { from: 'Start', outcome: 'clicked', wait: hour },
      }),
      step('Rest', 'Still thinking?', {
        displayConditions: { from: 'Start', outcome: 'residue', wait: hour },
      }),
    ],
    entry: { kind: 'event', name: 'add_to_cart', reEntry: { kind: 'once' }, exitName: 'purchase' },
  };
  const detail = (id: number) =>
    owner.call('GET', `/tcm/v1/app/${appId}/msg/flow/canvas/${id}/detail`).then((r) => r.json().data);
  type StepRow = { groupTag: string; msgId: number; status: number };
  const stepId = (d: { childMsgs: StepRow[] }, tag: string) =>
    d.childMsgs.find((s) => s.groupTag === tag)!.msgId;
  /** The test devices whose token got `msgId`, each as often as it got it. */
  const receivers = (msgId: number) =>
    Object.entries(tokens).flatMap(([i, tok]) =>
      emu
        .inbox(tok)
        .filter((m) => (m.message.data as Record<string, string>).tcm_msg_id === String(msgId))
        .map(() => Number(i)),
    );
  /** A step's send records by outcome, and its targeted count: they must reconcile. */
  const figures = async (msgId: number) => {
    const [row] = await t.database.query<{ target: number; dispatched: number; lost: number }>(
      `SELECT m.target_count AS target,
              (SELECT count(*)::int FROM send_records s WHERE s.message_id = m.id AND s.outcome = 1) AS dispatched,
              (SELECT count(*)::int FROM send_records s WHERE s.message_id = m.id AND s.outcome = 2) AS lost
       FROM messages m WHERE m.id = $1`,
      [msgId],
    );
    return row!;
  };

  it('sends each step to the devices whose turn came, once, and the figures reconcile', async () => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, body);
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    const counted = await until(
      'the estimate',
      () => detail(id),
      (d) => d.status !== 19,
    );
    expect(counted.status, counted.error).toBe(18);
    const confirmed = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
    expect(confirmed.json(), confirmed.body).toMatchObject({ status: 200, data: { status: 4 } });
    let d = await detail(id);
    const [start, clicked, rest] = ['Start', 'Clicked', 'Rest'].map((tag) => stepId(d, tag)) as [
      number,
      number,
      number,
    ];
    expect(receivers(start)).toEqual([]);

    // devices 1–3 put something in their cart (device 1 twice: a redelivery); the entry step reaches each once
    const at = Date.now();
    await track(1, [{ name: 'add_to_cart', at }]);
    await track(1, [{ name: 'add_to_cart', at }]);
    await track(2, [{ name: 'add_to_cart', at }]);
    await track(3, [{ name: 'add_to_cart', at }]);
    await until(
      'the entry step sent to devices 1–3',
      async () => receivers(start),
      (got) => got.length >= 3,
      30_000,
    );
    // two more feeds at once (two processes): nobody new, nothing sent again
    const feed = new JourneyFeed(t.database);
    const steps = (await feed.liveSteps()).filter((s) => s.journeyId === id);
    expect(steps.map((s) => s.id).sort((a, b) => a - b)).toEqual([start, clicked, rest]);
    const entry = steps.find((s) => s.id === start)!;
    const waves = await Promise.all(
      [1, 2].map(() => t.database.transaction((tx) => feed.feed(tx, entry, steps))),
    );
    expect(waves).toEqual([undefined, undefined]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receivers(start).sort()).toEqual([1, 2, 3]);
    expect(await figures(start)).toEqual({ target: 3, dispatched: 3, lost: 0 });

    // device 1 clicks; device 3 buys (the exit event); device 2 does nothing
    const now = Date.now();
    await reportSdkEvents(t, sdkAuth, 1, [
      { type: 'received', msgId: start, ts: now },
      { type: 'shown', msgId: start, ts: now + 1 },
      { type: 'clicked', msgId: start, ts: now + 2 },
    ]);
    await track(3, [{ name: 'purchase', at: now }]);
    await until(
      'the click counted and the exit taken',
      () =>
        t.database.query<{ clicked: boolean; exited: boolean }>(
          `SELECT (SELECT event_mask & 4 <> 0 FROM send_record_events s JOIN devices v ON v.id = s.device_id
                   WHERE s.message_id = $1 AND v.gaid = $2::uuid) AS clicked,
                  EXISTS (SELECT 1 FROM journey_entries e JOIN devices v ON v.id = e.device_id
                          WHERE e.journey_id = $3 AND v.gaid = $4::uuid AND e.exited_at IS NOT NULL) AS exited`,
          [start, gaid(1), id, gaid(3)],
        ),
      ([r]) => r!.clicked && r!.exited,
    );
    // nothing follows before the hour
    await new Promise((r) => setTimeout(r, 1500));
    expect([...receivers(clicked), ...receivers(rest)]).toEqual([]);

    // an hour passes for devices 1–3 (their sends and the followers' last feed move back)
    await t.database.query(
      `UPDATE send_records SET sent_at = sent_at - interval '61 minutes' WHERE message_id = $1`,
      [start],
    );
    await t.database.query(
      `UPDATE messages SET journey_fed_until = journey_fed_until - interval '61 minutes' WHERE id = ANY($1::bigint[])`,
      [[clicked, rest]],
    );
    // device 4 enters now: it gets the entry step, and no follower yet
    await track(4, [{ name: 'add_to_cart', at: Date.now() }]);
    await until(
      'the branches and the late entry sent',
      async () => ({ c: receivers(clicked), r: receivers(rest), s: receivers(start) }),
      (x) => x.c.length + x.r.length >= 2 && x.s.length >= 4,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 2500));
    expect(receivers(clicked)).toEqual([1]);
    expect(receivers(rest)).toEqual([2]); // device 3 left on its purchase
    expect(receivers(start).sort()).toEqual([1, 2, 3, 4]);
    expect(await figures(start)).toEqual({ target: 4, dispatched: 4, lost: 0 });
    expect(await figures(clicked)).toEqual({ target: 1, dispatched: 1, lost: 0 });
    expect(await figures(rest)).toEqual({ target: 1, dispatched: 1, lost: 0 });
    d = await detail(id);
    expect(d).toMatchObject({ status: 4, entries: 4, exits: 1 });

    // stopped: its steps stop, and a new cart sends nothing
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/stop`)).json().status).toBe(200);
    await until(
      'the steps stopped',
      () => detail(id),
      (x) => (x.childMsgs as StepRow[]).every((s) => s.status === 3),
    );
    await track(5, [{ name: 'add_to_cart', at: Date.now() }]);
    await new Promise((r) => setTimeout(r, 2000));
    expect(receivers(start).sort()).toEqual([1, 2, 3, 4]);
  });
});

// An app that reviews its messages: an operator's event-started journey waits for review as a whole (no device enters,
// nothing is sent); a run makes it live, a rejection keeps it silent.
describe.each(backends('one'))('an event-started journey under review [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let sdkAuth: string;
  let tokens: string[];
  let owner: TestClient;
  let operator: TestClient;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, BEACON_JOURNEY_FEED_SECONDS: '1' },
      { runWorkers: true },
    );
    const created = await reviewAppOnEmulator(t, emu, {
      title: 'Reviewed shop',
      pkg: 'com.example.eventreview',
      projectId: 'eventreview-project',
      devices: 3,
    });
    ({ appId, tokens, sdkAuth } = created);
    ({ owner, operator } = created.clients);
    await track(0, [{ name: 'add_to_cart' }]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  async function track(i: number, events: unknown[]) {
    const res = await trackSdkEvents(t, sdkAuth, i, events);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
  }
  const detail = (id: number) =>
    owner.call('GET', `/tcm/v1/app/${appId}/msg/flow/canvas/${id}/detail`).then((r) => r.json().data);
  const delivered = (msgId: number) =>
    tokens.filter((tok) =>
      emu.inbox(tok).some((m) => (m.message.data as Record<string, string>).tcm_msg_id === String(msgId)),
    ).length;
  const confirmed = async (title: string) => {
    const saved = await operator.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, {
      title,
      targetingType: 0,
      scheduleType: 1,
      childMsgs: [{ groupTag: 'Start', msgType: 1, data: { ...NOTIFICATION, noti_title: title } }],
      entry: { kind: 'event', name: 'add_to_cart', reEntry: { kind: 'once' } },
    });
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    await until(
      'the estimate',
      () => detail(id),
      (d) => d.status === 18,
    );
    const res = await operator.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
    expect(res.json(), res.body).toMatchObject({ status: 200, data: { status: 11 } });
    return { id, start: (await detail(id)).childMsgs[0].msgId as number };
  };

  it('waits for review as a whole: nobody enters before the run, then the devices that report the event get it', async () => {
    const { id, start } = await confirmed('Reviewed cart');
    const listed = await owner.post(`/tcm/v1/app/${appId}/msg/reviews`, { msgId: String(id) });
    expect(listed.json().data.results).toMatchObject([{ msgId: id, status: 11 }]);
    await track(1, [{ name: 'add_to_cart', at: Date.now() }]);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await detail(id)).toMatchObject({ status: 11, entries: 0 });
    expect(delivered(start)).toBe(0);

    const run = await owner.post(`/tcm/v1/app/${appId}/msg/approve`, { msgId: id });
    expect(run.json(), run.body).toMatchObject({ status: 200, data: { msgId: id, status: 4 } });
    await track(2, [{ name: 'add_to_cart', at: Date.now() }]);
    await until(
      'the entry step sent to device 2',
      async () => delivered(start),
      (n) => n >= 1,
      30_000,
    );
    expect(await detail(id)).toMatchObject({ status: 4, entries: 1 });
    expect(delivered(start)).toBe(1);
  });

  it('a rejected one stays silent', async () => {
    const { id, start } = await confirmed('Rejected cart');
    const res = await owner.post(`/tcm/v1/app/${appId}/msg/reject`, { msgId: id, reason: 'Wrong offer' });
    expect(res.json(), res.body).toMatchObject({ status: 200, data: { status: 12 } });
    await track(1, [{ name: 'add_to_cart', at: Date.now() + 1 }]);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await detail(id)).toMatchObject({ status: 12, entries: 0 });
    expect(delivered(start)).toBe(0);
  });
});
