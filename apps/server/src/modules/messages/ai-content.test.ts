import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { AbTestSaveInput, JourneySaveInput } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { reportSdkEvents, seedDevicesAt } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { shiftStatisticsDays } from '../../test/statistics';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

const DEVICES = 40;

/**
 * contentCreateType (issue 16: content from the AI assistant) on every kind of message: the detail returns it so that
 * an edit loads it, an edit that omits it keeps the stored value, and A/B arms and journey steps carry their own —
 * so an AI arm or step counts in statistics modes 2 (AI all) and 3 (AI notifications), a hand-written one does not.
 */
describe.each(backends('one'))('AI content of messages, A/B arms and journey steps [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let sdkAuth: string;
  let tokens: string[];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Copy',
      pkg: 'com.example.aicopy',
      projectId: 'ai-copy',
    });
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    tokens = Array.from({ length: DEVICES }, () =>
      emu.registerDevice({ projectId: 'ai-copy', packageName: 'com.example.aicopy' }),
    );
    const places = tokens.map(() => ({ country: 'NG', timezone: 'Africa/Lagos', utcOffsetMin: 60 }));
    // advertising ids gaid(i), i = 1 … DEVICES (what reportSdkEvents names)
    await seedDevicesAt(t, appId, places, tokens, '00000000');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const base = () => `/tcm/v1/app/${appId}`;
  const tomorrow = () => `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)} 12:00:00`;
  const stored = async (id: number) =>
    (
      await t.database.query<{ c: number }>('SELECT content_create_type AS c FROM messages WHERE id = $1', [
        id,
      ])
    )[0]?.c;
  const abDetail = (id: number) =>
    owner.call('GET', `${base()}/msg/abtest/${id}/detail`).then((r) => r.json().data);
  const journeyDetail = (id: number) =>
    owner.call('GET', `${base()}/msg/flow/canvas/${id}/detail`).then((r) => r.json().data);
  const arm = (groupTag: 'A' | 'B', over: Record<string, unknown> = {}) => ({
    msgType: 1 as const,
    groupTag,
    groupPercent: 50,
    scheduleType: 1 as const,
    data: { ...NOTIFICATION, noti_title: `Sale ${groupTag}` },
    ...over,
  });
  /** The devices (1-based gaid index) whose token got `msgId`. */
  const receivers = (msgId: number) =>
    tokens
      .map((tok, k) => ({ k: k + 1, got: emu.inbox(tok) }))
      .filter(({ got }) =>
        got.some((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(msgId)),
      )
      .map(({ k }) => k);

  it('returns a message’s contentCreateType in its detail; an edit that omits it keeps it, one that names it sets it', async () => {
    const save = (body: Record<string, unknown>) =>
      owner
        .post(`${base()}/msg/save`, {
          msgType: 1,
          data: NOTIFICATION,
          title: 'Kept',
          pushCount: 1,
          targetingType: 0,
          scheduleType: 2,
          scheduleDate: tomorrow(),
          ...body,
        })
        .then((r) => r.json());
    const detail = (id: number) =>
      owner.post(`${base()}/msg/detail`, { id }).then((r) => r.json().data as { contentCreateType: number });
    const ai = await save({ contentCreateType: 1 });
    expect(ai.status, ai.msg).toBe(200);
    const id = ai.data.id as number;
    expect((await detail(id)).contentCreateType).toBe(1);
    expect((await save({ id, title: 'Kept, edited' })).status).toBe(200);
    expect((await detail(id)).contentCreateType).toBe(1);
    expect((await save({ id, contentCreateType: 0 })).status).toBe(200);
    expect((await detail(id)).contentCreateType).toBe(0);
    // another title: the same message again within a day would be a twin (21030)
    const typed = await save({ title: 'Typed' });
    expect((await detail(typed.data.id as number)).contentCreateType).toBe(0);
    await owner.post(`${base()}/msg/${id}/delete`);
    await owner.post(`${base()}/msg/${typed.data.id as number}/delete`);
  });

  it('keeps an A/B arm’s and a journey step’s contentCreateType through an edit that omits it', async () => {
    const test = (over: Partial<AbTestSaveInput> = {}): AbTestSaveInput => ({
      title: 'Kept test',
      targetingType: 0,
      childMsgs: [
        arm('A', { scheduleType: 2, scheduleDate: tomorrow(), contentCreateType: 1 }),
        arm('B', { scheduleType: 2, scheduleDate: tomorrow() }),
      ],
      ...over,
    });
    const created = (await owner.post(`${base()}/msg/abtest/create`, test())).json();
    expect(created.status, created.msg).toBe(200);
    const id = created.data.id as number;
    const arms = (await abDetail(id)).childMsgs as Array<{ msgId: number; contentCreateType: number }>;
    expect(arms.map((a) => a.contentCreateType)).toEqual([1, 0]);
    const [a, b] = [arms[0]!, arms[1]!];
    const edited = await owner.post(
      `${base()}/msg/abtest/create`,
      test({
        id,
        childMsgs: [
          arm('A', { id: a.msgId, scheduleType: 2, scheduleDate: tomorrow() }),
          arm('B', { id: b.msgId, scheduleType: 2, scheduleDate: tomorrow(), contentCreateType: 1 }),
        ],
      }),
    );
    expect(edited.json().status, edited.body).toBe(200);
    expect(
      ((await abDetail(id)).childMsgs as Array<{ contentCreateType: number }>).map(
        (c) => c.contentCreateType,
      ),
    ).toEqual([1, 1]);
    await owner.post(`${base()}/msg/abtest/${id}/delete`);

    const journey = (ai: boolean, id?: number): JourneySaveInput => ({
      ...(id ? { id } : {}),
      title: 'Kept journey',
      targetingType: 0,
      scheduleType: 2,
      scheduleDate: tomorrow(),
      childMsgs: [
        {
          groupTag: 'Start',
          msgType: 1,
          data: NOTIFICATION,
          ...(ai ? { contentCreateType: 1 as const } : {}),
        },
      ],
    });
    const saved = (await owner.post(`${base()}/msg/flow/canvas/save`, journey(true))).json();
    expect(saved.status, saved.msg).toBe(200);
    const jid = saved.data.id as number;
    expect((await journeyDetail(jid)).childMsgs[0].contentCreateType).toBe(1);
    await until(
      'the estimate',
      () => journeyDetail(jid),
      (d) => d.status !== 19,
    );
    expect((await owner.post(`${base()}/msg/flow/canvas/save`, journey(false, jid))).json().status).toBe(200);
    expect((await journeyDetail(jid)).childMsgs[0].contentCreateType).toBe(1);
    await until(
      'the estimate',
      () => journeyDetail(jid),
      (d) => d.status !== 19,
    );
    await owner.post(`${base()}/msg/flow/canvas/${jid}/delete`);
  });

  it('counts an AI arm and an AI journey step in statistics modes 2 and 3, the hand-written arm only in 0 and 1', async () => {
    const created = (
      await owner.post(`${base()}/msg/abtest/create`, {
        title: 'AI copy test',
        targetingType: 0,
        childMsgs: [arm('A', { contentCreateType: 1 }), arm('B')],
      })
    ).json();
    expect(created.status, created.msg).toBe(200);
    const abId = created.data.id as number;
    const sentTest = await until(
      'both arms sent',
      () => abDetail(abId),
      (d) => (d.childMsgs as Array<{ status: number }>).every((c) => c.status === 1),
      60_000,
    );
    const [armA, armB] = sentTest.childMsgs as Array<{ msgId: number; contentCreateType: number }>;
    expect([armA!.contentCreateType, armB!.contentCreateType]).toEqual([1, 0]);
    expect(await stored(armA!.msgId)).toBe(1);
    expect(await stored(armB!.msgId)).toBe(0);

    const saved = (
      await owner.post(`${base()}/msg/flow/canvas/save`, {
        title: 'AI journey',
        targetingType: 0,
        scheduleType: 1,
        childMsgs: [{ groupTag: 'Start', msgType: 1, data: NOTIFICATION, contentCreateType: 1 }],
      } satisfies JourneySaveInput)
    ).json();
    expect(saved.status, saved.msg).toBe(200);
    const jid = saved.data.id as number;
    const counted = await until(
      'the estimate',
      () => journeyDetail(jid),
      (d) => d.status !== 19,
    );
    expect(counted.status, counted.error).toBe(18);
    expect((await owner.post(`${base()}/msg/flow/canvas/${jid}/approve`)).json().status).toBe(200);
    const started = await until(
      'the entry step sent',
      () => journeyDetail(jid),
      (d) => d.childMsgs[0].status === 1,
      60_000,
    );
    const entry = started.childMsgs[0] as { msgId: number; contentCreateType: number };
    expect(entry.contentCreateType).toBe(1);
    expect(await stored(entry.msgId)).toBe(1);

    const got = { a: receivers(armA!.msgId), b: receivers(armB!.msgId), entry: receivers(entry.msgId) };
    // the two arms split the audience; the entry step reaches everyone
    expect(got.a.length).toBeGreaterThan(0);
    expect(got.b.length).toBeGreaterThan(0);
    expect(got.a.length + got.b.length).toBe(DEVICES);
    expect(got.entry).toHaveLength(DEVICES);
    const ts = Date.now();
    for (let i = 1; i <= DEVICES; i++) {
      const events = [{ type: 'shown', msgId: entry.msgId, ts }];
      // the hand-written arm's devices also click it: those clicks belong to modes 0 and 1 only
      if (got.a.includes(i)) events.push({ type: 'shown', msgId: armA!.msgId, ts });
      else events.push({ type: 'clicked', msgId: armB!.msgId, ts });
      const res = await reportSdkEvents(t, sdkAuth, i, events);
      expect(res.json().status, res.body).toBe(200);
    }
    await shiftStatisticsDays(t, appId, -1);

    const yesterday = async (mode: number) => {
      const res = await owner.call('GET', `${base()}/report/yesterday?type=${mode}`);
      expect(res.json().status, res.body).toBe(200);
      return res.json().data.yesterday as { dispatch: number; show: number; click: number };
    };
    const aiShown = got.a.length + DEVICES;
    expect(await yesterday(0)).toMatchObject({
      dispatch: 2 * DEVICES,
      show: 2 * DEVICES,
      click: got.b.length,
    });
    expect(await yesterday(1)).toMatchObject({
      dispatch: got.b.length,
      show: got.b.length,
      click: got.b.length,
    });
    expect(await yesterday(2)).toMatchObject({ dispatch: aiShown, show: aiShown, click: 0 });
    expect(await yesterday(3)).toMatchObject({ dispatch: aiShown, show: aiShown, click: 0 });
  });
});
