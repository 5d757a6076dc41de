import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, seedDevices } from '../../test/devices';
import { clientFor, seedTeam } from '../../test/fixtures/team';
import { NOTIFICATION } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';

/**
 * The checks the compose form makes before msg/save (spec part 2 §7): limit/check (checkIsDailyLimitReach), msg/check,
 * msg/restrict/check and msg/gaid/check. Each answers from the save's own rules, so a check and the save that follows
 * cannot disagree.
 */
describe.each(backends('one'))('compose checks before the save [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  let operator: TestClient;
  let tester: TestClient;
  let stranger: TestClient;

  // a title of its own: the same message again within a day would be a twin (21030)
  let seq = 0;
  const message = (over: Record<string, unknown> = {}) => ({
    msgType: 1,
    data: NOTIFICATION,
    title: `Sale ${++seq}`,
    pushCount: 3,
    targetingType: 0,
    scheduleType: 1,
    ...over,
  });
  const messageCount = async () =>
    (
      await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE app_id = $1', [
        appId,
      ])
    )[0]!.n;
  const setLimit = (enable: boolean, count: number) =>
    t.database.query('UPDATE apps SET limit_enable = $2, limit_count = $3 WHERE id = $1', [
      appId,
      enable,
      count,
    ]);

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    await seedDevices(t, appId, 1, 3);
    owner = await clientFor(t, 'owner');
    operator = await clientFor(t, 'operator');
    tester = await clientFor(t, 'tester');
    stranger = await clientFor(t, 'stranger');
  });
  afterAll(async () => t?.close());

  describe('limit/check (checkIsDailyLimitReach)', () => {
    const check = (body: object, who = owner) => who.post(`/tcm/v1/app/${appId}/limit/check`, body);

    it('answers 21029 exactly when msg/save would refuse for the daily limit of the kind', async () => {
      await setLimit(false, 0);
      expect((await check({ msgRestrictType: 1 })).json()).toEqual({
        status: 200,
        msg: 'success',
        data: { msgRestrictType: 1, limitEnable: false, limitCount: 0, used: 0, reached: false },
      });
      await setLimit(true, 2);
      expect((await check({ msgRestrictType: 1 })).json()).toMatchObject({
        status: 200,
        data: { limitEnable: true, limitCount: 2, used: 0, reached: false },
      });
      const first = (await owner.post(`/tcm/v1/app/${appId}/msg/save`, message())).json<{
        status: number;
        data: { id: number };
      }>();
      expect(first.status).toBe(200);
      expect((await check({ msgRestrictType: 1 })).json()).toMatchObject({ status: 200, data: { used: 1 } });
      expect((await owner.post(`/tcm/v1/app/${appId}/msg/save`, message())).json()).toMatchObject({
        status: 200,
      });

      // the limit is reached: the check and the save both refuse, with the same figures
      const refused = (await check({ msgRestrictType: 1 })).json();
      expect(refused).toMatchObject({
        status: 21029,
        data: { msgRestrictType: 1, limitEnable: true, limitCount: 2, used: 2, reached: true },
      });
      const saved = (await owner.post(`/tcm/v1/app/${appId}/msg/save`, message())).json();
      expect(saved).toMatchObject({ status: 21029, data: (refused as { data: object }).data });

      // another kind has its own count; an edit creates nothing and is never refused
      expect((await check({ msgRestrictType: 2 })).json()).toMatchObject({ status: 200, data: { used: 0 } });
      expect((await check({ msgRestrictType: 1, id: first.data.id })).json()).toMatchObject({
        status: 200,
        data: { used: 2, reached: false },
      });
      // a tester composes too (device lists): the check is theirs as well
      expect((await check({ msgRestrictType: 1 }, tester)).json()).toMatchObject({ status: 21029 });
      await setLimit(false, 0);
    });

    it('refuses a bad kind naming the field, and a user without a role on the app', async () => {
      expect((await check({ msgRestrictType: 4 })).json()).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'msgRestrictType' }] },
      });
      expect((await check({ msgRestrictType: 1, id: 'x' })).json()).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'id' }] },
      });
      expect((await check({ msgRestrictType: 1 }, stranger)).json()).toMatchObject({ status: 1002 });
    });
  });

  describe('msg/check', () => {
    const check = (body: object, who = owner) => who.post(`/tcm/v1/app/${appId}/msg/check`, body);

    it('answers the status the save would give and writes nothing', async () => {
      const before = await messageCount();
      expect((await check(message())).json()).toEqual({ status: 200, msg: 'success', data: { status: 0 } });
      await t.database.query('UPDATE apps SET review_enable = true WHERE id = $1', [appId]);
      // an operator's message waits for review (11)
      expect((await check(message(), operator)).json()).toMatchObject({ status: 200, data: { status: 11 } });
      await t.database.query('UPDATE apps SET review_enable = false WHERE id = $1', [appId]);
      expect(await messageCount()).toBe(before);
    });

    it("refuses as the save refuses: the server's own rules name the field, the daily limit is 21029", async () => {
      const before = await messageCount();
      expect((await check(message({ pushCount: 4 }))).json()).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'pushCount' }] },
      });
      expect((await check(message({ title: '' }))).json()).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'title' }] },
      });
      await setLimit(true, 1);
      expect((await check(message())).json()).toMatchObject({ status: 21029 });
      await setLimit(false, 0);
      // testers target device ids and files only, as at save
      expect((await check(message(), tester)).json()).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'targetingType' }] },
      });
      expect((await check(message(), stranger)).json()).toMatchObject({ status: 1002 });
      expect(await messageCount()).toBe(before);
    });
  });

  describe('msg/restrict/check', () => {
    const check = (body: object, who = owner) => who.post(`/tcm/v1/app/${appId}/msg/restrict/check`, body);

    it("answers the app's daily limit of the kind and the platform's per-device limits", async () => {
      await setLimit(true, 5);
      await t.database.query(
        `INSERT INTO global_restricts (option, enable, number) VALUES ('total', true, 6), ('distribute', true, 2)
         ON CONFLICT (option) DO UPDATE SET enable = excluded.enable, number = excluded.number`,
      );
      const res = (await check({ msgRestrictType: 2 })).json<{ data: { app: { used: number } } }>();
      expect(res).toMatchObject({
        status: 200,
        data: {
          app: { msgRestrictType: 2, limitEnable: true, limitCount: 5, reached: false },
          perDevice: { total: { enable: true, number: 6 }, kind: { enable: true, number: 2 } },
        },
      });
      // the same count as limit/check
      expect(
        (await owner.post(`/tcm/v1/app/${appId}/limit/check`, { msgRestrictType: 2 })).json(),
      ).toMatchObject({ data: { used: res.data.app.used } });
      expect((await check({ msgRestrictType: 1 })).json()).toMatchObject({
        data: { perDevice: { kind: { enable: false } } },
      });
      // the platform's limit switch off: no per-device limit applies
      const limitSwitch = (on: boolean) =>
        t.database.query(
          'INSERT INTO global_settings (id, limit_switch) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET limit_switch = $1',
          [on],
        );
      await limitSwitch(false);
      expect((await check({ msgRestrictType: 2 })).json()).toMatchObject({ data: { perDevice: null } });
      await limitSwitch(true);
      await setLimit(false, 0);
    });

    it('refuses a bad kind naming the field, and a user without a role', async () => {
      expect((await check({ msgRestrictType: 'ad' })).json()).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'msgRestrictType' }] },
      });
      expect((await check({ msgRestrictType: 1 }, stranger)).json()).toMatchObject({ status: 1002 });
    });
  });

  describe('msg/gaid/check', () => {
    const check = (userIds: unknown, who = owner) =>
      who.post(`/tcm/v1/app/${appId}/msg/gaid/check`, { userIds });

    it('accepts devices of the app, in any case', async () => {
      expect((await check([gaid(1), gaid(2).toUpperCase()])).json()).toEqual({
        status: 200,
        msg: 'success',
        data: { gaids: [gaid(1), gaid(2)] },
      });
      expect((await check([gaid(3)], tester)).json()).toMatchObject({ status: 200 });
    });

    it('answers 40000 for a malformed id, 40002 for a repeat, 40001 for an id no device of the app has', async () => {
      expect((await check([gaid(1), 'not-a-gaid'])).json()).toMatchObject({
        status: 40000,
        data: { gaids: ['not-a-gaid'] },
      });
      expect((await check([gaid(1), gaid(1).toUpperCase()])).json()).toMatchObject({
        status: 40002,
        data: { gaids: [gaid(1)] },
      });
      const res = (await check([gaid(1), gaid(99)])).json<{ msg: string }>();
      expect(res).toMatchObject({ status: 40001, data: { gaids: [gaid(99)] } });
      expect(res.msg).toContain(gaid(99));
    });

    it('refuses an empty or too long list naming the field, and a user without a role', async () => {
      for (const bad of [[], Array.from({ length: 31 }, (_, i) => gaid(i + 1)), 'x'])
        expect((await check(bad)).json()).toMatchObject({
          status: 400,
          data: { fields: [{ field: 'userIds' }] },
        });
      expect((await check([gaid(1)], stranger)).json()).toMatchObject({ status: 1002 });
    });
  });
});

describe.each(backends('one'))('codes of the spec the compose rules produce [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    await seedDevices(t, appId, 1, 3);
    owner = await clientFor(t, 'owner');
  });
  afterAll(async () => t?.close());

  const arm = (groupTag: 'A' | 'B', groupPercent = 10) => ({
    msgType: 1,
    groupTag,
    groupPercent,
    scheduleType: 1,
    data: NOTIFICATION,
  });
  const abTest = (userIds: string[], groupPercent = 10) =>
    owner.post(`/tcm/v1/app/${appId}/msg/abtest/create`, {
      title: 'Copy test',
      targetingType: 2,
      userIds,
      childMsgs: [arm('A', groupPercent), arm('B', groupPercent)],
    });
  const messageCount = async () =>
    (
      await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE app_id = $1', [
        appId,
      ])
    )[0]!.n;

  it("21031 and 130000: a condition naming a tag that is not the app's, of the label's kind", async () => {
    const [label, pkg] = await t.database.query<{ id: number }>(
      `INSERT INTO tags (app_id, name, code, flag) VALUES ($1, 'Buyers', 'buyers', 'LABEL'), ($1, 'Bots', 'bots', 'GROUP')
       RETURNING id`,
      [appId],
    );
    const estimate = (label: string, values: number[]) =>
      owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
        targetingType: 1,
        conditions: [{ label, op: 'in', values, allSelected: 0 }],
      });
    // audience packages need the app's DMP switch (messages-dmp.test.ts)
    await t.database.query('UPDATE apps SET commercial_enable = true WHERE id = $1', [appId]);
    expect((await estimate('tags', [label!.id])).json()).toMatchObject({ status: 200 });
    expect((await estimate('dmpCustomize', [pkg!.id])).json()).toMatchObject({ status: 200 });
    expect((await estimate('tags', [label!.id, 999_999])).json()).toMatchObject({
      status: 21031,
      data: { label: 'tags', values: ['999999'] },
    });
    // an audience package named as a tag, and a tag named as an audience package
    expect((await estimate('tags', [pkg!.id])).json()).toMatchObject({ status: 21031 });
    const dmp = (await estimate('dmpCustomize', [label!.id])).json<{ msg: string }>();
    expect(dmp).toMatchObject({
      status: 130000,
      data: { label: 'dmpCustomize', values: [String(label!.id)] },
    });
    expect(dmp.msg).toContain(String(label!.id));
    // the save refuses as the estimate does
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Sale',
      pushCount: 1,
      targetingType: 1,
      conditions: [{ label: 'tags', op: 'in', values: [999_999] }],
      scheduleType: 1,
    });
    expect(saved.json()).toMatchObject({ status: 21031 });
  });

  it('21028: a journey asked to count again while it is still being counted', async () => {
    const saved = (
      await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, {
        title: 'Welcome journey',
        targetingType: 0,
        scheduleType: 1,
        childMsgs: [{ groupTag: 'Start', msgType: 1, data: NOTIFICATION }],
      })
    ).json<{ status: number; data: { msgId: number; status: number } }>();
    expect(saved).toMatchObject({ status: 200, data: { status: 19 } });
    const reCalc = (
      await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${saved.data.msgId}/reCalc`)
    ).json();
    expect(reCalc).toMatchObject({ status: 21028 });
  });

  it('3002: an A/B test an arm of which is expected to hold less than one device is refused, and nothing is kept', async () => {
    const before = await messageCount();
    // 10 % of 3 devices: 0.3 an arm
    expect((await abTest([gaid(1), gaid(2), gaid(3)])).json()).toMatchObject({
      status: 3002,
      data: { audience: 3, groupPercent: 10 },
    });
    expect(await messageCount()).toBe(before);
    // 50 % of 3 devices: 1.5 an arm
    expect((await abTest([gaid(1), gaid(2), gaid(3)], 50)).json()).toMatchObject({ status: 200 });
  });
});
