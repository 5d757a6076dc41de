import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { clientFor, seedTeam, type Member } from '../../test/fixtures/team';
import { upload } from '../../test/fixtures/multipart';
import { NOTIFICATION } from '../../test/messaging';
import { gaid, seedDevices } from '../../test/devices';
import { startFileServer, storedLists } from '../../test/fixtures/gaid-files';

const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => gaid(from + i));

describe.each(backends('one'))('file targeting: uploads, links, estimate and save [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let otherAppId: number;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  const clients = {} as Record<Member, TestClient>;
  const send = (who: Member, name: string, content: string | Buffer, id = appId) =>
    upload(t, clients[who], `/tcm/v1/app/${id}/upload`, name, content);
  // a title of its own: the same message again within a day would be a twin (21030)
  let seq = 0;
  const save = (who: Member, body: Record<string, unknown>) =>
    clients[who].post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: `File push ${++seq}`,
      pushCount: 1,
      scheduleType: 1,
      ...body,
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    for (const who of ['root', 'admin', 'owner', 'manager', 'operator', 'tester', 'stranger'] as const)
      clients[who] = await clientFor(t, who);
    const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
    otherAppId = (
      await t.services.apps.create({
        title: 'Other',
        pkg: 'com.example.other',
        owner: { userId: owner.id, email: owner.email },
      })
    ).app.id;
    await t.database.query('UPDATE apps SET local_time_enable = true WHERE id = $1', [appId]);
    await seedDevices(t, appId, 0, 20); // devices 0–19; the file lists 10–29
    await seedDevices(t, otherAppId, 10, 5);
    files = await startFileServer({ '/ids.txt': lines(0, 4).join('\n') });
  });
  afterAll(async () => {
    await files?.close();
    await t?.close();
  });

  it('stores an uploaded file for every project level: distinct ids counted, duplicates dropped, the estimate counts the app devices listed', async () => {
    const text = `${[...lines(10, 29), gaid(10), gaid(11).toUpperCase()].join('\r\n')}\r\n\r\n`;
    const res = await send('owner', 'audience.txt', text);
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        name: 'audience.txt',
        link: '',
        source: 6,
        count: 20,
        duplicates: 2,
        size: Buffer.byteLength(text),
      },
    });
    const origin = res.json().data.origin as string;
    expect(
      (await clients.owner.post(`/tcm/v1/app/${appId}/upload/info`, { origin })).json().data,
    ).toMatchObject({ origin, count: 20 });
    const est = await clients.owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
      targetingType: 6,
      fileOrigin: origin,
    });
    expect(est.json()).toEqual({ status: 200, msg: 'success', data: { newCount: 10, exact: true } });
    for (const who of ['root', 'manager', 'operator', 'tester'] as const) {
      expect((await send(who, 'ids.TXT', gaid(1))).json(), who).toMatchObject({
        status: 200,
        data: { count: 1 },
      });
    }
  });

  it('refuses strangers, administrators without a role and anonymous callers', async () => {
    expect((await send('stranger', 'a.txt', gaid(1))).json().status).toBe(1002);
    expect((await send('admin', 'a.txt', gaid(1))).json().status).toBe(1002);
    const anon = await upload(t, new TestClient(t.app), `/tcm/v1/app/${appId}/upload`, 'a.txt', gaid(1));
    expect(anon.statusCode).toBe(401);
    expect(
      (
        await clients.stranger.post(`/tcm/v1/app/${appId}/upload/link`, { link: `${files.url}/ids.txt` })
      ).json().status,
    ).toBe(1002);
  });

  it('refuses a file with invalid lines whole, listing each line and its reason, and stores nothing', async () => {
    const before = await storedLists(t);
    const text = [gaid(1), 'hello', gaid(2), '00000000-0000-0000-0000-000000000000', `${gaid(3)};x`].join(
      '\n',
    );
    const res = await send('owner', 'bad.txt', text);
    expect(res.json()).toMatchObject({
      status: 40000,
      data: {
        fields: [{ field: 'file' }],
        invalidCount: 3,
        validCount: 2,
        invalidLines: [
          { line: 2, reason: 'format', text: 'hello' },
          { line: 4, reason: 'zero' },
          { line: 5, reason: 'format' },
        ],
      },
    });
    expect(res.json().msg).toContain('#2');
    expect(await storedLists(t)).toEqual(before);
  });

  it('names the field of every other bad upload and stores nothing', async () => {
    const before = await storedLists(t);
    expect((await send('owner', 'ids.csv', gaid(1))).json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'file', message: 'must be a .txt file' }] },
    });
    expect((await send('owner', 'empty.txt', '\n \n')).json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'file', message: 'holds no advertising id' }] },
    });
    expect((await clients.owner.post(`/tcm/v1/app/${appId}/upload`, {})).json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'file' }] },
    });
    expect((await send('owner', 'a.txt', gaid(1), 999_999)).json().status).toBe(1002);
    expect(
      (await clients.owner.post(`/tcm/v1/app/${appId}/upload/info`, { origin: 'nope' })).json(),
    ).toMatchObject({ status: 400, data: { fields: [{ field: 'origin' }] } });
    expect(await storedLists(t)).toEqual(before);
  });

  it("refuses a file over the app's upload limit with 21017 naming the field", async () => {
    await t.database.query('UPDATE apps SET upload_file_limit = 1 WHERE id = $1', [appId]);
    try {
      const before = await storedLists(t);
      const oneMb = 1024 * 1024;
      const ids = lines(100, 100 + Math.ceil(oneMb / 37)).join('\n'); // just over 1 MB
      expect(Buffer.byteLength(ids)).toBeGreaterThan(oneMb);
      const res = await send('owner', 'big.txt', ids);
      expect(res.json()).toMatchObject({
        status: 21017,
        data: { fields: [{ field: 'file' }], limit: oneMb },
      });
      expect(await storedLists(t)).toEqual(before);
      const fits = await send('owner', 'fits.txt', ids.slice(0, oneMb - 100).replace(/\n[^\n]*$/, ''));
      expect(fits.json()).toMatchObject({ status: 200 });
    } finally {
      await t.database.query('UPDATE apps SET upload_file_limit = 30 WHERE id = $1', [appId]);
    }
  });

  it('refuses a link to a loopback address without BEACON_ALLOW_PRIVATE_LINKS, naming the field', async () => {
    const res = await clients.owner.post(`/tcm/v1/app/${appId}/upload/link`, {
      link: `${files.url}/ids.txt`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'link', message: expect.stringContaining('non-public address') }] },
    });
    expect(
      (
        await clients.owner.post(`/tcm/v1/app/${appId}/misc/size/link`, { link: 'http://169.254.169.254/x' })
      ).json().data.fields[0].field,
    ).toBe('link');
    expect(
      (
        await clients.owner.post(`/tcm/v1/app/${appId}/upload/link`, { link: 'ftp://example.com/x.txt' })
      ).json(),
    ).toMatchObject({ status: 400, data: { fields: [{ field: 'link' }] } });
    const saved = await save('owner', { targetingType: 7, fileLink: `${files.url}/ids.txt` });
    expect(saved.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'fileLink' }] } });
    expect(files.gets.size).toBe(0);
  });

  it('saves a type 6 message naming its list, and refuses lists it cannot use', async () => {
    const origin = (await send('owner', 'five.txt', lines(0, 4).join('\n'))).json().data.origin as string;
    const saved = await save('owner', {
      targetingType: 6,
      fileOrigin: origin,
      pushCount: 5,
      scheduleType: 2,
      scheduleDate: '2099-01-01 10:00:00',
    });
    expect(saved.json()).toMatchObject({ status: 200 });
    const detail = (
      await clients.owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id: saved.json().data.id })
    ).json().data;
    expect(detail).toMatchObject({ targetingType: 6, fileOrigin: origin, fileLink: '', targetCount: 5 });
    expect(
      (await save('owner', { targetingType: 6, fileOrigin: origin, pushCount: 6 })).json().data.fields[0]
        .field,
    ).toBe('pushCount');
    expect((await save('owner', { targetingType: 6 })).json().data.fields[0]).toMatchObject({
      field: 'fileOrigin',
    });
    expect((await save('owner', { targetingType: 6, fileOrigin: 'x' })).json().data.fields[0]).toMatchObject({
      field: 'fileOrigin',
    });
    const foreign = (await send('owner', 'other.txt', gaid(10), otherAppId)).json().data.origin as string;
    expect(
      (await save('owner', { targetingType: 6, fileOrigin: foreign })).json().data.fields[0],
    ).toMatchObject({ field: 'fileOrigin' });
    expect(
      (
        await clients.owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
          targetingType: 6,
          fileOrigin: foreign,
        })
      ).json().status,
    ).toBe(400);
  });

  it('refuses local-time scheduling with file targeting', async () => {
    const origin = (await send('owner', 'one.txt', gaid(1))).json().data.origin as string;
    const res = await save('owner', {
      targetingType: 6,
      fileOrigin: origin,
      scheduleType: 3,
      scheduleDate: '2099-01-01 10:00:00',
    });
    expect(res.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'scheduleType' }] } });
  });

  it('lets testers target only device ids, a file or a link, in the estimate and the save', async () => {
    const origin = (await send('tester', 'one.txt', gaid(1))).json().data.origin as string;
    expect((await save('tester', { targetingType: 6, fileOrigin: origin })).json().status).toBe(200);
    expect((await save('tester', { targetingType: 2, userIds: [gaid(2)] })).json().status).toBe(200);
    for (const targetingType of [0, 1, 3]) {
      expect(
        (
          await save('tester', {
            targetingType,
            conditions: [{ label: 'country', op: 'in', values: ['NG'], allSelected: 0 }],
            groupId: 1,
          })
        ).json().data.fields[0].field,
      ).toBe('targetingType');
    }
    const est = await clients.tester.post(`/tcm/v1/app/${appId}/msg/target/max`, { targetingType: 0 });
    expect(est.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'targetingType' }] } });
    expect(
      (
        await clients.tester.post(`/tcm/v1/app/${appId}/msg/target/max`, {
          targetingType: 6,
          fileOrigin: origin,
        })
      ).json().data,
    ).toEqual({ newCount: 1, exact: true });
  });
});

describe.each(backends('one'))('file links with BEACON_ALLOW_PRIVATE_LINKS=1 [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  let files: Awaited<ReturnType<typeof startFileServer>>;

  beforeAll(async () => {
    t = await startTestApp(backend, { BEACON_ALLOW_PRIVATE_LINKS: '1' });
    ({ appId } = await seedTeam(t));
    owner = await clientFor(t, 'owner');
    await seedDevices(t, appId, 0, 10);
    files = await startFileServer({
      '/ids.txt': `${lines(5, 14).join('\n')}\n${gaid(5)}\n`,
      '/bad.txt': `${gaid(1)}\nnope\n`,
      '/big.txt': 'x'.repeat(2 * 1024 * 1024),
    });
  });
  afterAll(async () => {
    await files?.close();
    await t?.close();
  });

  it('fetches a link, stores its list, and a save reuses it without fetching again', async () => {
    const link = `${files.url}/ids.txt`;
    const res = await owner.post(`/tcm/v1/app/${appId}/upload/link`, { link });
    expect(res.json()).toMatchObject({
      status: 200,
      data: { link, name: 'ids.txt', source: 7, count: 10, duplicates: 1 },
    });
    const origin = res.json().data.origin as string;
    expect(files.gets.get('/ids.txt')).toBe(1);
    expect(
      (
        await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
          targetingType: 7,
          fileLink: link,
          fileOrigin: origin,
        })
      ).json().data,
    ).toEqual({ newCount: 5, exact: true });
    const body = {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Link push',
      pushCount: 5,
      targetingType: 7,
      fileLink: link,
      fileOrigin: origin,
      scheduleType: 2,
      scheduleDate: '2099-01-01 10:00:00',
    };
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, body);
    expect(saved.json()).toMatchObject({ status: 200 });
    expect(files.gets.get('/ids.txt')).toBe(1);
    expect(
      (await owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id: saved.json().data.id })).json().data,
    ).toMatchObject({ fileOrigin: origin, fileLink: link, targetCount: 5 });
    // an API client sending only the link: fetched at save time
    const direct = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      ...body,
      title: 'Link push, link only',
      fileOrigin: '',
    });
    expect(direct.json()).toMatchObject({ status: 200 });
    expect(files.gets.get('/ids.txt')).toBe(2);
    expect((await owner.post(`/tcm/v1/app/${appId}/misc/size/link`, { link })).json().data).toMatchObject({
      link,
      size: Buffer.byteLength(`${lines(5, 14).join('\n')}\n${gaid(5)}\n`),
    });
  });

  it('refuses a link with invalid lines, one over the limit and one that does not answer, naming the field', async () => {
    const before = await storedLists(t);
    const bad = await owner.post(`/tcm/v1/app/${appId}/upload/link`, { link: `${files.url}/bad.txt` });
    expect(bad.json()).toMatchObject({
      status: 40000,
      data: { fields: [{ field: 'link' }], invalidLines: [{ line: 2 }] },
    });
    await t.database.query('UPDATE apps SET upload_file_limit = 1 WHERE id = $1', [appId]);
    const big = await owner.post(`/tcm/v1/app/${appId}/upload/link`, { link: `${files.url}/big.txt` });
    expect(big.json()).toMatchObject({
      status: 21017,
      data: { fields: [{ field: 'link' }], size: 2 * 1024 * 1024 },
    });
    expect(
      (await owner.post(`/tcm/v1/app/${appId}/misc/size/link`, { link: `${files.url}/big.txt` })).json()
        .status,
    ).toBe(21017);
    const missing = await owner.post(`/tcm/v1/app/${appId}/upload/link`, {
      link: `${files.url}/missing.txt`,
    });
    expect(missing.json()).toMatchObject({
      status: 21016,
      data: { fields: [{ field: 'link', message: 'answered HTTP 404' }] },
    });
    expect(await storedLists(t)).toEqual(before);
  });
});
