import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';
import { adminFixture, auditRows, type AdminFixture, type Who } from '../../test/fixtures/admins';

interface ListBody {
  status: number;
  msg: string;
  data: { total: number; results: Array<Record<string, unknown>> };
}

describe.each(backends('one'))('/appsettings [$name]', (backend) => {
  let t: TestApp;
  let f: AdminFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await adminFixture(t);
    for (let i = 0; i < 23; i++) {
      const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
      await t.services.apps.create({
        title: `Game ${String(i).padStart(2, '0')}`,
        pkg: `com.games.g${i}`,
        owner: { userId: owner.id, email: owner.email },
      });
    }
  });
  afterAll(async () => t.close());

  const post = async (who: Who, url: string, body: unknown = {}) =>
    (await f.clients[who].post(url, body)).json<ListBody>();

  it('lists every app for level 100, 20 a page, searching title or package', async () => {
    const page1 = await post('root', '/tcm/v1/app/global-list', {});
    expect(page1.data.total).toBe(25);
    expect(page1.data.results).toHaveLength(20);
    expect(page1.data.results[0]).toMatchObject({
      title: 'Game 00',
      pkg: 'com.games.g0',
      ownerEmail: 'owner@example.com',
      reviewEnable: false,
      commercialEnable: false,
    });
    expect((await post('root', '/tcm/v1/app/global-list', { pageNo: 2 })).data.results).toHaveLength(5);
    expect((await post('root', '/tcm/v1/app/global-list', { pageSize: 9999 })).data.results).toHaveLength(25);
    expect(
      (await post('root', '/tcm/v1/app/global-list', { title: 'example.news' })).data.results.map(
        (r) => r.title,
      ),
    ).toEqual(['News']);
    expect(
      (await post('root', '/tcm/v1/app/global-list', { title: 'SHOP' })).data.results.map((r) => r.title),
    ).toEqual(['Shop']);
    expect((await post('root', '/tcm/v1/app/global-list', { pageSize: 10000 })).status).toBe(400);
  });

  it('refuses 150 and everyone else with 1002', async () => {
    for (const who of ['platform', 'plain', 'owner', 'manager', 'operator'] as const) {
      expect((await post(who, '/tcm/v1/app/global-list')).status).toBe(1002);
      expect((await post(who, `/tcm/global/app/${f.appId}/dmp/1`)).status).toBe(1002);
    }
  });

  it('turns each switch on and off, audited; bad switches and values are refused', async () => {
    const switches = {
      review: 'reviewEnable',
      'material-review': 'materialReviewEnable',
      'advance-target': 'advanceTarget',
      'local-time': 'localTimeEnable',
      'multi-lang': 'multiLangEnable',
      dmp: 'commercialEnable',
    };
    for (const name of Object.keys(switches))
      expect((await post('root', `/tcm/global/app/${f.appId}/${name}/1`)).status).toBe(200);
    const row = (await post('root', '/tcm/v1/app/global-list', { title: 'Shop' })).data.results[0]!;
    for (const field of Object.values(switches)) expect([field, row[field]]).toEqual([field, true]);
    expect((await post('root', `/tcm/global/app/${f.appId}/dmp/0`)).status).toBe(200);
    expect((await post('root', `/tcm/global/app/${f.appId}/dmp/0`)).status).toBe(200);
    expect((await post('root', `/tcm/global/app/${f.appId}/dmp/2`)).status).toBe(400);
    expect((await post('root', `/tcm/global/app/${f.appId}/links/1`)).status).toBe(400);
    expect((await post('root', '/tcm/global/app/99999/review/1')).status).toBe(2006);
    const info = await t.database.query<{ commercial_enable: boolean; review_enable: boolean }>(
      'SELECT commercial_enable, review_enable FROM apps WHERE id = $1',
      [f.appId],
    );
    expect(info[0]).toEqual({ commercial_enable: false, review_enable: true });
    const rows = await auditRows(t, 'app-settings');
    expect(rows).toHaveLength(7);
    expect(rows.at(-1)).toMatchObject({
      actor_email: 'root@example.com',
      target: `app ${f.appId} Shop dmp`,
      old_value: true,
      new_value: false,
    });
  });
});
