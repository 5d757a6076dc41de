import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerSdkDevice, sdkAuthOf, sdkDevice } from '../../test/devices';
import { SmtpCatcher } from '../../test/smtp-catcher';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

const PW = 'Secret#2024';
const GAID = '0F8FAD5B-D9CB-469F-A165-70867728950E';

describe.each(backends('one'))('test devices [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let otherAppId: number;
  let sdkAuth: string;
  let owner: TestClient;
  let tester: TestClient;
  let stranger: TestClient;
  const url = (action: string, app = appId) => `/tcm/v1/app/${app}/device/${action}`;

  async function user(email: string): Promise<TestClient> {
    const root = (await t.repos.users.findByEmail('root@example.com'))!;
    await t.services.users.save({ email, source: 2, ulevel: 0, description: '', password: PW }, root);
    const client = new TestClient(t.app);
    await client.login(email, PW);
    return client;
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
    owner = await user('owner@example.com');
    tester = await user('tester@example.com');
    stranger = await user('stranger@example.com');
    const ownerRec = (await t.repos.users.findByEmail('owner@example.com'))!;
    const created = await t.services.apps.create({
      title: 'Shop',
      pkg: 'com.example.shop',
      owner: { userId: ownerRec.id, email: ownerRec.email },
    });
    appId = created.app.id;
    sdkAuth = sdkAuthOf(created.app, created.appSecret);
    otherAppId = (
      await t.services.apps.create({
        title: 'Other',
        pkg: 'com.example.other',
        owner: { userId: ownerRec.id, email: ownerRec.email },
      })
    ).app.id;
    await owner.post(`/tcm/v1/app/${appId}/operator/create`, { email: 'tester@example.com', ulevel: 500 });
    const token = new URL(SmtpCatcher.link(await t.smtp.take('tester@example.com'))).searchParams.get(
      'token',
    );
    expect((await tester.post('/tcm/v1/team/invite/accept', { token })).json().status).toBe(200);
  });
  afterAll(async () => t.close());

  it('validates every field and answers 400 naming it', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ desc: 'x', gaid: GAID }, 'name'],
      [{ name: '   ', gaid: GAID }, 'name'],
      [{ name: 'a'.repeat(16), gaid: GAID }, 'name'],
      [{ name: 'Pixel', desc: 'd'.repeat(31), gaid: GAID }, 'desc'],
      [{ name: 'Pixel' }, 'gaid'],
      [{ name: 'Pixel', gaid: '' }, 'gaid'],
      [{ name: 'Pixel', gaid: '0f8fad5b-d9cb-469f-a165-70867728950' }, 'gaid'],
      [{ name: 'Pixel', gaid: '0f8fad5bd9cb469fa16570867728950e' }, 'gaid'],
      [{ name: 'Pixel', gaid: 'zf8fad5b-d9cb-469f-a165-70867728950e' }, 'gaid'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.post(url('create'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.fields[0].field, JSON.stringify(body)).toBe(field);
    }
    expect((await owner.post(url('list'), {})).json().data.total).toBe(0);
  });

  it('creates, lists, edits and deletes, for every member level including testers; refuses strangers', async () => {
    const created = await tester.post(url('create'), { name: ' Pixel 8 ', desc: 'QA phone', gaid: GAID });
    expect(created.json()).toMatchObject({
      status: 200,
      data: { name: 'Pixel 8', desc: 'QA phone', gaid: GAID.toLowerCase(), valid: 0 },
    });
    const id = created.json().data.id as number;
    expect(
      (await owner.post(url('create'), { name: 'Again', gaid: GAID.toLowerCase() })).json(),
    ).toMatchObject({ status: 40002, msg: expect.stringMatching(/^gaid: /) });
    // another app may hold the same GAID
    expect((await owner.post(url('create', otherAppId), { name: 'Other', gaid: GAID })).json().status).toBe(
      200,
    );
    const second = (
      await owner.post(url('create'), { name: 'Galaxy', gaid: '11111111-2222-3333-4444-555555555555' })
    ).json().data;
    const list = (await tester.post(url('list'), { pageNo: 1, pageSize: 20 })).json().data;
    expect(list.total).toBe(2);
    expect(list.results.map((d: { name: string }) => d.name)).toEqual(['Galaxy', 'Pixel 8']);
    expect((await owner.post(url('list'), { keyword: 'pix' })).json().data.results).toHaveLength(1);
    expect((await owner.post(url('detail'), { id })).json().data.name).toBe('Pixel 8');
    expect((await owner.post(url('detail'), { id: 999_999 })).json().status).toBe(404);
    // a test device of another app is not reachable through this one
    expect((await owner.post(url('detail'), { id: second.id })).json().status).toBe(200);
    const otherId = (await owner.post(url('list', otherAppId), {})).json().data.results[0].id;
    expect((await owner.post(url('detail'), { id: otherId })).json().status).toBe(404);

    expect(
      (await tester.post(url('edit'), { id, name: 'Pixel 8 Pro', desc: '', gaid: GAID })).json().data,
    ).toMatchObject({ name: 'Pixel 8 Pro', desc: '' });
    expect((await owner.post(url('edit'), { id, name: 'Pixel', gaid: second.gaid })).json().status).toBe(
      40002,
    );
    expect(
      (await owner.post(url('edit'), { id, name: 'x'.repeat(16), gaid: GAID })).json().data.fields[0].field,
    ).toBe('name');
    expect((await owner.post(url('edit'), { name: 'Pixel', gaid: GAID })).json().data.fields[0].field).toBe(
      'id',
    );
    expect((await owner.post(url('edit'), { id: 999_999, name: 'Pixel', gaid: GAID })).json().status).toBe(
      404,
    );

    for (const action of ['list', 'create', 'edit', 'delete', 'detail']) {
      const res = await stranger.post(url(action), { id, name: 'x', gaid: GAID });
      expect(res.statusCode, action).toBe(403);
      expect(res.json().status).toBe(1002);
    }
    expect((await new TestClient(t.app).post(url('list'), {})).statusCode).toBe(401);

    expect((await tester.post(url('delete'), { id: second.id })).json().status).toBe(200);
    expect((await tester.post(url('delete'), { id: second.id })).json().status).toBe(404);
    expect((await owner.post(url('list'), {})).json().data.total).toBe(1);
  });

  it('turns valid once the device registers through the device API', async () => {
    const before = (await owner.post(url('list'), {}))
      .json()
      .data.results.find((d: { gaid: string }) => d.gaid === GAID.toLowerCase());
    expect(before.valid).toBe(0);
    await registerSdkDevice(t, sdkAuth, sdkDevice(1, { gaid: GAID }));
    await t.services.devices.drain();
    const after = (await owner.post(url('list'), {}))
      .json()
      .data.results.find((d: { gaid: string }) => d.gaid === GAID.toLowerCase());
    expect(after.valid).toBe(1);
    // the other app's entry with the same GAID stays invalid: devices belong to one app
    expect((await owner.post(url('list', otherAppId), {})).json().data.results[0].valid).toBe(0);
  });
});
