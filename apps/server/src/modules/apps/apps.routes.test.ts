import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { pngImage } from '../../test/fixtures/images';
import { serviceAccountJson } from '../../test/fixtures/service-accounts';
import { clientFor, seedTeam, TEAM } from '../../test/fixtures/team';
import { upload } from '../../test/fixtures/multipart';

describe.each(backends('one'))('apps: info, list, create, delete [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  let root: TestClient;
  const count = async (table: string) =>
    Number((await t.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n);

  async function uploadJson(client: TestClient, json = serviceAccountJson()): Promise<string> {
    const res = await upload(t, client, '/tcm/v1/app/upload/firebase', 'shop-push.json', json);
    expect(res.json()).toMatchObject({ status: 200 });
    return res.json<{ data: { origin: string } }>().data.origin;
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    owner = await clientFor(t, 'owner');
    root = await clientFor(t, 'root');
  });
  afterAll(async () => t.close());

  it('answers the app info: owner 200, super admin 100, stranger and level 150 without a role 403/1002', async () => {
    expect((await owner.call('GET', `/tcm/v1/app/${appId}/info`)).json()).toMatchObject({
      status: 200,
      data: {
        appId,
        title: 'Shop',
        pkg: 'com.example.shop',
        ownerEmail: TEAM.owner,
        projectLevel: 200,
        hasServiceAccount: false,
      },
    });
    expect((await root.call('GET', `/tcm/v1/app/${appId}/info`)).json().data.projectLevel).toBe(100);
    for (const who of ['stranger', 'admin'] as const) {
      const refused = await (await clientFor(t, who)).call('GET', `/tcm/v1/app/${appId}/info`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 1002, msg: 'Permission denied' });
    }
    expect((await new TestClient(t.app).call('GET', `/tcm/v1/app/${appId}/info`)).statusCode).toBe(401);
    expect((await root.call('GET', '/tcm/v1/app/abc/info')).json().status).toBe(400);
    expect((await root.call('GET', '/tcm/v1/app/999999/info')).json().status).toBe(1002);
  });

  it('creates an app from an uploaded JSON and logo: owner 200, sealed secret and JSON, project shown', async () => {
    const origin = await uploadJson(owner);
    const logo = await upload(t, owner, '/tcm/v1/app/upload/logo', 'logo.png', pngImage(120, 120));
    expect(logo.json()).toMatchObject({
      status: 200,
      data: { url: expect.stringMatching(/^\/files\/[0-9a-f]{64}\.png$/) },
    });
    const res = await owner.post('/tcm/v1/app/save', {
      title: 'Travel',
      pkg: ' com.example. travel ',
      description: 'Trips',
      logo: logo.json().data.url,
      appFireBaseJsonId: origin,
    });
    expect(res.json()).toMatchObject({ status: 200, data: { appId: expect.any(Number) } });
    const id = res.json().data.appId as number;
    const info = (await owner.call('GET', `/tcm/v1/app/${id}/info`)).json().data;
    expect(info).toMatchObject({
      pkg: 'com.example.travel',
      projectLevel: 200,
      hasServiceAccount: true,
      logo: logo.json().data.url,
    });
    const [row] = await t.database.query<{
      app_secret_enc: string;
      firebase_json_enc: string;
      firebase_project_id: string;
    }>('SELECT app_secret_enc, firebase_json_enc, firebase_project_id FROM apps WHERE id = $1', [id]);
    expect(row?.firebase_project_id).toBe('shop-push');
    expect(row?.firebase_json_enc).toMatch(/^v1\./);
    expect(row?.firebase_json_enc).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(res.json())).not.toContain('PRIVATE KEY');
    expect((await owner.post('/tcm/app/check', { pkg: 'com.example.travel' })).json().data).toEqual({
      available: false,
    });
    expect((await owner.post('/tcm/app/check', { pkg: 'com.example.other' })).json().data).toEqual({
      available: true,
    });
  });

  const badSaves: Array<[string, Record<string, unknown>]> = [
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(21) }],
    ['pkg', { pkg: '' }],
    ['pkg', { pkg: 'noDots' }],
    ['pkg', { pkg: 'com.1example.app' }],
    ['pkg', { pkg: 'com.example.shop' }],
    ['description', { description: 'd'.repeat(151) }],
    ['logo', { logo: 'https://evil.example/logo.png' }],
    ['appFireBaseJsonId', { appFireBaseJsonId: '' }],
    ['appFireBaseJsonId', { appFireBaseJsonId: 'not-an-upload' }],
  ];
  it.each(badSaves)('refuses a bad %s with status 400 naming it, creating nothing', async (field, over) => {
    const origin = await uploadJson(owner);
    const before = await count('apps');
    const res = await owner.post('/tcm/v1/app/save', {
      title: 'New',
      pkg: 'com.example.fresh',
      appFireBaseJsonId: origin,
      ...over,
    });
    expect(res.json().status).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(res.json().msg).toContain(field);
    expect(await count('apps')).toBe(before);
  });

  it('keeps an uploaded JSON private to its uploader', async () => {
    const origin = await uploadJson(owner);
    const other = await clientFor(t, 'stranger');
    const res = await other.post('/tcm/v1/app/save', {
      title: 'Mine',
      pkg: 'com.example.mine',
      appFireBaseJsonId: origin,
    });
    expect(res.json().data.fields[0].field).toBe('appFireBaseJsonId');
  });

  it.each([
    ['not JSON', 'sa.json', '{nope', 'is not a JSON object'],
    ['the wrong type', 'sa.json', serviceAccountJson({ type: 'user' }), 'service_account'],
    ['no project_id', 'sa.json', serviceAccountJson({ project_id: undefined }), 'project_id'],
    ['no client_email', 'sa.json', serviceAccountJson({ client_email: undefined }), 'client_email'],
    ['a broken private_key', 'sa.json', serviceAccountJson({ private_key: 'garbage' }), 'private_key'],
    ['no token_uri', 'sa.json', serviceAccountJson({ token_uri: undefined }), 'token_uri'],
    ['a .txt name', 'sa.txt', serviceAccountJson(), '.json'],
  ])('refuses a service-account upload with %s, naming it', async (_name, filename, content, expected) => {
    const res = await upload(t, owner, '/tcm/v1/app/upload/firebase', filename, content);
    expect(res.json().status).toBe(400);
    expect(res.json().msg).toContain(expected);
    expect(res.json().data.fields[0].field).toBe('file');
  });

  it('refuses a JSON over 1 MB with 110000, and uploads without a file or session', async () => {
    const big = serviceAccountJson({ padding: 'x'.repeat(1024 * 1024) });
    const res = await upload(t, owner, '/tcm/v1/app/upload/firebase', 'big.json', big);
    expect(res.json()).toMatchObject({ status: 110000, msg: 'Firebase file too big (1 MB)' });
    const json = await owner.post('/tcm/v1/app/upload/firebase', { file: 'x' });
    expect(json.json().data.fields[0].field).toBe('file');
    expect(
      (await upload(t, new TestClient(t.app), '/tcm/v1/app/upload/firebase', 'a.json', serviceAccountJson()))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    ['the wrong size', 'logo.png', pngImage(100, 100), '120×120'],
    ['the wrong type', 'logo.gif', Buffer.from('GIF89a-not-really'), 'only png, jpg, webp'],
    [
      'too many bytes',
      'logo.png',
      Buffer.concat([pngImage(120, 120, true), Buffer.alloc(10 * 1024)]),
      'too large',
    ],
    [
      'far too many bytes',
      'logo.png',
      Buffer.concat([pngImage(120, 120, true), Buffer.alloc(300 * 1024)]),
      'too large',
    ],
  ])('refuses a logo of %s', async (_name, filename, content, expected) => {
    const res = await upload(t, owner, '/tcm/v1/app/upload/logo', filename, content);
    expect(res.json().status).toBe(400);
    expect(res.json().msg).toContain(expected);
    expect(res.json().data.fields[0].field).toBe('logo');
  });

  it('lists the apps where the user has an active role, own apps first, with search and paging', async () => {
    const ownerRecord = (await t.repos.users.findByEmail(TEAM.owner))!;
    const managerRecord = (await t.repos.users.findByEmail(TEAM.manager))!;
    for (const n of [1, 2, 3]) {
      await t.services.apps.create({
        title: `Manager app ${n}`,
        pkg: `com.manager.app${n}`,
        owner: { userId: managerRecord.id, email: managerRecord.email },
      });
    }
    const { app: invited } = await t.services.apps.create({
      title: 'Invited',
      pkg: 'com.manager.invited',
      owner: { userId: managerRecord.id, email: managerRecord.email },
    });
    await t.database.query(
      'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 400, 1)',
      [invited.id, ownerRecord.id, ownerRecord.email],
    );

    const ownerList = (await owner.post('/tcm/v1/app/list', { title: '', pageNo: 1, pageSize: 8 })).json()
      .data;
    expect(ownerList.results.map((a: { pkg: string }) => a.pkg)).toEqual([
      'com.example.travel',
      'com.example.shop',
    ]);
    expect(ownerList.total).toBe(2);

    const manager = await clientFor(t, 'manager');
    const all = (await manager.post('/tcm/v1/app/list', {})).json().data;
    expect(
      all.results.map((a: { title: string; owned: boolean; projectLevel: number }) => [
        a.title,
        a.owned,
        a.projectLevel,
      ]),
    ).toEqual([
      ['Invited', true, 200],
      ['Manager app 3', true, 200],
      ['Manager app 2', true, 200],
      ['Manager app 1', true, 200],
      ['Shop', false, 300],
    ]);
    const page2 = (await manager.post('/tcm/v1/app/list', { pageNo: 2, pageSize: 2 })).json().data;
    expect(page2).toMatchObject({
      total: 5,
      results: [{ title: 'Manager app 2' }, { title: 'Manager app 1' }],
    });
    const found = (await manager.post('/tcm/v1/app/list', { title: 'APP 2', pageNo: 1, pageSize: 9 })).json()
      .data;
    expect(found).toMatchObject({ total: 1, results: [{ title: 'Manager app 2' }] });
    expect((await manager.post('/tcm/v1/app/list', { title: '%' })).json().data.total).toBe(0);

    const rootList = (await root.post('/tcm/v1/app/list', { pageSize: 100 })).json().data;
    expect(rootList.total).toBe(6);
    expect(rootList.results.every((a: { projectLevel: number }) => a.projectLevel === 100)).toBe(true);
    expect((await (await clientFor(t, 'admin')).post('/tcm/v1/app/list', {})).json().data).toEqual({
      results: [],
      total: 0,
    });
    expect((await owner.post('/tcm/v1/app/list', { pageSize: 0 })).json().status).toBe(400);
    expect((await new TestClient(t.app).post('/tcm/v1/app/list', {})).statusCode).toBe(401);
  });

  it('refuses deletion by non-owners and a wrong package name; the owner deletes; owners of apps cannot be deleted', async () => {
    const { app } = await t.services.apps.create({
      title: 'Doomed',
      pkg: 'com.example.doomed',
      owner: { userId: (await t.repos.users.findByEmail(TEAM.stranger))!.id, email: TEAM.stranger },
    });
    const manager = (await t.repos.users.findByEmail(TEAM.manager))!;
    await t.database.query(
      'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 300, 0)',
      [app.id, manager.id, manager.email],
    );
    const managerClient = await clientFor(t, 'manager');
    expect(
      (await managerClient.post(`/tcm/v1/app/${app.id}/delete`, { pkg: 'com.example.doomed' })).json().status,
    ).toBe(1002);
    expect(
      (await managerClient.post('/tcm/app/delete', { appId: app.id, pkg: 'com.example.doomed' })).json()
        .status,
    ).toBe(1002);
    const stranger = await clientFor(t, 'stranger');
    const wrong = await stranger.post(`/tcm/v1/app/${app.id}/delete`, { pkg: 'com.example.shop' });
    expect(wrong.json().data.fields[0].field).toBe('pkg');
    // a service's refusal says what is wrong in the reader's language, in the message and in the field
    const inFrench = new TestClient(t.app, { 'accept-language': 'fr' });
    inFrench.cookie = stranger.cookie;
    const refusedFr = (
      await inFrench.post(`/tcm/v1/app/${app.id}/delete`, { pkg: 'com.example.shop' })
    ).json();
    expect(refusedFr.msg).toBe(
      'Paramètre invalide\u00a0: pkg ne correspond pas au nom de paquet de l’application',
    );
    expect(refusedFr.data.fields).toEqual([
      { field: 'pkg', message: 'ne correspond pas au nom de paquet de l’application' },
    ]);

    const refused = await root.post('/tcm/v1/user/delete', { email: TEAM.stranger });
    expect(refused.json()).toMatchObject({ status: 1012, msg: expect.stringContaining('1') });
    expect((await root.post('/tcm/v1/user/list', { email: 'stranger' })).json().data.results[0].ownApps).toBe(
      1,
    );

    // devices with send records, here and in another app: the app's go with it (devices cascade, 0015's trigger)
    const device = async (forApp: number, n: number) => {
      const [row] = await t.database.query<{ id: string }>(
        `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
         VALUES ($1, $2, 'NG', 'en', 'TECNO', 'KC8', 30, '3.1.0', 30100, 'Africa/Lagos', 60, true) RETURNING id::text AS id`,
        [forApp, `00000000-0000-4000-8000-${String(forApp * 1000 + n).padStart(12, '0')}`],
      );
      await t.database.query(
        'INSERT INTO send_records (message_id, device_id, outcome) VALUES (987654, $1, 1), (987655, $1, 2)',
        [row!.id],
      );
      return row!.id;
    };
    const doomedDevices = [await device(app.id, 1), await device(app.id, 2)];
    const kept = await device(appId, 3);
    const records = async (ids: string[]) =>
      Number(
        (
          await t.database.query<{ n: string }>(
            'SELECT count(*)::text AS n FROM send_records WHERE device_id = ANY($1::bigint[])',
            [ids],
          )
        )[0]?.n,
      );
    expect(await records(doomedDevices)).toBe(4);

    expect(
      (await stranger.post(`/tcm/v1/app/${app.id}/delete`, { pkg: 'com.example.doomed' })).json().status,
    ).toBe(200);
    expect(await t.repos.apps.exists(app.id)).toBe(false);
    expect(await records(doomedDevices)).toBe(0);
    expect(await records([kept])).toBe(2);
    await t.database.query('DELETE FROM devices WHERE id = $1', [kept]);
    expect(await records([kept])).toBe(0);
    expect((await managerClient.call('GET', `/tcm/v1/app/${app.id}/info`)).json().status).toBe(1002);
    expect((await root.post('/tcm/v1/user/delete', { email: TEAM.stranger })).json().status).toBe(200);
  });

  it('lets a super admin delete any app through the legacy call', async () => {
    const { app } = await t.services.apps.create({
      title: 'Legacy',
      pkg: 'com.example.legacy',
      owner: { userId: (await t.repos.users.findByEmail(TEAM.owner))!.id, email: TEAM.owner },
    });
    expect(
      (await root.post('/tcm/app/delete', { appId: app.id, pkg: 'com.example.legacy' })).json().status,
    ).toBe(200);
    expect(await t.repos.apps.exists(app.id)).toBe(false);
  });
});
