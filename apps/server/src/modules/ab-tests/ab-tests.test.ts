import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { base64OfText, type AbTestSaveInput } from '@beacon/shared';
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
describe.each(backends('one'))('A/B tests [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let tokens: string[];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.ab',
      projectId: 'ab-project',
    });
    ({ owner } = created);
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

  const arm = (groupTag: 'A' | 'B', title: string, groupPercent = 10) => ({
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
    expect((await detail(id)).significance).toMatchObject({ pValue: 1, significant: false, leader: null });
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
});
