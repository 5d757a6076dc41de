import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { SmtpCatcher } from '../../test/smtp-catcher';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { makePng } from '../../test/fixtures/images';
import { multipartFile, postMultipart } from '../../test/fixtures/multipart';

const PW = 'Secret#2024';
// a 2×2 baseline JPEG header is enough for the type check
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b080002000201011100ffd9', 'hex');

describe.each(backends('one'))('notification icon [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  let tester: TestClient;
  let stranger: TestClient;

  async function user(email: string): Promise<TestClient> {
    const root = (await t.repos.users.findByEmail('root@example.com'))!;
    await t.services.users.save({ email, source: 2, ulevel: 0, description: '', password: PW }, root);
    const client = new TestClient(t.app);
    await client.login(email, PW);
    return client;
  }

  const upload = (client: TestClient, data: Buffer, name = 'icon.png', mime = 'image/png') =>
    postMultipart(t, client, `/tcm/v1/app/${appId}/icon/upload`, multipartFile(name, data, mime));
  const edit = (client: TestClient, body: Record<string, unknown>) =>
    client.post(`/tcm/v1/app/${appId}/icon/edit`, { appId, ...body });

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
    owner = await user('owner@example.com');
    tester = await user('tester@example.com');
    stranger = await user('stranger@example.com');
    const o = (await t.repos.users.findByEmail('owner@example.com'))!;
    appId = (
      await t.services.apps.create({
        title: 'Shop',
        pkg: 'com.example.shop',
        owner: { userId: o.id, email: o.email },
      })
    ).app.id;
    await owner.post(`/tcm/v1/app/${appId}/operator/create`, { email: 'tester@example.com', ulevel: 500 });
    const token = new URL(SmtpCatcher.link(await t.smtp.take('tester@example.com'))).searchParams.get(
      'token',
    );
    await tester.post('/tcm/v1/team/invite/accept', { token });
  });
  afterAll(async () => t.close());

  it('starts empty and refuses strangers', async () => {
    expect((await owner.call('GET', `/tcm/v1/app/${appId}/icon`)).json()).toEqual({
      status: 200,
      msg: 'success',
      data: { icon: '', color: '' },
    });
    expect((await stranger.call('GET', `/tcm/v1/app/${appId}/icon`)).json().status).toBe(1002);
    expect((await upload(stranger, makePng(60, 60))).json().status).toBe(1002);
    expect((await edit(stranger, { icon: '', color: '' })).json().status).toBe(1002);
  });

  it('refuses uploads of the wrong type, size or dimensions, naming the icon', async () => {
    for (const [data, name, mime, problem] of [
      [JPEG, 'icon.jpg', 'image/jpeg', /only png/],
      [Buffer.from('not an image'), 'icon.png', 'image/png', /only png/],
      [makePng(60, 60, 11 * 1024), 'big.png', 'image/png', /too large/],
      [makePng(60, 60, 60 * 1024), 'huge.png', 'image/png', /too large/],
      [makePng(64, 64), 'icon.png', 'image/png', /60×60/],
      [makePng(60, 30), 'icon.png', 'image/png', /60×60/],
    ] as const) {
      const res = await upload(owner, data, name, mime);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toMatch(problem);
      expect(res.json().data.fields[0].field).toBe('icon');
    }
  });

  it('stores an icon and an upper-cased colour; any member (tester too) may set them', async () => {
    const png = makePng(60, 60);
    const up = await upload(tester, png);
    expect(up.json()).toMatchObject({
      status: 200,
      data: { url: expect.stringMatching(/^\/files\/[0-9a-f]{64}\.png$/), name: 'icon.png' },
    });
    const url = up.json().data.url as string;
    expect((await t.app.inject({ method: 'GET', url })).rawPayload.equals(png)).toBe(true);

    expect((await edit(tester, { icon: url, color: '#1a73e8' })).json()).toMatchObject({
      status: 200,
      data: { icon: url, color: '#1A73E8' },
    });
    expect((await owner.call('GET', `/tcm/v1/app/${appId}/icon`)).json().data).toEqual({
      icon: url,
      color: '#1A73E8',
    });
    expect((await edit(owner, { icon: url, color: '' })).json().data).toEqual({ icon: url, color: '' });
  });

  it('refuses bad colours, icons that are not uploads, and a colour without an icon', async () => {
    const url = (await upload(owner, makePng(60, 60))).json().data.url as string;
    for (const color of ['1A73E8', '#1A73E', '#1A73E8F', '#GGGGGG', 'red', '#1a73e 8']) {
      const res = await edit(owner, { icon: url, color });
      expect(res.statusCode, color).toBe(400);
      expect(res.json().data.fields[0].field).toBe('color');
    }
    for (const icon of ['https://evil.example/icon.png', '/files/abc.png', `/files/${'0'.repeat(64)}.png`]) {
      const res = await edit(owner, { icon, color: '#000000' });
      expect(res.statusCode, icon).toBe(400);
      expect(res.json().data.fields[0].field).toBe('icon');
    }
    // a stored file that is not a small icon (e.g. a logo) is refused too
    const logo = await t.services.files.store(makePng(120, 120), 'png', 'logo.png', null, {
      width: 120,
      height: 120,
    });
    expect((await edit(owner, { icon: logo.url, color: '' })).json().data.fields[0].field).toBe('icon');
    const noIcon = await edit(owner, { icon: '', color: '#000000' });
    expect(noIcon.json()).toMatchObject({ status: 50000, msg: expect.stringMatching(/^color: /) });
    expect((await edit(owner, { icon: '', color: '' })).json().data).toEqual({ icon: '', color: '' });
  });
});
