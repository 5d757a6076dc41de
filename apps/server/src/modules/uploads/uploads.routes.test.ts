import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { clientFor, seedTeam, type Member } from '../../test/fixtures/team';
import { makePng, jpegImage, rgbaPng } from '../../test/fixtures/images';
import { imageMultipart, postMultipart } from '../../test/fixtures/multipart';

const JPEG_430 = jpegImage(430, 230);

describe.each(backends('one'))('compose uploads [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  const clients = {} as Record<Member, TestClient>;

  const upload = (
    who: Member,
    data: Buffer | undefined,
    kind: string | undefined,
    name = 'image.png',
    kindLast = false,
  ) => {
    const body = imageMultipart(data, name, kind, kindLast);
    return postMultipart(t, clients[who], `/tcm/v1/app/${appId}/upload/image`, body);
  };
  const check = (who: Member, smallIconUrl: unknown) =>
    clients[who].post(`/tcm/v1/app/${appId}/msg/small/icon/check`, { smallIconUrl });

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    for (const who of ['root', 'admin', 'owner', 'manager', 'operator', 'tester', 'stranger'] as const)
      clients[who] = await clientFor(t, who);
  });
  afterAll(async () => t.close());

  it('stores an image of each kind for every project level, with its size', async () => {
    const cases = [
      ['root', 'smallIcon', makePng(60, 60)],
      ['owner', 'customIcon', makePng(96, 96)],
      ['manager', 'picture', makePng(430, 230)],
      ['operator', 'optionalIcon', makePng(80, 80)],
      ['tester', 'downloadIcon', makePng(64, 64)],
      ['owner', 'logo', makePng(120, 120)],
    ] as const;
    for (const [who, kind, png] of cases) {
      const res = await upload(who, png, kind, `${kind}.png`);
      expect(res.json(), `${who} ${kind}`).toMatchObject({
        status: 200,
        data: { url: expect.stringMatching(/^\/files\/[0-9a-f]{64}\.png$/), name: `${kind}.png` },
      });
      const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
      expect(served.rawPayload.equals(png)).toBe(true);
    }
    const picture = await upload('owner', makePng(430, 230), 'picture', 'p.png', true);
    expect(picture.json().data).toMatchObject({ width: 430, height: 230 });
    const jpeg = await upload('owner', JPEG_430, 'picture', 'p.jpg');
    expect(jpeg.json().data).toMatchObject({ url: expect.stringMatching(/\.jpg$/), width: 430, height: 230 });
  });

  it('refuses strangers, admins without a role and anonymous callers', async () => {
    expect((await upload('stranger', makePng(60, 60), 'smallIcon')).json().status).toBe(1002);
    expect((await upload('admin', makePng(60, 60), 'smallIcon')).json().status).toBe(1002);
    expect((await check('stranger', '/files/x.png')).json().status).toBe(1002);
    const anon = new TestClient(t.app);
    expect(
      (await anon.post(`/tcm/v1/app/${appId}/msg/small/icon/check`, { smallIconUrl: '/files/a.png' }))
        .statusCode,
    ).toBe(401);
  });

  it('names the field of every bad upload', async () => {
    const bad = [
      [makePng(60, 60), undefined, 'kind'],
      [makePng(60, 60), 'banner', 'kind'],
      [undefined, 'smallIcon', 'file'],
      [makePng(64, 64), 'smallIcon', 'file', /60×60/],
      [makePng(60, 60, 11 * 1024), 'smallIcon', 'file', /10 KB/],
      [JPEG_430, 'smallIcon', 'file', /png/],
      [makePng(96, 80), 'customIcon', 'file', /square/],
      [makePng(430, 231), 'picture', 'file', /430×230/],
      [makePng(430, 230, 900 * 1024), 'picture', 'file', /200 KB/],
      [Buffer.from('hello'), 'picture', 'file', /png, jpg, webp/],
    ] as const;
    for (const [data, kind, field, message] of bad) {
      const res = await upload('owner', data, kind);
      expect(res.statusCode, `${kind} ${field}`).toBe(400);
      expect(res.json().data.fields[0].field, `${kind}`).toBe(field);
      if (message) expect(res.json().msg).toMatch(message);
    }
    const plain = await clients.owner.post(`/tcm/v1/app/${appId}/upload/image`, { kind: 'smallIcon' });
    expect(plain.statusCode).toBe(400);
  });

  it('checks that a small icon is one colour on transparency (checkIconColorTransparent)', async () => {
    const url = async (png: Buffer, kind = 'smallIcon') =>
      (await upload('tester', png, kind)).json().data.url as string;
    const white = await url(makePng(60, 60));
    const twoColours = await url(
      rgbaPng(60, 60, (x, y) =>
        (x - 30) ** 2 + (y - 30) ** 2 < 400 ? (x < 30 ? [255, 0, 0, 255] : [0, 255, 0, 255]) : [0, 0, 0, 0],
      ),
    );
    const opaque = await url(rgbaPng(60, 60, (x) => (x < 30 ? [255, 255, 255, 255] : [0, 0, 0, 255])));
    const jpeg = await url(JPEG_430, 'picture');
    expect((await check('tester', white)).json()).toEqual({
      status: 200,
      msg: 'success',
      data: { result: 1 },
    });
    expect((await check('owner', `http://beacon.test${white}`)).json().data).toEqual({ result: 1 });
    expect((await check('operator', twoColours)).json().data).toEqual({ result: 0 });
    expect((await check('manager', opaque)).json().data).toEqual({ result: 0 });
    expect((await check('root', jpeg)).json().data).toEqual({ result: 0 });
    for (const bad of ['', `/files/${'0'.repeat(64)}.png`, 'https://example.com/icon.png', 42]) {
      const res = await check('owner', bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().data.fields[0].field).toBe('smallIconUrl');
    }
  });
});
