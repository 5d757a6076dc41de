import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { AB_TAGS, base64OfText, type AbTag, type AbTestSaveInput } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

const DEVICES = 10_000;

/**
 * A/B tests through the FCM emulator (issue 13 item 2): two disjoint arms of the stated percent of the audience, each
 * sent by the engine with its own counters; send to all reaches exactly the devices in neither arm, once.
 */
describe.each(backends('both'))('A/B tests [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let tokens: string[];
  let sdkAuth: string;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, BEACON_AB_WINNER_SECONDS: '1' },
      { runWorkers: true },
    );
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.ab',
      projectId: 'ab-project',
    });
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    tokens = Array.from({ length: DEVICES }, () =>
      emu.registerDevice({ projectId: 'ab-project', packageName: 'com.example.ab' }),
    );
    await t.database.query(
      `WITH d AS (
         INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                              timezone, utc_offset_min, notifications_enabled)
         SELECT $1, ('20000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33,
                '3.1.0', 310, 'Africa/Lagos', 60, true
         FROM generate_series(0, ${DEVICES - 1}) g RETURNING id, gaid
       ) INSERT INTO device_tokens (device_id, token) SELECT d.id, ($2::text[])[right(d.gaid::text, 12)::int + 1] FROM d`,
      [appId, tokens],
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const arm = (groupTag: AbTag, title: string, groupPercent = 10) => ({
    msgType: 1 as const,
    groupTag,
    groupPercent,
    scheduleType: 1 as const,
    data: { ...NOTIFICATION, noti_title: title },
  });
  const create = (body: Partial<AbTestSaveInput> = {}) =>
    owner.post(`/tcm/v1/app/${appId}/msg/abtest/create`, {
      title: 'Sale copy test',
      targetingType: 0,
      childMsgs: [arm('A', 'Sale A'), arm('B', 'Sale B')],
      ...body,
    });
  /** Which tokens got a request of `msgId`, and how many requests in all. */
  const receivers = (msgId: number) => {
    const got = new Set<string>();
    let requests = 0;
    for (const tok of tokens)
      for (const d of emu.inbox(tok))
        if ((d.message.data as Record<string, string>).tcm_msg_id === String(msgId)) {
          got.add(tok);
          requests++;
        }
    return { got, requests };
  };
  const detail = (id: number) =>
    owner.call('GET', `/tcm/v1/app/${appId}/msg/abtest/${id}/detail`).then((r) => r.json().data);

  it('splits 10,000 devices into two disjoint arms of 10 % (± 1 %), each sent once; send to all reaches exactly the rest, once', async () => {
    const res = await create();
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const id = res.json().data.id as number;
    const sent = await until(
      'both arms sent',
      () => detail(id),
      (d) => d.status === 1,
      60_000,
    );
    expect(sent.childMsgs.map((c: { groupTag: string }) => c.groupTag)).toEqual(['A', 'B']);
    const [a, b] = sent.childMsgs as Array<{ msgId: number; pushCount: number; dispatchCount: number }>;
    const ra = receivers(a!.msgId);
    const rb = receivers(b!.msgId);
    for (const r of [ra, rb]) {
      expect(r.got.size).toBeGreaterThanOrEqual(900);
      expect(r.got.size).toBeLessThanOrEqual(1100);
      expect(r.requests).toBe(r.got.size);
    }
    expect([...ra.got].filter((tok) => rb.got.has(tok))).toEqual([]);
    // each arm's own counters: what it sent
    expect(a!.dispatchCount).toBe(ra.got.size);
    expect(b!.dispatchCount).toBe(rb.got.size);
    expect(a!.pushCount).toBe(ra.got.size);

    // send arm B to all: the devices in neither arm, exactly once; a second time is refused
    const all = await owner.post(`/tcm/v1/app/${appId}/msg/abtest/${id}/fulfill/${b!.msgId}`);
    expect(all.json(), all.body).toMatchObject({ status: 200 });
    const restId = all.json().data.msgId as number;
    await until(
      'rest sent',
      () => detail(id),
      (d) => d.abAllSent && d.childMsgs.find((c: { msgId: number }) => c.msgId === restId)?.status === 1,
      60_000,
    );
    const rr = receivers(restId);
    expect(rr.requests).toBe(rr.got.size);
    expect(rr.got.size).toBe(DEVICES - ra.got.size - rb.got.size);
    for (const tok of rr.got) expect(ra.got.has(tok) || rb.got.has(tok)).toBe(false);
    const payload = emu.inbox([...rr.got][0]!).at(-1)!.message.data as Record<string, string>;
    expect(payload.noti_title).toBe('Sale B');
    expect(
      (await owner.post(`/tcm/v1/app/${appId}/msg/abtest/${id}/fulfill/${a!.msgId}`)).json().status,
    ).toBe(3001);
    // no events yet: the arms' click rates cannot differ
    expect((await detail(id)).significance).toMatchObject({
      arms: [
        { tag: 'A', pValue: null },
        { tag: 'B', pValue: 1, adjustedP: 1 },
      ],
      best: 'A',
      significant: false,
      leader: null,
    });
    // the operator's choice is the test's decision
    expect((await detail(id)).winner).toMatchObject({ auto: false, msgId: b!.msgId, reason: 'manual' });
    // an arm alone is never cancelled nor edited; the test as a whole is stopped or recalled through its arms
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/${a!.msgId}/cancel`)).json().status).not.toBe(200);
    // the list shows the test with its arms and the rest
    const list = (await owner.post(`/tcm/v1/app/${appId}/msg/abtest/list`, {})).json().data;
    expect(list.total).toBe(1);
    // its filters and its detail's shared settings (messages/parent-messages.ts, shared with the journeys)
    const listed = async (filters: object) =>
      (await owner.post(`/tcm/v1/app/${appId}/msg/abtest/list`, filters)).json().data.total;
    expect(await listed({ desc: list.msgs[0].title.slice(1, 4).toUpperCase() })).toBe(1);
    expect(await listed({ desc: 'no such test' })).toBe(0);
    expect(await detail(id)).toMatchObject({
      timeToLive: expect.any(Number),
      msgRestrictType: expect.any(Number),
    });
    expect(
      list.msgs[0].childMsgs.map((c: { groupTag: string; rest: boolean }) => [c.groupTag, c.rest]),
    ).toEqual([
      ['A', false],
      ['B', false],
      ['B*', true],
    ]);
  }, 120_000);

  it('refuses arms of different types or percents, sums over 100 %, a cross arm without JSON, naming the field', async () => {
    const field = async (body: Partial<AbTestSaveInput>) => {
      const res = await create(body);
      expect(res.json().status, res.body).toBe(400);
      return res.json().data.fields[0].field as string;
    };
    expect(await field({ childMsgs: [arm('A', 'x'), { ...arm('B', 'y'), msgType: 2 }] })).toBe(
      'childMsgs.1.msgType',
    );
    expect(await field({ childMsgs: [arm('A', 'x', 10), arm('B', 'y', 20)] })).toBe(
      'childMsgs.1.groupPercent',
    );
    expect(await field({ childMsgs: [arm('A', 'x', 60), arm('B', 'y', 60)] })).toBe(
      'childMsgs.0.groupPercent',
    );
    expect(await field({ childMsgs: [arm('A', 'x')] })).toBe('childMsgs');
    const cross = (groupTag: 'A' | 'B', data: Record<string, unknown>) => ({
      ...arm(groupTag, ''),
      msgType: 2 as const,
      data,
    });
    expect(
      await field({
        childMsgs: [cross('A', { trans_data: base64OfText('{"a":1}') }), cross('B', { trans_data: 'x' })],
      }),
    ).toBe('childMsgs.1.data.trans_data');
    // nothing half-written: no test was left by the refused saves
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/abtest/list`, {})).json().data.total).toBe(1);
  });

  it('never edits an arm on its own', async () => {
    const list = (await owner.post(`/tcm/v1/app/${appId}/msg/abtest/list`, {})).json().data;
    const armId = list.msgs[0].childMsgs[0].msgId as number;
    const res = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      id: armId,
      msgType: 1,
      data: NOTIFICATION,
      title: 'Edited alone',
      pushCount: 1,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(res.json().status).toBe(3001);
  });

  /** Reports received, shown and (when `click`) clicked of message `msgId` for the device holding `token`. */
  const index = new Map<string, number>();
  const report = async (token: string, msgId: number, click: boolean) => {
    if (index.size === 0) tokens.forEach((tok, i) => index.set(tok, i));
    const now = Date.now();
    const events = [
      { type: 'received', msgId, ts: now },
      { type: 'shown', msgId, ts: now + 1 },
      ...(click ? [{ type: 'clicked', msgId, ts: now + 2 }] : []),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/events',
      headers: { authorization: sdkAuth },
      payload: { gaid: `20000000-0000-4000-8000-${String(index.get(token)!).padStart(12, '0')}`, events },
    });
    expect(res.json().status, res.body).toBe(200);
  };
  type Arm = { msgId: number; groupTag: string; status: number; rest: boolean };
  const sentArms = (id: number, n: number) =>
    until(
      'every arm sent',
      () => detail(id),
      (d) => d.childMsgs.filter((c: Arm) => !c.rest && c.status === 1).length === n,
      60_000,
    );

  it('four variants: the one clicked most goes to exactly the rest on its own, once, before the deadline', async () => {
    const res = await create({
      title: 'Four headlines',
      childMsgs: AB_TAGS.slice(0, 4).map((tag) => arm(tag, `Head ${tag}`)),
      winner: { auto: true, afterHours: 1, early: true },
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const id = res.json().data.id as number;
    const sent = await sentArms(id, 4);
    const arms = sent.childMsgs as Arm[];
    expect(arms.map((c) => c.groupTag)).toEqual(['A', 'B', 'C', 'D']);
    const got = arms.map((c) => receivers(c.msgId));
    // four disjoint slices of 10 % (± 1 %)
    for (const r of got) {
      expect(r.got.size).toBeGreaterThanOrEqual(900);
      expect(r.got.size).toBeLessThanOrEqual(1100);
    }
    expect(new Set(got.flatMap((r) => [...r.got])).size).toBe(got.reduce((n, r) => n + r.got.size, 0));
    // nothing clicked yet: no winner, the deadline an hour after the last start
    expect(sent.winner).toMatchObject({ auto: true, afterHours: 1, early: true, msgId: null, reason: null });
    expect(new Date(sent.winner.decidesAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // C's devices click four in ten, the others one in fifty: C is significantly best at an interim look. C's are
    // reported first: the workers look every second, and a look after A's 20 clicks but before anyone else's would
    // rightly find A significantly best of four variants with none
    for (const k of [2, 0, 1, 3]) {
      const r = got[k]!;
      const every = k === 2 ? 5 : 50;
      const clickers = [...r.got].filter((_, j) => j % every < (k === 2 ? 2 : 1));
      for (const tok of clickers) await report(tok, arms[k]!.msgId, true);
    }
    const decided = await until(
      'the winner sent',
      () => detail(id),
      (d) => d.abAllSent && d.childMsgs.some((c: Arm) => c.rest && c.status === 1),
      60_000,
    );
    expect(decided.winner).toMatchObject({ msgId: arms[2]!.msgId, reason: 'significant' });
    expect(decided.significance).toMatchObject({ best: 'C', leader: 'C', significant: true });
    const rests = (decided.childMsgs as Arm[]).filter((c) => c.rest);
    expect(rests.map((c) => c.groupTag)).toEqual(['C*']);
    const rr = receivers(rests[0]!.msgId);
    expect(rr.requests).toBe(rr.got.size);
    expect(rr.got.size).toBe(DEVICES - got.reduce((n, r) => n + r.got.size, 0));
    for (const tok of rr.got) expect(got.some((r) => r.got.has(tok))).toBe(false);
    const payload = emu.inbox([...rr.got][0]!).at(-1)!.message.data as Record<string, string>;
    expect(payload.noti_title).toBe('Head C');
    // taken once: the operator can no longer send another variant, and a later look sends nothing more
    expect(
      (await owner.post(`/tcm/v1/app/${appId}/msg/abtest/${id}/fulfill/${arms[0]!.msgId}`)).json().status,
    ).toBe(3001);
    await new Promise((r) => setTimeout(r, 2500));
    expect(((await detail(id)).childMsgs as Arm[]).filter((c) => c.rest)).toHaveLength(1);
  }, 180_000);

  it('without early looks, nothing is sent before the deadline; at it, the best observed goes to the rest', async () => {
    const res = await create({
      title: 'Two at the deadline',
      childMsgs: [arm('A', 'Late A', 20), arm('B', 'Late B', 20)],
      winner: { auto: true, afterHours: 1, early: false },
    });
    const id = res.json().data.id as number;
    const arms = (await sentArms(id, 2)).childMsgs as Arm[];
    // B's devices click a little more, far from significant
    const [ra, rb] = arms.map((c) => receivers(c.msgId));
    for (const tok of [...ra!.got].slice(0, 3)) await report(tok, arms[0]!.msgId, true);
    for (const tok of [...rb!.got].slice(0, 5)) await report(tok, arms[1]!.msgId, true);
    await until(
      'the clicks counted',
      () => detail(id),
      (d) => d.childMsgs[0].click === 3 && d.childMsgs[1].click === 5,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 2500));
    expect(await detail(id)).toMatchObject({ abAllSent: false, winner: { msgId: null } });
    // the deadline passes: the arms started two hours ago
    await t.database.query(
      `UPDATE messages SET started_at = started_at - interval '2 hours' WHERE parent_msg_id = $1`,
      [id],
    );
    const decided = await until(
      'the winner sent',
      () => detail(id),
      (d) => d.abAllSent && d.childMsgs.some((c: Arm) => c.rest && c.status === 1),
      60_000,
    );
    expect(decided.winner).toMatchObject({ msgId: arms[1]!.msgId, reason: 'deadline' });
    expect(decided.significance.significant).toBe(false);
    const rest = (decided.childMsgs as Arm[]).find((c) => c.rest)!;
    expect(rest.groupTag).toBe('B*');
    expect(receivers(rest.msgId).got.size).toBe(DEVICES - ra!.got.size - rb!.got.size);
  }, 180_000);

  it('bandit: four rounds shift the variants’ share toward the one clicked most, then it goes to the rest; every device gets one message', async () => {
    const res = await create({
      title: 'Bandit',
      childMsgs: AB_TAGS.slice(0, 3).map((tag) => arm(tag, `Band ${tag}`)),
      winner: { auto: true, afterHours: 4, early: true, bandit: true },
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const id = res.json().data.id as number;
    type Child = Arm & { round: number; dispatchCount: number };
    // B's devices click one in two, A's and C's one in fifty; a round is planned on what was counted, so the clicks
    // are waited for before the time moves
    const clickRound = async (children: Child[]) => {
      const expected = new Map<number, number>();
      for (const c of children) {
        const every = c.groupTag === 'B' ? 2 : 50;
        const got = [...receivers(c.msgId).got];
        for (const [j, tok] of got.entries()) if (j % every === 0) await report(tok, c.msgId, true);
        expected.set(c.msgId, Math.ceil(got.length / every));
      }
      await until(
        'the clicks counted',
        () => detail(id),
        (x) =>
          (x.childMsgs as Array<Child & { click: number }>).every(
            (c) => !expected.has(c.msgId) || c.click === expected.get(c.msgId),
          ),
        30_000,
      );
    };
    let d = await sentArms(id, 3);
    for (let round = 1; round <= 3; round++) {
      await clickRound((d.childMsgs as Child[]).filter((c) => c.round === round - 1));
      // the round's spacing (4 h ÷ 4) has passed: the arms started an hour and a half ago
      await t.database.query(
        `UPDATE messages SET started_at = started_at - interval '90 minutes' WHERE parent_msg_id = $1`,
        [id],
      );
      d = await until(
        `round ${round} sent`,
        () => detail(id),
        (x) =>
          x.winner.rounds === round + 1 &&
          (x.childMsgs as Child[]).some((c) => c.round === round) &&
          (x.childMsgs as Child[]).every((c) => c.rest || c.status === 1),
        60_000,
      );
    }
    const arms = (d.childMsgs as Child[]).filter((c) => !c.rest);
    const devicesOf = (tag: string, round: number) =>
      arms
        .filter((c) => c.groupTag === tag && c.round === round)
        .reduce((n, c) => n + receivers(c.msgId).got.size, 0);
    // the first round even; B gets most of each later one
    for (const round of [1, 2, 3])
      expect(devicesOf('B', round)).toBeGreaterThan(devicesOf('A', round) + devicesOf('C', round));
    await clickRound(arms.filter((c) => c.round === 3));
    await t.database.query(
      `UPDATE messages SET started_at = started_at - interval '90 minutes' WHERE parent_msg_id = $1`,
      [id],
    );
    const decided = await until(
      'the winner sent',
      () => detail(id),
      (x) => x.abAllSent && x.childMsgs.some((c: Arm) => c.rest && c.status === 1),
      60_000,
    );
    const bFirst = arms.find((c) => c.groupTag === 'B' && c.round === 0)!;
    expect(decided.winner).toMatchObject({ msgId: bFirst.msgId, reason: 'bandit', bandit: true, rounds: 4 });
    const b = decided.significance.arms.find((a: { tag: string }) => a.tag === 'B');
    expect(b.probabilityBest).toBeGreaterThanOrEqual(0.95);
    // every device of the app got exactly one message of the test: one round of one variant, or the rest
    const all = (decided.childMsgs as Child[]).map((c) => receivers(c.msgId));
    const seen = new Map<string, number>();
    for (const r of all) for (const tok of r.got) seen.set(tok, (seen.get(tok) ?? 0) + 1);
    expect(seen.size).toBe(DEVICES);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(all.every((r) => r.requests === r.got.size)).toBe(true);
  }, 240_000);

  it('refuses a ninth variant, tags out of order and a share too large for the variants, naming the field', async () => {
    const field = async (body: Partial<AbTestSaveInput>) => {
      const res = await create(body);
      expect(res.json().status, res.body).toBe(400);
      return res.json().data.fields[0];
    };
    const nine = [...AB_TAGS.map((tag) => arm(tag, tag, 5)), arm('H', 'I', 5)];
    expect((await field({ childMsgs: nine })).field).toBe('childMsgs');
    expect((await field({ childMsgs: [arm('A', 'a'), arm('C', 'c')] })).field).toBe('childMsgs.1.groupTag');
    expect(await field({ childMsgs: AB_TAGS.slice(0, 3).map((tag) => arm(tag, tag, 34)) })).toMatchObject({
      field: 'childMsgs.0.groupPercent',
      message: expect.stringContaining('33.33'),
    });
    expect(
      (
        await field({
          childMsgs: [arm('A', 'a'), arm('B', 'b')],
          winner: { auto: true, afterHours: 0, early: true },
        })
      ).field,
    ).toBe('winner.afterHours');
  });
});
