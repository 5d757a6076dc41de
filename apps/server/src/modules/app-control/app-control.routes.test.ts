import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';
import { auditRows, platformFixture, REFUSED, type PlatformFixture } from '../../test/fixtures/admins';

const BASE = '/tcm/global/uem/app';

describe.each(backends('one'))('app control lists [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
  });
  afterAll(async () => t.close());

  const list = async (kind: 'control' | 'white') =>
    (await f.clients.root.post(`${BASE}/${kind}/config/list`)).json<{
      data: { list: Array<{ id: number; appId: number; title: string; appControlType: number }> };
    }>().data.list;

  it.each(REFUSED)('refuses every call to %s with 1002', async (who) => {
    const c = f.clients[who];
    for (const [method, url, body] of [
      ['POST', `${BASE}/control/config/list`, {}],
      ['POST', `${BASE}/white/config/list`, {}],
      ['POST', `${BASE}/control/config/edit`, { operateType: 1, appId: f.appId }],
      ['POST', `${BASE}/white/config/edit`, { operateType: 1, appId: f.appId }],
      ['GET', `${BASE}/candidates`, undefined],
    ] as const) {
      const res = await c.call(method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ status: number }>().status, url).toBe(1002);
    }
    expect(await t.database.query('SELECT 1 FROM app_control_entries')).toEqual([]);
  });

  it('lists every app as a candidate for 100 and 150', async () => {
    for (const who of ['root', 'platform'] as const) {
      const apps = (await f.clients[who].call('GET', `${BASE}/candidates`)).json<{
        data: { apps: Array<{ title: string }> };
      }>().data.apps;
      expect(apps.map((a) => a.title)).toEqual(['News', 'Shop']);
    }
  });

  it('adds and deletes notification-control and whitelist apps (operateType 1/2), audited', async () => {
    const p = f.clients.platform;
    expect((await p.post(`${BASE}/control/config/edit`, { operateType: 1, appId: f.appId })).json()).toEqual({
      status: 200,
      msg: 'success',
      data: {},
    });
    expect(
      (
        await f.clients.root.post(`${BASE}/control/config/edit`, {
          operateType: '1',
          appId: String(f.otherAppId),
        })
      ).json(),
    ).toMatchObject({ status: 200 });
    expect(
      (await p.post(`${BASE}/white/config/edit`, { operateType: 1, appId: f.appId })).json(),
    ).toMatchObject({ status: 200 });
    expect((await list('control')).map((e) => [e.title, e.appControlType])).toEqual([
      ['News', 1],
      ['Shop', 1],
    ]);
    expect((await list('white')).map((e) => [e.appId, e.appControlType])).toEqual([[f.appId, 2]]);

    const again = await p.post(`${BASE}/control/config/edit`, { operateType: 1, appId: f.appId });
    expect(again.json<{ status: number; msg: string }>()).toMatchObject({ status: 400 });
    expect(again.json<{ msg: string }>().msg).toContain(
      'appId Shop is already in the notification-control list',
    );

    const news = (await list('control')).find((e) => e.title === 'News')!;
    expect(
      (await p.post(`${BASE}/control/config/edit`, { operateType: 2, id: news.id })).json(),
    ).toMatchObject({ status: 200 });
    expect(
      (await p.post(`${BASE}/white/config/edit`, { operateType: 2, appId: f.appId })).json(),
    ).toMatchObject({ status: 200 });
    expect(
      (await p.post(`${BASE}/white/config/edit`, { operateType: 2, appId: f.appId })).json(),
    ).toMatchObject({ status: 404 });
    // an entry id of the other list is not found in this one
    const shop = (await list('control'))[0]!;
    expect((await p.post(`${BASE}/white/config/edit`, { operateType: 2, id: shop.id })).json()).toMatchObject(
      { status: 404 },
    );
    expect((await list('control')).map((e) => e.title)).toEqual(['Shop']);
    expect(await list('white')).toEqual([]);

    const rows = await auditRows(t, 'apps');
    expect(rows.map((r) => [r.actor_email, r.action, r.target])).toEqual([
      ['platform@example.com', 'create', `notification-control app ${f.appId}`],
      ['root@example.com', 'create', `notification-control app ${f.otherAppId}`],
      ['platform@example.com', 'create', `global-whitelist app ${f.appId}`],
      ['platform@example.com', 'delete', `notification-control app ${f.otherAppId}`],
      ['platform@example.com', 'delete', `global-whitelist app ${f.appId}`],
    ]);
    expect(rows[0]!.new_value).toMatchObject({
      appControlType: 1,
      appId: f.appId,
      title: 'Shop',
      pkg: 'com.example.shop',
    });
    expect(rows[3]!.old_value).toMatchObject({ appControlType: 1, appId: f.otherAppId, title: 'News' });
    expect(rows[3]!.new_value).toBeNull();
  });

  it.each([
    [{ operateType: 1 }, 'appId'],
    [{ operateType: 1, appId: 'abc' }, 'appId'],
    [{ operateType: 1, appId: 999999 }, 'appId'],
    [{ operateType: 3, appId: 1 }, 'operateType'],
    [{ appId: 1 }, 'operateType'],
    [{ operateType: 2 }, 'id'],
    [{ operateType: 2, id: -4 }, 'id'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await f.clients.root.post(`${BASE}/white/config/edit`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toContain(field);
  });
});
