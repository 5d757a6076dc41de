import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

const PW = 'Member#2024';

describe.each(backends('one'))('app groups [$name]', (backend) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const clients: Record<string, TestClient> = {};

  const addMember = (appId: number, email: string, ulevel: number) =>
    t.database.query(
      `INSERT INTO app_members (app_id, user_id, email, ulevel, status) SELECT $1, id, email, $3, 0 FROM users WHERE email = $2`,
      [appId, email, ulevel],
    );

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
    const root = (await t.repos.users.findByEmail('root@example.com'))!;
    for (const name of ['owner', 'other', 'stranger']) {
      await t.services.users.save(
        { email: `${name}@example.com`, source: 2, ulevel: 0, description: '', password: PW },
        root,
      );
    }
    const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
    const other = (await t.repos.users.findByEmail('other@example.com'))!;
    const create = async (key: string, ownerUser: typeof owner) =>
      (ids[key] = (
        await t.services.apps.create({
          title: key,
          pkg: `com.example.${key}`,
          owner: { userId: ownerUser.id, email: ownerUser.email },
        })
      ).app.id);
    for (const key of ['shop', 'news', 'game']) await create(key, owner);
    await create('reviewed', owner);
    await t.database.query('UPDATE apps SET review_enable = true WHERE id = $1', [ids.reviewed]);
    for (const key of ['managed', 'operated', 'tested', 'otherOwned']) await create(key, other);
    await addMember(ids.managed!, 'owner@example.com', 300);
    await addMember(ids.operated!, 'owner@example.com', 400);
    await addMember(ids.tested!, 'owner@example.com', 500);
    await addMember(ids.shop!, 'other@example.com', 300);
    await addMember(ids.news!, 'other@example.com', 300);
    for (const [name, pw] of [
      ['root', 'Root#2024x'],
      ['owner', PW],
      ['other', PW],
      ['stranger', PW],
    ] as const) {
      clients[name] = new TestClient(t.app);
      await clients[name].login(`${name}@example.com`, pw);
    }
  });
  afterAll(async () => t.close());

  const save = (who: string, body: Record<string, unknown>) => clients[who]!.post('/tcm/v1/group/save', body);
  const list = async (who: string) =>
    (await clients[who]!.call('GET', '/tcm/v1/group/list')).json().data.groups as Array<
      Record<string, unknown>
    >;

  it('lists the apps to pick from, blocking levels above 200 and review-enabled apps', async () => {
    const res = await clients.owner!.call('GET', '/tcm/v1/group/apps');
    const apps = res.json().data.apps as Array<{
      appId: number;
      projectLevel: number;
      blocked: string | null;
    }>;
    const byId = new Map(apps.map((a) => [a.appId, a]));
    expect(byId.get(ids.shop!)).toMatchObject({ projectLevel: 200, blocked: null });
    expect(byId.get(ids.reviewed!)).toMatchObject({ projectLevel: 200, blocked: 'review' });
    expect(byId.get(ids.managed!)).toMatchObject({ projectLevel: 300, blocked: 'level' });
    expect(byId.get(ids.tested!)).toMatchObject({ projectLevel: 500, blocked: 'level' });
    expect(byId.has(ids.otherOwned!)).toBe(false);
    const rootApps = (await clients.root!.call('GET', '/tcm/v1/group/apps')).json().data.apps as unknown[];
    expect(rootApps).toHaveLength(8);
    expect((await new TestClient(t.app).call('GET', '/tcm/v1/group/apps')).statusCode).toBe(401);
  });

  it('creates, edits and deletes a group', async () => {
    const created = await save('owner', {
      groupName: ' Retail ',
      groupDesc: 'Shops',
      apps: [ids.news, ids.shop],
    });
    expect(created.json()).toMatchObject({ status: 200, data: { groupId: expect.any(Number) } });
    const groupId = created.json().data.groupId as number;
    expect(await list('owner')).toEqual([
      expect.objectContaining({
        groupId,
        groupName: 'Retail',
        groupDesc: 'Shops',
        apps: [ids.news, ids.shop],
        appList: [
          expect.objectContaining({ appId: ids.news, title: 'news', projectLevel: 200 }),
          expect.objectContaining({ appId: ids.shop, title: 'shop', projectLevel: 200 }),
        ],
        editable: true,
        creatorEmail: 'owner@example.com',
      }),
    ]);

    const edited = await save('owner', {
      groupId,
      groupName: 'Retail EU',
      groupDesc: '',
      apps: [ids.shop, ids.game, ids.news],
    });
    expect(edited.json()).toEqual({ status: 200, msg: 'success', data: { groupId } });
    expect((await list('owner'))[0]).toMatchObject({
      groupId,
      groupName: 'Retail EU',
      groupDesc: '',
      apps: [ids.shop, ids.game, ids.news],
    });

    expect((await clients.owner!.post(`/tcm/v1/group/${groupId}/delete`)).json().status).toBe(200);
    expect(await list('owner')).toEqual([]);
    const again = await clients.owner!.post(`/tcm/v1/group/${groupId}/delete`);
    expect([again.statusCode, again.json().status]).toEqual([404, 404]);
    const rows = await t.database.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM app_group_apps WHERE group_id = $1',
      [groupId],
    );
    expect(rows[0]?.n).toBe('0');
  });

  const bad: Array<[string, Record<string, unknown>]> = [
    ['groupName', { groupName: '' }],
    ['groupName', { groupName: '   ' }],
    ['groupName', { groupName: 'x'.repeat(21) }],
    ['groupDesc', { groupDesc: 'd'.repeat(21) }],
    ['apps', { apps: [] }],
    ['apps', { apps: ['shop'] }],
    ['groupId', { groupId: -1 }],
  ];
  it.each(bad)('refuses a bad %s with status 400 naming it, writing nothing', async (field, over) => {
    const res = await save('owner', { groupName: 'Ok', groupDesc: '', apps: [ids.shop, ids.news], ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field.split('.')[0])).toContain(field);
    expect(await list('owner')).toEqual([]);
  });

  it('accepts a name and a description of exactly 20 characters', async () => {
    const res = await save('owner', {
      groupName: 'n'.repeat(20),
      groupDesc: 'd'.repeat(20),
      apps: [ids.shop, ids.news],
    });
    expect(res.json().status).toBe(200);
    await clients.owner!.post(`/tcm/v1/group/${res.json().data.groupId}/delete`);
  });

  it('refuses fewer than 2 apps, the same app twice, and apps that are not the user’s', async () => {
    for (const apps of [[ids.shop], [ids.shop, ids.shop], [ids.shop, ids.otherOwned], [ids.shop, 999_999]]) {
      const res = await save('owner', { groupName: 'Few', apps });
      expect(res.json(), JSON.stringify(apps)).toMatchObject({
        status: 400,
        data: { fields: [expect.objectContaining({ field: 'apps' })] },
      });
    }
    expect(await list('owner')).toEqual([]);
  });

  it.each([
    ['manager (300)', 'managed'],
    ['operator (400)', 'operated'],
    ['tester (500)', 'tested'],
    ['review enabled', 'reviewed'],
  ])('refuses an app where the user is %s', async (_label, key) => {
    const res = await save('owner', { groupName: 'Mixed', apps: [ids.shop, ids[key]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('apps');
    expect(await list('owner')).toEqual([]);
  });

  it('hides a group from other users; level 100 sees and changes it; a manager of its apps cannot', async () => {
    const groupId = (await save('owner', { groupName: 'Mine', apps: [ids.shop, ids.news] })).json().data
      .groupId as number;
    expect(await list('other')).toEqual([]);
    expect(await list('stranger')).toEqual([]);
    for (const who of ['other', 'stranger']) {
      const edit = await save(who, { groupId, groupName: 'Taken', apps: [ids.shop, ids.news] });
      expect(edit.json().status).toBe(404);
      expect((await clients[who]!.post(`/tcm/v1/group/${groupId}/delete`)).json().status).toBe(404);
    }
    const rootView = await list('root');
    expect(rootView).toEqual([
      expect.objectContaining({ groupId, creatorEmail: 'owner@example.com', editable: true }),
    ]);
    expect(
      (await save('root', { groupId, groupName: 'Mine (root)', apps: [ids.shop, ids.news] })).json().status,
    ).toBe(200);
    expect((await list('owner'))[0]).toMatchObject({
      groupName: 'Mine (root)',
      creatorEmail: 'owner@example.com',
    });
  });

  it('disables edit and delete once the user is above 200 on one of the group’s apps', async () => {
    const groupId = (await save('owner', { groupName: 'Demoted', apps: [ids.game, ids.news] })).json().data
      .groupId as number;
    await t.database.query(
      `UPDATE app_members SET ulevel = 300 WHERE app_id = $1 AND email = 'owner@example.com'`,
      [ids.game],
    );
    const group = (await list('owner')).find((g) => g.groupId === groupId);
    expect(group).toMatchObject({ editable: false });
    expect(
      (await save('owner', { groupId, groupName: 'Again', apps: [ids.shop, ids.news] })).json().status,
    ).toBe(1002);
    const del = await clients.owner!.post(`/tcm/v1/group/${groupId}/delete`);
    expect([del.statusCode, del.json().status]).toEqual([403, 1002]);
    expect((await list('owner')).some((g) => g.groupId === groupId)).toBe(true);
    await t.database.query(
      `UPDATE app_members SET ulevel = 200 WHERE app_id = $1 AND email = 'owner@example.com'`,
      [ids.game],
    );
  });

  it('answers 401 without a session and 400 for a bad group id', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.call('GET', '/tcm/v1/group/list')).statusCode).toBe(401);
    expect((await anon.post('/tcm/v1/group/save', { groupName: 'x', apps: [1, 2] })).statusCode).toBe(401);
    expect((await clients.owner!.post('/tcm/v1/group/abc/delete')).json().status).toBe(400);
  });
});
