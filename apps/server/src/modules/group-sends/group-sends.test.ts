import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator } from '../../test/devices';
import { signedIn } from '../../test/fixtures/team';
import { appOnEmulator, NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

/** Each app of the group: its devices on the emulator, through its own project (service account). */
const APPS = [
  { title: 'Shop', pkg: 'com.example.gshop', projectId: 'group-shop', devices: 3 },
  { title: 'Shop Lite', pkg: 'com.example.glite', projectId: 'group-lite', devices: 4 },
  { title: 'Shop Pro', pkg: 'com.example.gpro', projectId: 'group-pro', devices: 5 },
];

/**
 * App-group sends (issue 13 item 3): one message composed in an app goes to the other apps of its group, each app's
 * share delivered through that app's own service account; group actions (`?group=1`) reach every member only for a
 * caller who may act in each app.
 */
describe.each(backends('one'))('app-group sends [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let manager: TestClient;
  let groupId: number;
  const apps: Array<{ id: number; projectId: string; pkg: string; tokens: string[] }> = [];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const first = await ownerAppOnEmulator(t, emu, APPS[0]!);
    owner = first.owner;
    const user = (await t.repos.users.findByEmail('owner@example.com'))!;
    for (const [i, spec] of APPS.entries()) {
      const created = i === 0 ? first : await appOnEmulator(t, emu, user, spec);
      const tokens: string[] = [];
      for (let d = 0; d < spec.devices; d++)
        tokens.push(await registerOnEmulator(t, emu, created, i * 100 + d));
      apps.push({ id: created.app.id, projectId: spec.projectId, pkg: spec.pkg, tokens });
    }
    const group = await owner.post('/tcm/v1/group/save', {
      groupName: 'Shop family',
      groupDesc: '',
      apps: apps.map((a) => a.id),
    });
    groupId = group.json().data.groupId;
    // a manager of the first app only: may act on its message, never on the whole group
    const root = (await t.repos.users.findByEmail('owner@example.com'))!;
    await t.services.users.save(
      { email: 'manager@example.com', source: 2, ulevel: 0, description: '', password: 'Team#2024x' },
      root,
    );
    const m = (await t.repos.users.findByEmail('manager@example.com'))!;
    await t.database.query(
      'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 300, 0)',
      [apps[0]!.id, m.id, m.email],
    );
    manager = await signedIn(t, 'manager@example.com', 'Team#2024x');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const base = {
    msgType: 1,
    data: { ...NOTIFICATION, noti_title: 'Family sale' },
    title: 'Family sale',
    targetingType: 0,
    pushCount: APPS[0]!.devices,
    scheduleType: 1,
  };
  // a title of its own: the same message again within a day would be a twin (21030)
  let seq = 0;
  const save = (body: Record<string, unknown>) =>
    owner.post(`/tcm/v1/app/${apps[0]!.id}/msg/save`, { ...base, title: `Family sale ${++seq}`, ...body });
  const messageCount = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]!.n;
  const detail = (appId: number, id: number) =>
    owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data);
  const rows = async (appId: number, who = owner) =>
    (await who.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 })).json().data.results as Array<
      Record<string, unknown>
    >;

  it('counts the audience of the targeting in each app of the group', async () => {
    const res = await owner.post(`/tcm/v1/app/${apps[0]!.id}/msg/group/count`, {
      appGroupId: groupId,
      targetingType: 0,
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    expect(res.json().data.counts).toEqual(
      apps.map((a, i) => ({
        appId: a.id,
        pkg: a.pkg,
        title: APPS[i]!.title,
        current: i === 0,
        blocked: null,
        targetCount: APPS[i]!.devices,
        exact: true,
      })),
    );
  });

  it('delivers each app’s share through its own service account, once, and lists the group', async () => {
    const res = await save({
      appGroupId: groupId,
      groupCounts: [
        { appId: apps[1]!.id, pushCount: APPS[1]!.devices },
        { appId: apps[2]!.id, pushCount: 2 },
      ],
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const parentId = res.json().data.id as number;
    const [parentRow] = await rows(apps[0]!.id);
    expect(parentRow).toMatchObject({
      id: parentId,
      appGroupId: groupId,
      appGroupParentMsgId: null,
      groupScope: true,
    });
    const children = parentRow!.groupChildren as Array<{ msgId: number; appId: number; pushCount: number }>;
    expect(children.map((c) => [c.appId, c.pushCount])).toEqual([
      [apps[1]!.id, APPS[1]!.devices],
      [apps[2]!.id, 2],
    ]);
    const ids = [parentId, ...children.map((c) => c.msgId)];
    for (const [i, a] of apps.entries()) {
      const d = await until(
        `app ${i} sent`,
        () => detail(a.id, ids[i]!),
        (x) => x.status === 1,
      );
      const expected = i === 2 ? 2 : APPS[i]!.devices;
      expect(d).toMatchObject({ dispatchCount: expected, appGroupId: groupId });
      const got = a.tokens.flatMap((tok) =>
        emu
          .inbox(tok)
          .filter((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(ids[i])),
      );
      expect(got).toHaveLength(expected);
      for (const g of got) {
        expect(g.projectId).toBe(a.projectId);
        expect((g.message.data as Record<string, string>).tcm_msg_pkg).toBe(a.pkg);
      }
      // no device of another app got this app's message
      for (const other of apps.filter((o) => o !== a))
        for (const tok of other.tokens)
          expect(
            emu
              .inbox(tok)
              .filter((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(ids[i])),
          ).toEqual([]);
    }
    const [childRow] = await rows(apps[1]!.id);
    expect(childRow).toMatchObject({
      id: ids[1],
      appGroupId: groupId,
      appGroupParentMsgId: parentId,
      groupScope: true,
    });
    expect(childRow!.groupChildren).toBeUndefined();
    // a reader without a role on the other apps sees the parent without their children, and no "all" scope
    expect((await rows(apps[0]!.id, manager))[0]).toMatchObject({
      id: parentId,
      groupChildren: [],
      groupScope: false,
    });
    // a message outside any group has neither
    const plain = (await save({})).json().data.id as number;
    const plainRow = (await rows(apps[0]!.id)).find((r) => r.id === plain)!;
    expect(plainRow.appGroupId).toBeNull();
    expect('groupScope' in plainRow || 'groupChildren' in plainRow).toBe(false);
  });

  it('sends each child only where the parent’s material lets it go', async () => {
    const created = await owner.post(`/tcm/v1/app/${apps[0]!.id}/material/create`, {
      materialType: 1,
      title: 'Kenya family sale',
      data: { ...NOTIFICATION, noti_title: 'Kenya family sale' },
      nationalAttributes: { pushCountrySet: ['KE'] },
    });
    expect(created.json(), created.body).toMatchObject({ status: 200 });
    const later = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const res = await save({
      materialId: created.json().data.materialId,
      scheduleType: 2,
      scheduleDate: later,
      appGroupId: groupId,
      groupCounts: [{ appId: apps[1]!.id, pushCount: 1 }],
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const members = await t.database.query<{ materialId: number | null; countries: unknown }>(
      `SELECT material_id::int AS "materialId", material_countries AS countries FROM messages
       WHERE id = $1 OR app_group_parent_id = $1 ORDER BY id`,
      [res.json().data.id],
    );
    const kenya = { pushCountrySet: ['KE'], notPushCountrySet: [] };
    expect(members).toEqual([
      { materialId: created.json().data.materialId, countries: kenya },
      { materialId: null, countries: kenya },
    ]);
  });

  it('refuses a bad entry naming it, and writes nothing', async () => {
    const before = await messageCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ appGroupId: groupId, groupCounts: [{ appId: apps[0]!.id, pushCount: 1 }] }, 'groupCounts.0.appId'],
      [{ appGroupId: groupId, groupCounts: [{ appId: 999_999, pushCount: 1 }] }, 'groupCounts.0.appId'],
      [
        {
          appGroupId: groupId,
          groupCounts: [{ appId: apps[1]!.id, pushCount: 1 }],
          targetingType: 3,
          groupId: 1,
        },
        'targetingType',
      ],
      [
        {
          appGroupId: groupId,
          groupCounts: [
            { appId: apps[1]!.id, pushCount: 1 },
            { appId: apps[2]!.id, pushCount: 99 },
          ],
        },
        'groupCounts.1.pushCount',
      ],
      [{ appGroupId: 999_999, groupCounts: [{ appId: apps[1]!.id, pushCount: 1 }] }, 'appGroupId'],
      [{ appGroupId: groupId, groupCounts: [] }, 'groupCounts'],
    ];
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.fields[0].field).toBe(field);
      if (field === 'groupCounts.1.pushCount')
        expect(res.json().data.fields[0].message).toMatch(
          /^Shop Pro: must not exceed the audience \(5 devices\)/,
        );
    }
    expect(await messageCount()).toBe(before);
  });

  it('sends an A/B test to every app named: each app splits its own devices, through its own service account', async () => {
    const arm = (groupTag: 'A' | 'B') => ({
      msgType: 1,
      groupTag,
      groupPercent: 50,
      scheduleType: 1,
      data: { ...NOTIFICATION, noti_title: `Family ${groupTag}` },
    });
    const ab = (body: Record<string, unknown>) =>
      owner.post(`/tcm/v1/app/${apps[0]!.id}/msg/abtest/create`, {
        title: 'Family test',
        targetingType: 0,
        childMsgs: [arm('A'), arm('B')],
        ...body,
      });
    const before = await messageCount();
    const bad = await ab({ appGroupId: groupId, groupCounts: [{ appId: 999_999, pushCount: 1 }] });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('groupCounts.0.appId');
    expect(await messageCount()).toBe(before);

    const res = await ab({
      appGroupId: groupId,
      groupCounts: apps.slice(1).map((a, i) => ({ appId: a.id, pushCount: APPS[i + 1]!.devices })),
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const parentId = res.json().data.id as number;
    const tests = await t.database.query<{ id: number; appId: number; parent: number | null }>(
      `SELECT id::int AS id, app_id AS "appId", app_group_parent_id::int AS parent FROM messages
       WHERE msg_type = 4 AND (id = $1 OR app_group_parent_id = $1) ORDER BY id`,
      [parentId],
    );
    expect(tests.map((x) => [x.appId, x.parent])).toEqual(
      apps.map((a, i) => [a.id, i === 0 ? null : parentId]),
    );
    for (const [i, a] of apps.entries()) {
      const id = tests[i]!.id;
      const d = await until(
        `app ${i} test sent`,
        () => owner.call('GET', `/tcm/v1/app/${a.id}/msg/abtest/${id}/detail`).then((r) => r.json().data),
        (x) => x.status === 1,
      );
      expect(d).toMatchObject({ appGroupId: groupId, appGroupParentMsgId: i === 0 ? null : parentId });
      const arms = d.childMsgs as Array<{ msgId: number; dispatchCount: number }>;
      // every device of the app is in exactly one arm, sent once through the app's own project
      const got = arms.map((c) =>
        a.tokens.flatMap((tok) =>
          emu
            .inbox(tok)
            .filter((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(c.msgId))
            .map((x) => ({ tok, projectId: x.projectId })),
        ),
      );
      expect(
        got
          .flat()
          .map((g) => g.tok)
          .sort(),
      ).toEqual([...a.tokens].sort());
      expect(new Set(got.flat().map((g) => g.projectId))).toEqual(new Set([a.projectId]));
      expect(arms.map((c) => c.dispatchCount)).toEqual(got.map((g) => g.length));
    }
  });

  it('stops an A/B group send in every app, and tells the A/B list who may', async () => {
    const later = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const arm = (groupTag: 'A' | 'B') => ({
      msgType: 1,
      groupTag,
      groupPercent: 50,
      scheduleType: 2,
      scheduleDate: later,
      data: { ...NOTIFICATION, noti_title: `Later ${groupTag}` },
    });
    const res = await owner.post(`/tcm/v1/app/${apps[0]!.id}/msg/abtest/create`, {
      title: 'Later family test',
      targetingType: 0,
      childMsgs: [arm('A'), arm('B')],
      appGroupId: groupId,
      groupCounts: [{ appId: apps[1]!.id, pushCount: APPS[1]!.devices }],
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const parentId = res.json().data.id as number;
    const listed = async (who: TestClient) =>
      (
        (await who.post(`/tcm/v1/app/${apps[0]!.id}/msg/abtest/list`, {})).json().data.msgs as Array<
          Record<string, unknown>
        >
      ).find((r) => r.id === parentId);
    expect(await listed(owner)).toMatchObject({ appGroupId: groupId, groupScope: true });
    expect(await listed(manager)).toMatchObject({ appGroupId: groupId, groupScope: false });
    const arms = () =>
      t.database.query<{ status: number }>(
        `SELECT status FROM messages WHERE parent_msg_id IN
           (SELECT id FROM messages WHERE id = $1 OR app_group_parent_id = $1) ORDER BY id`,
        [parentId],
      );
    expect((await arms()).map((a) => a.status)).toEqual([2, 2, 2, 2]);
    const stop = await owner.post(`/tcm/v1/app/${apps[0]!.id}/msg/${parentId}/stop?group=1`);
    expect(stop.json(), stop.body).toMatchObject({ status: 200 });
    expect((await arms()).map((a) => a.status)).toEqual([3, 3, 3, 3]);
  });

  it('stops one member, or the whole group for a caller who may act in every app', async () => {
    const later = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const scheduled = () =>
      save({
        scheduleType: 2,
        scheduleDate: later,
        appGroupId: groupId,
        groupCounts: [
          { appId: apps[1]!.id, pushCount: 1 },
          { appId: apps[2]!.id, pushCount: 1 },
        ],
      }).then((r) => r.json().data.id as number);
    const statuses = async (parentId: number) => {
      const members = await t.database.query<{ status: number }>(
        'SELECT status FROM messages WHERE id = $1 OR app_group_parent_id = $1 ORDER BY id',
        [parentId],
      );
      return members.map((m) => m.status);
    };
    const one = await scheduled();
    expect((await manager.post(`/tcm/v1/app/${apps[0]!.id}/msg/${one}/stop?group=1`)).json().status).toBe(
      1002,
    );
    expect(await statuses(one)).toEqual([2, 2, 2]);
    expect((await manager.post(`/tcm/v1/app/${apps[0]!.id}/msg/${one}/stop?group=0`)).json().status).toBe(
      200,
    );
    expect(await statuses(one)).toEqual([3, 2, 2]);

    const all = await scheduled();
    const [child] = await t.database.query<{ id: number }>(
      'SELECT id::int AS id FROM messages WHERE app_group_parent_id = $1 AND app_id = $2',
      [all, apps[2]!.id],
    );
    // from a child, in its own app: the parent and the sibling too
    const res = await owner.post(`/tcm/v1/app/${apps[2]!.id}/msg/${child!.id}/stop?group=1`);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    expect(await statuses(all)).toEqual([3, 3, 3]);
  });
});
