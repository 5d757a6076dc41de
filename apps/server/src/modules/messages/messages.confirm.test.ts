import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { seedDevices } from '../../test/devices';
import { clientFor, seedTeam } from '../../test/fixtures/team';
import { NOTIFICATION } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';

/**
 * The save's confirmations (spec part 2 §2, §5, §8): a targeting naming audience packages, which are not human users,
 * asks once more (1071, past it with confirmIsGroup); a message repeating one of the previous 24 hours is 21030 with
 * the twin named (past it with forceCreate). Every save path answers them: msg/save, msg/check, A/B, journeys.
 */
describe.each(backends('both'))('msg/save confirmations: packages 1071, twins 21030 [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  let bots: number;
  let buyers: number;

  const messages = async () =>
    (
      await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE app_id = $1', [
        appId,
      ])
    )[0]!.n;
  const packageCondition = (values: number[], op = 'in', allSelected = 0) => ({
    label: 'dmpCustomizeGroup',
    op,
    values,
    allSelected,
  });
  const message = (over: Record<string, unknown> = {}) => ({
    msgType: 1,
    data: NOTIFICATION,
    title: 'Sale',
    pushCount: 1,
    targetingType: 0,
    scheduleType: 1,
    ...over,
  });
  const save = (body: object, path = 'msg/save') => owner.post(`/tcm/v1/app/${appId}/${path}`, body);
  /** Days from now at `hhmm` UTC as `YYYY-MM-DD HH:mm:00`. */
  const dayAt = (days: number, hhmm: string) =>
    `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)} ${hhmm}:00`;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    await seedDevices(t, appId, 1, 4);
    owner = await clientFor(t, 'owner');
    // audience packages are targeted only with the app's DMP switch on (off, a save naming one is 130000, closed)
    await t.database.query('UPDATE apps SET commercial_enable = true WHERE id = $1', [appId]);
    const [pkg, label] = await t.database.query<{ id: number }>(
      `INSERT INTO tags (app_id, name, code, flag) VALUES ($1, 'Bots', 'bots', 'GROUP'), ($1, 'Buyers', 'buyers', 'LABEL')
       RETURNING id`,
      [appId],
    );
    bots = pkg!.id;
    buyers = label!.id;
    await t.database.query(
      `INSERT INTO device_tags (device_id, tag_id, app_id) SELECT id, $2, $1 FROM devices WHERE app_id = $1`,
      [appId, bots],
    );
  });
  afterAll(async () => t?.close());

  describe('1071: audience packages are not human users', () => {
    it('asks to confirm a package targeting once more, naming the packages; msg/check answers the same', async () => {
      const before = await messages();
      const body = message({ title: 'To bots', targetingType: 1, conditions: [packageCondition([bots])] });
      const refused = await save(body);
      expect(refused.json()).toMatchObject({
        status: 1071,
        msg: expect.stringContaining('Bots'),
        data: { packages: [{ id: bots, name: 'Bots' }] },
      });
      expect((await save(body, 'msg/check')).json()).toEqual(refused.json());
      expect(await messages()).toBe(before);
      expect((await save({ ...body, confirmIsGroup: true }, 'msg/check')).json()).toMatchObject({
        status: 200,
      });
      expect((await save({ ...body, confirmIsGroup: true })).json()).toMatchObject({ status: 200 });
      expect(await messages()).toBe(before + 1);
    });

    it('names every package with all selected, and none when the condition keeps packages out (nin) or names a tag', async () => {
      const all = await save(
        message({ title: 'All packages', targetingType: 1, conditions: [packageCondition([], 'in', 1)] }),
      );
      expect(all.json()).toMatchObject({ status: 1071, data: { packages: [{ id: bots, name: 'Bots' }] } });
      const out = await save(
        message({
          title: 'No bots',
          targetingType: 1,
          conditions: [
            { label: 'country', op: 'in', values: ['NG'], allSelected: 0 },
            packageCondition([bots], 'nin'),
          ],
        }),
      );
      // every seeded device is a bot: the audience is empty (400 at pushCount), not a package warning
      expect(out.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'pushCount' }] } });
      await t.database.query(
        'INSERT INTO device_tags (device_id, tag_id, app_id) SELECT id, $2, $1 FROM devices WHERE app_id = $1',
        [appId, buyers],
      );
      const tag = await save(
        message({
          title: 'Buyers',
          targetingType: 1,
          conditions: [{ label: 'tags', op: 'in', values: [String(buyers)], allSelected: 0 }],
        }),
      );
      expect(tag.json()).toMatchObject({ status: 200 });
    });

    it('asks for a user group whose conditions name a package', async () => {
      const [group] = await t.database.query<{ id: number }>(
        `INSERT INTO user_groups (app_id, name, conditions) VALUES ($1, 'Bot group', $2::jsonb) RETURNING id`,
        [appId, JSON.stringify([packageCondition([bots])])],
      );
      const body = message({ title: 'To the bot group', targetingType: 3, groupId: group!.id });
      expect((await save(body)).json()).toMatchObject({
        status: 1071,
        data: { packages: [{ name: 'Bots' }] },
      });
      expect((await save({ ...body, confirmIsGroup: true })).json()).toMatchObject({ status: 200 });
    });

    it('asks for an A/B test and a journey the same way', async () => {
      const arm = (groupTag: 'A' | 'B') => ({
        msgType: 1,
        groupTag,
        groupPercent: 25,
        scheduleType: 1,
        data: { ...NOTIFICATION, noti_title: `Arm ${groupTag}` },
      });
      const test = {
        title: 'Bots copy test',
        targetingType: 1,
        conditions: [packageCondition([bots])],
        childMsgs: [arm('A'), arm('B')],
      };
      const before = await messages();
      expect((await save(test, 'msg/abtest/create')).json()).toMatchObject({
        status: 1071,
        data: { packages: [{ id: bots }] },
      });
      expect(await messages()).toBe(before);
      expect((await save({ ...test, confirmIsGroup: true }, 'msg/abtest/create')).json()).toMatchObject({
        status: 200,
      });
      const journey = {
        title: 'Bots journey',
        targetingType: 1,
        conditions: [packageCondition([bots])],
        scheduleType: 1,
        childMsgs: [{ groupTag: 'Start', msgType: 1, data: NOTIFICATION }],
      };
      expect((await save(journey, 'msg/flow/canvas/save')).json()).toMatchObject({ status: 1071 });
      expect((await save({ ...journey, confirmIsGroup: true }, 'msg/flow/canvas/save')).json()).toMatchObject(
        {
          status: 200,
        },
      );
    });
  });

  describe('21030: the same message as one of the previous 24 hours', () => {
    it('names the twin (id, title, targeting) in msg/save and msg/check; forceCreate sends it anyway', async () => {
      const body = message({
        title: 'Daily reminder',
        targetingType: 1,
        conditions: [{ label: 'country', op: 'in', values: ['NG'], allSelected: 0 }],
      });
      const first = (await save(body)).json<{ data: { id: number } }>();
      expect(first).toMatchObject({ status: 200 });
      const before = await messages();
      const twin = await save(body);
      expect(twin.json()).toMatchObject({
        status: 21030,
        msg: expect.stringContaining(`Daily reminder (${first.data.id})`),
        data: {
          twin: {
            id: first.data.id,
            title: 'Daily reminder',
            targetingType: 1,
            groupId: null,
            groupName: null,
            conditions: [{ label: 'country', op: 'in', values: ['NG'] }],
            at: expect.any(String),
          },
        },
      });
      expect((await save(body, 'msg/check')).json()).toEqual(twin.json());
      expect(await messages()).toBe(before);
      // not a twin: another title, another content, another audience, or the message itself when edited
      expect((await save({ ...body, title: 'Weekly reminder' })).json()).toMatchObject({ status: 200 });
      expect((await save({ ...body, data: { ...NOTIFICATION, noti_title: 'Other' } })).json()).toMatchObject({
        status: 200,
      });
      expect((await save({ ...body, targetingType: 0, conditions: [] })).json()).toMatchObject({
        status: 200,
      });
      await t.database.query('UPDATE messages SET status = 2 WHERE id = $1', [first.data.id]);
      expect((await save({ ...body, id: first.data.id }, 'msg/check')).json()).toMatchObject({ status: 200 });
      expect((await save({ ...body, forceCreate: true })).json()).toMatchObject({ status: 200 });
    });

    it('compares by the send time: within the 24 hours before the new one, never a stopped or deleted message', async () => {
      const body = message({ title: 'Tomorrow', scheduleType: 2, scheduleDate: dayAt(1, '09:00') });
      const first = (await save(body)).json<{ data: { id: number } }>();
      expect(first).toMatchObject({ status: 200 });
      expect((await save({ ...body, scheduleDate: dayAt(2, '08:00') })).json()).toMatchObject({
        status: 21030,
        data: { twin: { id: first.data.id } },
      });
      // more than 24 hours after it, or before it: no twin
      expect((await save({ ...body, scheduleDate: dayAt(2, '10:00') }, 'msg/check')).json()).toMatchObject({
        status: 200,
      });
      expect((await save({ ...body, scheduleDate: dayAt(1, '08:00') }, 'msg/check')).json()).toMatchObject({
        status: 200,
      });
      await owner.post(`/tcm/v1/app/${appId}/msg/${first.data.id}/stop`, {});
      expect((await save({ ...body, scheduleDate: dayAt(1, '10:00') }, 'msg/check')).json()).toMatchObject({
        status: 200,
      });
    });

    it('names the user group of a twin targeting one', async () => {
      const [group] = await t.database.query<{ id: number }>(
        `INSERT INTO user_groups (app_id, name, conditions) VALUES ($1, 'Nigeria', $2::jsonb) RETURNING id`,
        [appId, JSON.stringify([{ label: 'country', op: 'in', values: ['NG'], allSelected: 0 }])],
      );
      const body = message({ title: 'Group news', targetingType: 3, groupId: group!.id });
      expect((await save(body)).json()).toMatchObject({ status: 200 });
      expect((await save(body)).json()).toMatchObject({
        status: 21030,
        data: { twin: { title: 'Group news', targetingType: 3, groupId: group!.id, groupName: 'Nigeria' } },
      });
    });
  });
});
