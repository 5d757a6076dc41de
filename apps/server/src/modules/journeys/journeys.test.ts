import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { JourneySaveInput, JourneyStepInput } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { reportSdkEvents, seedDevicesAt } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';
import { JourneysRepository } from './journeys.repository';
import { enterStep } from './journeys.runner';
import { MessageWriter } from '../messages';

const DEVICES = 10_000;

/** What device i (1-based) does with the entry message: clicks (i % 3 = 0), only shows (1), or nothing (2). */
const scripted = (i: number) => (i % 3 === 0 ? 'clicked' : i % 3 === 1 ? 'shown' : 'nothing');

/**
 * Journeys end to end through the FCM emulator (issue 15): an entry step to 10,000 devices whose events are scripted,
 * then three branches — clicked (after 1 h), not shown (after 2 h) and the residue (after 2 h) — each sent after its
 * wait to exactly the devices its branch took, each device at most one follow-up; a transition that dies before its
 * commit leaves nothing and one that dies after it is finished by the sweep.
 */
describe.each(backends('one'))('journeys [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let sdkAuth: string;
  let tokens: string[];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, BEACON_JOURNEY_SWEEP_SECONDS: '1' },
      { runWorkers: true },
    );
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.journey',
      projectId: 'journey-project',
    });
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    tokens = Array.from({ length: DEVICES }, () =>
      emu.registerDevice({ projectId: 'journey-project', packageName: 'com.example.journey' }),
    );
    const places = Array.from({ length: DEVICES }, () => ({
      country: 'NG',
      timezone: 'Africa/Lagos',
      utcOffsetMin: 60,
    }));
    // advertising ids gaid(i) = 00000000-0000-4000-8000-{i}, i = 1 … DEVICES (what reportSdkEvents names)
    await seedDevicesAt(t, appId, places, tokens, '00000000');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const step = (groupTag: string, title: string, over: Partial<JourneyStepInput> = {}): JourneyStepInput => ({
    groupTag,
    msgType: 1,
    data: { ...NOTIFICATION, noti_title: title },
    ...over,
  });
  const journey = (over: Partial<JourneySaveInput> = {}): JourneySaveInput => ({
    title: 'Welcome journey',
    targetingType: 0,
    scheduleType: 1,
    childMsgs: [
      step('Start', 'Welcome'),
      step('Clicked', 'Thanks for looking', {
        displayConditions: { from: 'Start', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
      }),
      step('Missed', 'You missed this', {
        displayConditions: { from: 'Start', outcome: 'notShown', wait: { unit: 'hours', value: 2 } },
      }),
      step('Rest', 'Still thinking?', {
        displayConditions: { from: 'Start', outcome: 'residue', wait: { unit: 'hours', value: 2 } },
      }),
    ],
    ...over,
  });
  const detail = (id: number) =>
    owner.call('GET', `/tcm/v1/app/${appId}/msg/flow/canvas/${id}/detail`).then((r) => r.json().data);
  type StepRow = {
    groupTag: string;
    msgId: number;
    status: number;
    entered: number | null;
    estimate: number | null;
  };
  const stepOf = (d: { childMsgs: StepRow[] }, tag: string) => d.childMsgs.find((s) => s.groupTag === tag)!;
  /** The advertising-id indexes whose token got a request of `msgId`, and how many requests in all. */
  const receivers = (msgId: number) => {
    const got = new Set<number>();
    let requests = 0;
    tokens.forEach((tok, k) => {
      for (const d of emu.inbox(tok))
        if ((d.message.data as Record<string, string>).tcm_msg_id === String(msgId)) {
          got.add(k + 1);
          requests++;
        }
    });
    return { got, requests };
  };
  /** Moves a sent step's end back in time, as if its followers' waits had run. */
  const age = (msgId: number, hours: number) =>
    t.database.query(
      `UPDATE messages SET finished_at = finished_at - make_interval(hours => $2) WHERE id = $1`,
      [msgId, hours],
    );

  it('sends each branch after its wait to exactly the devices that took it, with counts that add up', async () => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, journey());
    expect(saved.json(), saved.body).toMatchObject({ status: 200, data: { status: 19 } });
    const id = saved.json().data.id as number;
    const counted = await until(
      'the estimate',
      () => detail(id),
      (d) => d.status !== 19,
    );
    expect(counted.status, counted.error).toBe(18);
    expect(counted.targetCount).toBe(DEVICES);
    expect(stepOf(counted, 'Start').estimate).toBe(DEVICES);

    const confirmed = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
    expect(confirmed.json(), confirmed.body).toMatchObject({ status: 200 });
    // a second confirm finds it no longer waiting for confirmation
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`)).json().status).toBe(1060);
    const started = await until(
      'the entry step sent',
      () => detail(id),
      (d) => stepOf(d, 'Start').status === 1,
      60_000,
    );
    const entryId = stepOf(started, 'Start').msgId;
    expect(receivers(entryId).got.size).toBe(DEVICES);
    expect(started.status).toBe(4);

    // the devices' scripted answers, through the device API
    const now = Date.now();
    const indexes = Array.from({ length: DEVICES }, (_, k) => k + 1);
    for (let k = 0; k < indexes.length; k += 200)
      await Promise.all(
        indexes.slice(k, k + 200).map(async (i) => {
          const what = scripted(i);
          const events = [{ type: 'received', msgId: entryId, ts: now }];
          if (what !== 'nothing') events.push({ type: 'shown', msgId: entryId, ts: now + 1 });
          if (what === 'clicked') events.push({ type: 'clicked', msgId: entryId, ts: now + 2 });
          const res = await reportSdkEvents(t, sdkAuth, i, events);
          expect(res.json().status, res.body).toBe(200);
        }),
      );

    // no follower moves before its wait
    await new Promise((r) => setTimeout(r, 2500));
    let d = await detail(id);
    for (const tag of ['Clicked', 'Missed', 'Rest'])
      expect(stepOf(d, tag)).toMatchObject({ status: 2, entered: null });
    // troubleshooting explains a later step by its branch: not known before its wait ends, then member or not
    const trace = async (i: number, tag: string) =>
      (
        await owner.post(`/tcm/v1/app/${appId}/instance/message/query`, {
          instanceId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          msgId: stepOf(d, tag).msgId,
        })
      ).json().data;
    expect(await trace(2, 'Clicked')).toMatchObject({ stage: 'waiting', reason: 'journey-not-entered' });

    // an hour later: the clicked branch
    await age(entryId, 1);
    d = await until(
      'the clicked branch sent',
      () => detail(id),
      (x) => stepOf(x, 'Clicked').status === 1,
      60_000,
    );
    const clicked = receivers(stepOf(d, 'Clicked').msgId);
    const clickers = indexes.filter((i) => scripted(i) === 'clicked');
    expect(clicked.requests).toBe(clickers.length);
    expect([...clicked.got].sort((a, b) => a - b)).toEqual(clickers);
    expect(stepOf(d, 'Clicked').entered).toBe(clickers.length);
    expect(await trace(2, 'Clicked')).toMatchObject({
      stage: 'not-targeted',
      reason: 'journey-other-branch',
    });
    expect(await trace(3, 'Clicked')).toMatchObject({ stage: 'dispatched', reason: null });
    expect(stepOf(d, 'Missed')).toMatchObject({ status: 2, entered: null });

    // two hours: not shown, and the residue (what the other branches left: shown, not clicked)
    await age(entryId, 1);
    d = await until(
      'every branch sent',
      () => detail(id),
      (x) => x.status === 1,
      60_000,
    );
    const missed = receivers(stepOf(d, 'Missed').msgId);
    const rest = receivers(stepOf(d, 'Rest').msgId);
    expect([...missed.got].sort((a, b) => a - b)).toEqual(indexes.filter((i) => scripted(i) === 'nothing'));
    expect([...rest.got].sort((a, b) => a - b)).toEqual(indexes.filter((i) => scripted(i) === 'shown'));
    expect(missed.requests + rest.requests + clicked.requests).toBe(DEVICES);
    // counts per branch add up to what the entry dispatched; each step's targeted = dispatched + losses
    const entered = ['Clicked', 'Missed', 'Rest'].map((tag) => stepOf(d, tag).entered ?? 0);
    expect(entered.reduce((a, b) => a + b, 0)).toBe(DEVICES);
    for (const tag of ['Start', 'Clicked', 'Missed', 'Rest']) {
      const s = d.childMsgs.find((x: StepRow) => x.groupTag === tag);
      expect(s.dispatchCount).toBe(s.targetCount);
      // one wave a step, whoever moved it in (its job or the sweep)
      const [w] = await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM message_waves WHERE message_id = $1',
        [s.msgId],
      );
      expect(w!.n, tag).toBe(1);
    }
  }, 240_000);

  it('a transition that dies before its commit leaves nothing; one that dies after it is finished by the sweep', async () => {
    const saved = await owner.post(
      `/tcm/v1/app/${appId}/msg/flow/canvas/save`,
      journey({
        title: 'Crash journey',
        targetingType: 2,
        userIds: [1, 2, 3, 4, 5, 6].map((i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
        childMsgs: [
          step('Start', 'Hello'),
          step('Again', 'Hello again', {
            displayConditions: { from: 'Start', outcome: 'everyone', wait: { unit: 'hours', value: 1 } },
          }),
        ],
      }),
    );
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    await until(
      'the estimate',
      () => detail(id),
      (d) => d.status === 18,
    );
    await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
    const sent = await until(
      'the entry sent',
      () => detail(id),
      (d) => stepOf(d, 'Start').status === 1,
      60_000,
    );
    const entryId = stepOf(sent, 'Start').msgId;
    const againId = stepOf(sent, 'Again').msgId;
    const repo = new JourneysRepository(t.database);
    const writer = new MessageWriter(t.database);

    // a process dies inside the transition's transaction: rolled back, nothing written
    await expect(
      t.database.transaction(async (tx) => {
        await enterStep(
          tx,
          { repo, writer },
          { id: againId, appId, sourceId: entryId, outcome: 'everyone', conditions: [] },
        );
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    const members = () =>
      t.database
        .query<{ n: number }>('SELECT count(*)::int AS n FROM journey_members WHERE step_id = $1', [againId])
        .then((r) => r[0]!.n);
    expect(await members()).toBe(0);
    expect(stepOf(await detail(id), 'Again')).toMatchObject({ status: 2, entered: null });

    // a process dies right after the transition's commit (members and wave written, the wave's job never queued):
    // the sweep queues it, and the step sends to its members once (entering again writes nothing)
    await t.database.transaction((tx) =>
      enterStep(
        tx,
        { repo, writer },
        { id: againId, appId, sourceId: entryId, outcome: 'everyone', conditions: [] },
      ),
    );
    expect(await members()).toBe(6);
    const done = await until(
      'the second step sent',
      () => detail(id),
      (d) => d.status === 1,
      60_000,
    );
    expect(stepOf(done, 'Again').entered).toBe(6);
    const again = receivers(againId);
    expect(again.requests).toBe(6);
    expect([...again.got].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  }, 120_000);

  it('refuses a graph the rule refuses, naming the step, and stops a whole journey', async () => {
    const bad = await owner.post(
      `/tcm/v1/app/${appId}/msg/flow/canvas/save`,
      journey({
        childMsgs: [
          step('Start', 'Hello'),
          step('Later', 'x', {
            displayConditions: { from: 'Nowhere', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
          }),
        ],
      }),
    );
    expect(bad.json().status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('childMsgs.1.displayConditions.from');
    const badContent = await owner.post(
      `/tcm/v1/app/${appId}/msg/flow/canvas/save`,
      journey({
        childMsgs: [
          step('Start', 'Hello'),
          step('Later', 'x', {
            data: { ...NOTIFICATION, noti_title: '' },
            displayConditions: { from: 'Start', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
          }),
        ],
      }),
    );
    expect(badContent.json().status).toBe(400);
    expect(JSON.stringify(badContent.json())).toContain('childMsgs.1.data.noti_title');

    const saved = await owner.post(
      `/tcm/v1/app/${appId}/msg/flow/canvas/save`,
      journey({ title: 'Stopped' }),
    );
    const id = saved.json().data.id as number;
    await until(
      'the estimate',
      () => detail(id),
      (d) => d.status === 18,
    );
    await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
    await until(
      'the entry sent',
      () => detail(id),
      (d) => stepOf(d, 'Start').status === 1,
      60_000,
    );
    const stop = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/stop`);
    expect(stop.json(), stop.body).toMatchObject({ status: 200 });
    const entryId = stepOf(await detail(id), 'Start').msgId;
    await age(entryId, 3);
    await new Promise((r) => setTimeout(r, 2500));
    const d = await detail(id);
    expect(d.status).toBe(3);
    for (const tag of ['Clicked', 'Missed', 'Rest'])
      expect(stepOf(d, tag)).toMatchObject({ status: 3, entered: null });
    // its steps are listed with the journey, not among the notifications
    const notifications = await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1, pageSize: 100 });
    const listed = notifications.json().data.results.map((m: { id: number }) => m.id);
    expect(listed).not.toContain(entryId);
    const list = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/list`, { pageNo: 1 });
    expect(list.json().data.msgs.map((m: { title: string }) => m.title)).toContain('Stopped');
    // the list's filters (shared with the A/B tests' list: messages/parent-messages.ts)
    const titles = async (filters: object) =>
      (await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/list`, { pageNo: 1, ...filters }))
        .json()
        .data.msgs.map((m: { title: string }) => m.title);
    expect(await titles({ desc: 'TOPP' })).toContain('Stopped');
    expect(await titles({ desc: 'no such journey' })).toEqual([]);
    expect(await titles({ creator: 'nobody-here' })).toEqual([]);
    const removed = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/delete`);
    expect(removed.json(), removed.body).toMatchObject({ status: 200 });
  }, 120_000);
});
