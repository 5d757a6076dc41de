import { ErrorCodes, type MaterialRow } from '@beacon/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { PASSWORD, seedTeam, signedInClients, TEAM, type Role } from '../../test/fixtures/team';
import { NOTIFICATION } from '../../test/messaging';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { usableMaterial } from './usable-material';

/** A type-1 material (system design) whose notification title is its description. */
const noti = (title: string, over: Record<string, unknown> = {}) => ({
  materialType: 1,
  title,
  data: { ...NOTIFICATION, noti_title: title },
  ...over,
});

/**
 * The material library (issue 14 items 1, 2, 5): every status change of spec §4 on an app that reviews materials,
 * who may make it (§6), the content rule and the duplicate rule, and the audit log. The lists' filters and
 * counters: materials.list.test.ts.
 */
describe.each(backends('one'))('material library [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let plainId: number;
  let c: Record<Role, TestClient>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t, { title: 'Materials', pkg: 'com.example.materials' }));
    await t.database.query('UPDATE apps SET material_review_enable = true WHERE id = $1', [appId]);
    const owner = (await t.repos.users.findByEmail(TEAM.owner))!;
    // an app of the same owner without material review, and without links
    const plain = await t.services.apps.create({
      title: 'Plain',
      pkg: 'com.example.plain',
      owner: { userId: owner.id, email: owner.email },
    });
    plainId = plain.app.id;
    await t.database.query('UPDATE apps SET links_enable = false WHERE id = $1', [plainId]);
    const { admin: _admin, ...emails } = TEAM;
    c = await signedInClients(t, emails, PASSWORD);
  });
  afterAll(async () => t?.close());

  const url = (path: string, app = appId) => `/tcm/v1/app/${app}/material/${path}`;
  const ok = async <T = { materialId: number; status: number }>(res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.json(), r.body).toMatchObject({ status: 200 });
    return r.json().data as T;
  };
  const code = async (res: Promise<LightMyRequestResponse>) => (await res).json().status as number;
  const field = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(400);
    return r.json().data.fields[0].field as string;
  };
  const create = (who: TestClient, body: object, app = appId) => ok(who.post(url('create', app), body));
  const act = (who: TestClient, id: number, action: string, body: object = {}) =>
    who.post(url(`${id}/${action}`), body);
  const rows = async (who: TestClient, body: object = {}, path = 'list', app = appId) =>
    (await ok<{ material: MaterialRow[]; total: number }>(who.post(url(path, app), body))).material;
  const ids = async (body: object = {}, path = 'list') =>
    (await rows(c.owner, body, path)).map((r) => r.materialId);
  const detail = (id: number, app = appId) => c.owner.call('GET', url(`${id}/detail`, app));
  const auditLog = async (id: number) =>
    (await c.root.call('GET', '/tcm/v1/platform/audit?area=material&pageSize=100'))
      .json()
      .data.list.filter((r: { target: string }) => r.target === `app ${appId} material ${id}`)
      .reverse() as Array<{ action: string; actorEmail: string; newValue: Record<string, unknown> }>;

  it('walks a material through review, the recycle bin and the permanent delete, auditing each step', async () => {
    const body = noti('Lifecycle', {
      attribute: 'summer',
      nationalAttributes: { pushCountrySet: ['ng', 'KE'], notPushCountrySet: [] },
    });
    const { materialId: id, status } = await create(c.operator, body);
    expect(status).toBe(3);
    const [row] = await rows(c.operator, { materialId: String(id) });
    expect(row).toMatchObject({
      materialType: 1,
      title: 'Lifecycle',
      ownerEmail: TEAM.operator,
      createType: 1,
      status: 3,
      attribute: 'summer',
      nationalAttributes: { pushCountrySet: ['KE', 'NG'], notPushCountrySet: [] },
      rejectReason: '',
      messages: 0,
      push: 0,
      clickRate: 0,
    });
    expect(await ids({ status: 3 }, 'review/list')).toContain(id);
    // not usable in a message before it passes
    await expect(usableMaterial(t.database, appId, id)).rejects.toMatchObject({
      code: ErrorCodes.MATERIAL_NOT_FOUND,
    });

    expect(await ok(act(c.owner, id, 'audit', { action: 4, reason: 'Too loud' }))).toEqual({
      materialId: id,
      status: 4,
    });
    expect((await detail(id)).json().data).toMatchObject({ status: 4, rejectReason: 'Too loud' });
    expect(await ids({ status: 4 }, 'review/list')).toEqual([id]);
    // decided already: not waiting for review
    expect(await code(act(c.manager, id, 'audit', { action: 1 }))).toBe(ErrorCodes.REVIEW_NOT_PENDING);

    // the author edits it: it waits again, without the old reason
    expect(await ok(act(c.operator, id, 'edit', { ...body, title: 'Lifecycle, quieter' }))).toMatchObject({
      status: 3,
    });
    expect((await detail(id)).json().data).toMatchObject({
      status: 3,
      rejectReason: '',
      title: 'Lifecycle, quieter',
    });
    expect((await ok(act(c.manager, id, 'audit', { action: 1, reason: 'ignored' }))).status).toBe(1);
    expect(await usableMaterial(t.database, appId, id)).toEqual({
      id,
      materialType: 1,
      nationalAttributes: { pushCountrySet: ['KE', 'NG'], notPushCountrySet: [] },
    });
    // an edit of a passed material is reviewed again
    expect((await ok(act(c.operator, id, 'edit', body))).status).toBe(3);
    expect((await ok(act(c.root, id, 'audit', { action: 1 }))).status).toBe(1);

    // delete → recycle bin → restore to the status it had → delete → delete permanently
    expect(await ok(act(c.operator, id, 'delete'))).toEqual({ materialId: id, status: 2 });
    expect(await ids()).not.toContain(id);
    expect(await rows(c.owner, { target: 2 })).toMatchObject([{ materialId: id, status: 2 }]);
    expect(await code(act(c.operator, id, 'delete'))).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    expect(await code(act(c.operator, id, 'edit', body))).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    expect(await code(act(c.owner, id, 'audit', { action: 1 }))).toBe(ErrorCodes.REVIEW_NOT_PENDING);
    expect(await ok(act(c.manager, id, 'recovery'))).toEqual({ materialId: id, status: 1 });
    expect(await ids()).toContain(id);
    expect(await code(act(c.manager, id, 'recovery'))).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    // only what is in the recycle bin is deleted permanently
    expect(await code(act(c.owner, id, 'clean'))).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    await ok(act(c.operator, id, 'delete'));
    expect(await ok(act(c.owner, id, 'clean'))).toEqual({ materialId: id, status: 100 });
    // gone everywhere, and nothing acts on it any more
    expect(await ids()).not.toContain(id);
    expect(await ids({ target: 2 })).not.toContain(id);
    expect(await ids({}, 'review/list')).not.toContain(id);
    expect((await detail(id)).json().status).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    expect((await c.owner.call('GET', url(`${id}/child/list`))).json().status).toBe(
      ErrorCodes.MATERIAL_NOT_FOUND,
    );
    expect(await code(c.owner.post(url(`${id}/report`)))).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    for (const action of ['recovery', 'clean', 'delete'])
      expect(await code(act(c.owner, id, action)), action).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    expect(await code(c.owner.post(url(`review/${id}/clean`)))).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    const [kept] = await t.database.query<{ status: number }>('SELECT status FROM materials WHERE id = $1', [
      id,
    ]);
    expect(kept).toEqual({ status: 100 });

    const log = await auditLog(id);
    expect(log.map((e) => [e.action, e.actorEmail, e.newValue.status])).toEqual([
      ['create', TEAM.operator, 3],
      ['reject', TEAM.owner, 4],
      ['edit', TEAM.operator, 3],
      ['pass', TEAM.manager, 1],
      ['edit', TEAM.operator, 3],
      ['pass', TEAM.root, 1],
      ['delete', TEAM.operator, 2],
      ['restore', TEAM.manager, 1],
      ['delete', TEAM.operator, 2],
      ['purge', TEAM.owner, 100],
    ]);
    expect(log[1]!.newValue.reason).toBe('Too loud');
  });

  it('deletes permanently from the audit list only what waits for review or was rejected', async () => {
    const waiting = (await create(c.operator, noti('Audit purge waiting'))).materialId;
    expect(await ok(c.manager.post(url(`review/${waiting}/clean`)))).toEqual({
      materialId: waiting,
      status: 100,
    });
    const rejected = (await create(c.operator, noti('Audit purge rejected'))).materialId;
    await ok(act(c.owner, rejected, 'audit', { action: 4, reason: 'No' }));
    expect((await ok(c.owner.post(url(`review/${rejected}/clean`)))).status).toBe(100);
    const passed = (await create(c.operator, noti('Audit purge passed'))).materialId;
    await ok(act(c.owner, passed, 'audit', { action: 1 }));
    expect(await code(c.owner.post(url(`review/${passed}/clean`)))).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    expect(await ids({}, 'review/list')).toContain(passed);
    expect(await ids({}, 'review/list')).not.toContain(waiting);
    expect(await ids({}, 'review/list')).not.toContain(rejected);
    expect((await auditLog(waiting)).map((e) => e.action)).toEqual(['create', 'purge']);
  });

  it('passes at once on an app without material review; the API creates with createType 2', async () => {
    const made = await create(c.owner, noti('No review'), plainId);
    expect(made.status).toBe(1);
    const api = await ok(c.owner.post(url('api/create', plainId), noti('From the CRM')));
    expect(api.status).toBe(1);
    expect(
      (await rows(c.owner, { createType: 2 }, 'list', plainId)).map((r) => [r.materialId, r.createType]),
    ).toEqual([[api.materialId, 2]]);
    expect(
      (await ok(c.owner.post(url(`${made.materialId}/edit`, plainId), noti('No review, edited')))).status,
    ).toBe(1);
    // languages: the row counts them, the sub-list gives them
    const langs = [
      { lang: 'fr', title: 'Soldes', desc: 'Tout à moitié prix' },
      { lang: 'zh', title: '促销', desc: '全场半价' },
    ];
    const multi = await create(
      c.owner,
      noti('Languages', { multiLangEnable: true, multiLangContent: langs }),
      plainId,
    );
    expect((await rows(c.owner, { materialId: String(multi.materialId) }, 'list', plainId))[0]).toMatchObject(
      {
        multiLangEnable: true,
        subCount: 2,
      },
    );
    expect((await c.owner.call('GET', url(`${multi.materialId}/child/list`, plainId))).json().data).toEqual({
      material: langs.map((l) => ({ ...l, extra: '', button: '', buttonExtra: [] })),
    });
    // a cross material: its JSON as a cross message carries it
    const trans = Buffer.from(JSON.stringify({ deal: 'half price' })).toString('base64');
    const cross = await create(
      c.owner,
      { materialType: 3, title: 'Cross', data: { trans_data: trans } },
      plainId,
    );
    expect((await detail(cross.materialId, plainId)).json().data).toMatchObject({
      materialType: 3,
      data: { trans_data: trans },
      subCount: 0,
    });
    const entries = (await c.root.call('GET', '/tcm/v1/platform/audit?area=material&pageSize=100')).json()
      .data.list;
    expect(
      entries.find((e: { target: string }) => e.target === `app ${plainId} material ${api.materialId}`),
    ).toMatchObject({ action: 'api-create', actorEmail: TEAM.owner, newValue: { createType: 2, status: 1 } });
  });

  it('refuses bad content naming the field, a link where links are off, and a type change on edit', async () => {
    const cases: Array<[object, string, number?]> = [
      [noti('Empty title', { data: { ...NOTIFICATION, noti_title: '' } }), 'data.noti_title'],
      [noti(''), 'title'],
      [noti('Long attribute', { attribute: 'a'.repeat(129) }), 'attribute'],
      [noti('Design', { data: { ...NOTIFICATION, noti_type: 3 } }), 'data.noti_type'],
      [noti('No languages', { multiLangEnable: true }), 'multiLangContent'],
      [
        noti('Country', { nationalAttributes: { pushCountrySet: ['XX'] } }),
        'nationalAttributes.pushCountrySet.0',
      ],
      [
        noti('Both', { nationalAttributes: { pushCountrySet: ['NG'], notPushCountrySet: ['NG'] } }),
        'nationalAttributes.notPushCountrySet',
      ],
      [noti('Source', { msgId: 999_999 }), 'msgId'],
      [{ materialType: 3, title: 'Cross', data: {} }, 'data.trans_data'],
      [{ materialType: 4, title: 'Type', data: {} }, 'materialType'],
      [
        noti('Link', {
          data: { ...NOTIFICATION, noti_open_type: 2, noti_open_content: 'https://example.com/sale' },
        }),
        'data.noti_open_type',
        plainId,
      ],
    ];
    for (const [body, name, app] of cases) {
      expect(await field(c.owner.post(url('create', app), body)), JSON.stringify(body)).toBe(name);
      expect(await field(c.owner.post(url('api/create', app), body)), JSON.stringify(body)).toBe(name);
    }
    const { materialId: id } = await create(c.owner, noti('Type stays'));
    const trans = Buffer.from('{"a":1}').toString('base64');
    expect(
      await field(act(c.owner, id, 'edit', { materialType: 3, title: 'x', data: { trans_data: trans } })),
    ).toBe('materialType');
    expect(await field(act(c.owner, id, 'audit', { action: 4 }))).toBe('reason');
    expect(await field(act(c.owner, id, 'audit', { action: 2 }))).toBe('action');
    expect(await field(c.owner.post(url('list'), { materialId: '12a' }))).toBe('materialId');
    expect(await field(c.owner.post(url('list'), { order: 'title' }))).toBe('order');
    expect((await detail(id)).json().data).toMatchObject({ title: 'Type stays', status: 3 });
  });

  it('refuses a duplicate of a live material naming it, and another app’s or an unknown material', async () => {
    const first = await create(c.owner, noti('Twin'));
    // the same content under another description, its keys in another order
    const reordered = Object.fromEntries(Object.entries(noti('Twin').data).reverse());
    const twin = await c.owner.post(url('create'), {
      materialType: 1,
      title: 'Other words',
      data: reordered,
    });
    expect(twin.json()).toMatchObject({
      status: ErrorCodes.MATERIAL_EXISTS,
      data: { materialId: first.materialId },
    });
    expect(twin.json().msg).toContain(String(first.materialId));
    // another app may hold the same content
    await create(c.owner, noti('Twin'), plainId);
    // an edit into another live material's content
    const other = await create(c.owner, noti('Not a twin'));
    expect(await code(act(c.owner, other.materialId, 'edit', noti('Twin')))).toBe(ErrorCodes.MATERIAL_EXISTS);
    // in the recycle bin it is no longer live: the content may be created again, and then not restored
    await ok(act(c.owner, first.materialId, 'delete'));
    const again = await create(c.owner, noti('Twin'));
    expect(await code(act(c.owner, first.materialId, 'recovery'))).toBe(ErrorCodes.MATERIAL_EXISTS);
    expect(await ids({ target: 2 })).toContain(first.materialId);

    const foreign = (await rows(c.owner, {}, 'list', plainId))[0]!.materialId;
    for (const [method, path] of [
      ['GET', `${foreign}/detail`],
      ['GET', `${foreign}/child/list`],
      ['POST', `${foreign}/report`],
      ['POST', `${foreign}/delete`],
      ['POST', `${foreign}/audit`],
      ['POST', `${foreign}/edit`],
      ['POST', '999999/delete'],
    ] as const) {
      const body = path.endsWith('audit') ? { action: 1 } : path.endsWith('edit') ? noti('Foreign') : {};
      const res = await c.owner.call(method, url(path), method === 'GET' ? undefined : body);
      expect(res.json().status, path).toBe(ErrorCodes.MATERIAL_NOT_FOUND);
    }
    await expect(usableMaterial(t.database, plainId, again.materialId)).rejects.toMatchObject({
      code: ErrorCodes.MATERIAL_NOT_FOUND,
    });
  });

  it('lets each project role do what §6 says, and strangers nothing', async () => {
    const { materialId: id } = await create(c.operator, noti('Roles'));
    const want: Record<Role, { use: number; audit: number; purge: number }> = {
      root: { use: 200, audit: 200, purge: 25102 },
      owner: { use: 200, audit: 1050, purge: 25102 },
      manager: { use: 200, audit: 1050, purge: 25102 },
      operator: { use: 200, audit: 1002, purge: 1002 },
      tester: { use: 1002, audit: 1002, purge: 1002 },
      stranger: { use: 1002, audit: 1002, purge: 1002 },
    };
    for (const who of ['operator', 'tester', 'stranger', 'root', 'owner', 'manager'] as const) {
      expect(await code(c[who].post(url('list'))), who).toBe(want[who].use);
      expect(await code(act(c[who], id, 'audit', { action: 1 })), who).toBe(want[who].audit);
      expect(await code(act(c[who], id, 'recovery')), who).toBe(want[who].purge);
    }
    // refused callers changed nothing; an anonymous caller is not signed in
    expect((await detail(id)).json().data.status).toBe(1);
    expect(await code(new TestClient(t.app).post(url('list')))).toBe(401);
  });
});
