import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { seedDevices } from '../../test/devices';
import { clientFor, seedTeam } from '../../test/fixtures/team';
import { NOTIFICATION } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';

/**
 * The closed data-platform target (dmp-target.ts, part 2 §4): with the app's DMP switch off, a message that targets an
 * audience package is not edited or copied. The lists say which messages target one (`audiencePackage`, a user
 * group's conditions included), the app info carries the switch, and the save, its check and the estimate refuse a
 * package while the switch is off with 130000.
 */
describe.each(backends('both'))('the closed data-platform target [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  let pkgId: number;
  let groupId: number;

  const tomorrow = () => `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)} 12:00:00`;
  const packageConditions = () => [{ label: 'dmpCustomize', op: 'nin', values: [pkgId], allSelected: 0 }];
  const message = (over: Record<string, unknown> = {}) => ({
    msgType: 1,
    data: NOTIFICATION,
    title: 'Package sale',
    pushCount: 3,
    targetingType: 1,
    conditions: packageConditions(),
    scheduleType: 2,
    scheduleDate: tomorrow(),
    ...over,
  });
  const setDmp = (on: boolean) =>
    t.database.query('UPDATE apps SET commercial_enable = $2 WHERE id = $1', [appId, on]);
  const save = async (body: object, path = 'msg/save') =>
    (await owner.post(`/tcm/v1/app/${appId}/${path}`, body)).json<{
      status: number;
      data: { id: number } & Record<string, unknown>;
    }>();
  const rows = async () =>
    (await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1, pageSize: 100 })).json<{
      data: { results: Array<{ id: number; audiencePackage: boolean }> };
    }>().data.results;
  const closed = {
    status: 130000,
    data: { label: 'dmpCustomize', closed: true, fields: [{ field: 'conditions' }] },
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    await seedDevices(t, appId, 1, 3);
    owner = await clientFor(t, 'owner');
    [{ id: pkgId }] = (await t.database.query<{ id: number }>(
      `INSERT INTO tags (app_id, name, code, flag) VALUES ($1, 'Bots', 'bots', 'GROUP') RETURNING id`,
      [appId],
    )) as [{ id: number }];
    [{ id: groupId }] = (await t.database.query<{ id: number }>(
      `INSERT INTO user_groups (app_id, name, conditions) VALUES ($1, 'No bots', $2::jsonb) RETURNING id`,
      [appId, JSON.stringify(packageConditions())],
    )) as [{ id: number }];
  });
  afterAll(async () => t?.close());

  it('marks the rows that target a package, and refuses their edit, copy, check and estimate while DMP is off', async () => {
    await setDmp(true);
    const direct = await save(message());
    const viaGroup = await save(message({ targetingType: 3, conditions: [], groupId }));
    const plain = await save(message({ conditions: [{ label: 'country', op: 'in', values: ['NG'] }] }));
    for (const s of [direct, viaGroup, plain]) expect(s.status).toBe(200);
    const byId = new Map((await rows()).map((r) => [r.id, r.audiencePackage]));
    expect([byId.get(direct.data.id), byId.get(viaGroup.data.id), byId.get(plain.data.id)]).toEqual([
      true,
      true,
      false,
    ]);
    const info = async () =>
      (await owner.call('GET', `/tcm/v1/app/${appId}/info`)).json<{ data: { commercialEnable: boolean } }>()
        .data;
    expect(await info()).toMatchObject({ commercialEnable: true });

    await setDmp(false);
    expect(await info()).toMatchObject({ commercialEnable: false });
    // an edit, its dry run, a copy (a new save of the same targeting), one through the user group, and the estimate
    expect(await save(message({ id: direct.data.id, title: 'Edited' }))).toMatchObject(closed);
    expect(await save(message({ id: direct.data.id }), 'msg/check')).toMatchObject(closed);
    expect(await save(message())).toMatchObject(closed);
    expect(await save(message({ targetingType: 3, conditions: [], groupId }))).toMatchObject(closed);
    expect(await save({ targetingType: 1, conditions: packageConditions() }, 'msg/target/max')).toMatchObject(
      closed,
    );
    // nothing was written, and a message without a package is still edited
    expect((await rows()).length).toBe(3);
    expect(
      await save(
        message({ id: plain.data.id, conditions: [{ label: 'country', op: 'in', values: ['NG'] }] }),
      ),
    ).toMatchObject({ status: 200 });

    await setDmp(true);
    expect(await save(message({ id: direct.data.id, title: 'Edited' }))).toMatchObject({ status: 200 });
  });

  it('marks an A/B test that targets a package in its list', async () => {
    await setDmp(true);
    const arm = (groupTag: 'A' | 'B') => ({
      msgType: 1,
      groupTag,
      groupPercent: 50,
      scheduleType: 1,
      data: NOTIFICATION,
    });
    const created = await save(
      {
        title: 'Package test',
        targetingType: 1,
        conditions: packageConditions(),
        childMsgs: [arm('A'), arm('B')],
      },
      'msg/abtest/create',
    );
    expect(created.status).toBe(200);
    const list = (await owner.post(`/tcm/v1/app/${appId}/msg/abtest/list`, {})).json<{
      data: { msgs: Array<{ title: string; audiencePackage: boolean }> };
    }>();
    expect(list.data.msgs.find((r) => r.title === 'Package test')).toMatchObject({
      audiencePackage: true,
    });
  });
});
