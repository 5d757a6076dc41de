import { AB_TAGS, base64OfText, type AbTestSaveInput } from '@beacon/shared';
import { describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { NOTIFICATION } from '../../test/messaging';
import { until } from '../../test/until';
import { abTestsFixture, DEVICES } from '../../test/fixtures/ab-tests';

/**
 * A/B tests through the FCM emulator (issue 13 item 2): two disjoint arms of the stated percent of the audience, each
 * sent by the engine with its own counters; send to all reaches exactly the devices in neither arm, once.
 */
describe.each(backends('both'))('A/B tests [$name]', (backend) => {
  const ab = abTestsFixture(backend);
  const { arm, create, receivers, detail } = ab;

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
    const all = await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/abtest/${id}/fulfill/${b!.msgId}`);
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
    const payload = ab.emu.inbox([...rr.got][0]!).at(-1)!.message.data as Record<string, string>;
    expect(payload.noti_title).toBe('Sale B');
    expect(
      (await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/abtest/${id}/fulfill/${a!.msgId}`)).json().status,
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
    expect((await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/${a!.msgId}/cancel`)).json().status).not.toBe(
      200,
    );
    // the list shows the test with its arms and the rest
    const list = (await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/abtest/list`, {})).json().data;
    expect(list.total).toBe(1);
    // its filters and its detail's shared settings (messages/parent-messages.ts, shared with the journeys)
    const listed = async (filters: object) =>
      (await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/abtest/list`, filters)).json().data.total;
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
    expect((await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/abtest/list`, {})).json().data.total).toBe(1);
  });

  it('never edits an arm on its own', async () => {
    const list = (await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/abtest/list`, {})).json().data;
    const armId = list.msgs[0].childMsgs[0].msgId as number;
    const res = await ab.owner.post(`/tcm/v1/app/${ab.appId}/msg/save`, {
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
