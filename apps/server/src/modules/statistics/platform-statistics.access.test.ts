import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { ADMINS, platformFixture, REFUSED, type PlatformFixture } from '../../test/fixtures/admins';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

type Answer = { http: number; status: number; data: { fields?: Array<{ field: string }> } };

const DASHBOARD = [
  '/tcm/v1/dashboard/report/yesterday',
  '/tcm/v1/dashboard/report/msg',
  '/tcm/v1/dashboard/user',
  '/tcm/v1/dashboard/report/msg/country/app',
  '/tcm/v1/dashboard/user/metric',
  '/tcm/v1/dashboard/meta',
  '/tcm/v1/dashboard/tracking',
];
const PLATFORM_POST = ['/tcm/global/plat/dashboard', '/tcm/global/msg/stat', '/tcm/global/msg/list'];
const PLATFORM_GET = ['/tcm/global/plat/dashboard/apps', '/tcm/global/plat/dashboard/export'];

/**
 * Who may read the platform statistics (the dashboard's calls: level 100; the platform tabs: 100 and 150) and how
 * bad input is refused (400 naming the field), per backend.
 */
describe.each(backends())('platform statistics: access and input [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
  });
  afterAll(async () => t.close());

  const call = async (
    who: TestClient,
    method: 'GET' | 'POST',
    url: string,
    body?: object,
  ): Promise<Answer> => {
    const res = await who.call(method, url, method === 'POST' ? (body ?? {}) : undefined);
    return { http: res.statusCode, ...res.json<Omit<Answer, 'http'>>() };
  };
  const fieldsOf = (a: Answer) => (a.data.fields ?? []).map((x) => x.field);

  it.each([
    ['/report/msg?start=2026-02-30', 'start'],
    ['/report/msg?end=yesterday', 'end'],
    ['/report/msg?type=7', 'type'],
    ['/report/yesterday?type=true', 'type'],
    ['/report/msg/country/app?appId=abc', 'appId'],
    ['/report/msg/country/app?appId=999999', 'appId'],
    ['/user/metric?start=20260101', 'start'],
    ['/tracking?ev=login', 'ev'],
    ['/tracking?action=ai_other', 'action'],
    ['/tracking?pageSize=0', 'pageSize'],
    ['/tracking?begin=2026-13-01', 'begin'],
  ])('refuses GET /tcm/v1/dashboard%s with 400 naming %s', async (path, field) => {
    const res = await call(f.clients.root, 'GET', `/tcm/v1/dashboard${path}`);
    expect([res.http, res.status]).toEqual([400, 400]);
    expect(fieldsOf(res)).toContain(field);
  });

  it.each([
    ['/tcm/global/plat/dashboard', { appId: 'abc' }, 'appId'],
    ['/tcm/global/plat/dashboard', { appId: 999999 }, 'appId'],
    ['/tcm/global/plat/dashboard', { sort: 'title' }, 'sort'],
    ['/tcm/global/plat/dashboard', { order: 'up' }, 'order'],
    ['/tcm/global/plat/dashboard', { pageSize: 101 }, 'pageSize'],
    ['/tcm/global/plat/dashboard', { start: '2026-1-1' }, 'start'],
    ['/tcm/global/msg/stat', { msgType: 3 }, 'msgType'],
    ['/tcm/global/msg/stat', { timeType: 4 }, 'timeType'],
    ['/tcm/global/msg/stat', { country: 'NG\nKE' }, 'country'],
    ['/tcm/global/msg/list', { pageNo: 0 }, 'pageNo'],
    ['/tcm/global/msg/list', { end: 'tomorrow' }, 'end'],
    ['/tcm/global/msg/list', { appId: 999999 }, 'appId'],
  ] as const)('refuses POST %s %j with 400 naming %s', async (url, body, field) => {
    const res = await call(f.clients.platform, 'POST', url, body);
    expect([res.http, res.status]).toEqual([400, 400]);
    expect(fieldsOf(res)).toContain(field);
  });

  it('lets level 100 read the dashboard’s calls and refuses level 150, plain users and operators (403/1002)', async () => {
    for (const url of DASHBOARD) {
      expect([url, (await call(f.clients.root, 'GET', url)).status]).toEqual([url, 200]);
      for (const who of ['platform', 'plain', 'operator'] as const) {
        const res = await call(f.clients[who], 'GET', url);
        expect([url, who, res.http, res.status]).toEqual([url, who, 403, 1002]);
      }
    }
  });

  it.each(ADMINS)(
    'lets level %s read the statistics and report tabs, the app list and the CSV',
    async (who) => {
      for (const url of PLATFORM_POST)
        expect([url, (await call(f.clients[who], 'POST', url)).status]).toEqual([url, 200]);
      expect((await f.clients[who].call('GET', PLATFORM_GET[1]!)).statusCode).toBe(200);
      const apps = await call(f.clients[who], 'GET', PLATFORM_GET[0]!);
      expect((apps.data as { apps?: Array<{ title: string }> }).apps?.map((a) => a.title)).toEqual([
        'Shop',
        'News',
      ]);
    },
  );

  it.each(REFUSED)('refuses %s on the platform tabs with 403/1002', async (who) => {
    for (const url of PLATFORM_POST) {
      const res = await call(f.clients[who], 'POST', url);
      expect([url, res.http, res.status]).toEqual([url, 403, 1002]);
    }
    for (const url of PLATFORM_GET)
      expect([url, (await f.clients[who].call('GET', url)).statusCode]).toEqual([url, 403]);
  });

  it('refuses anonymous callers with 401 everywhere', async () => {
    const anonymous = new TestClient(t.app);
    for (const url of [...DASHBOARD, ...PLATFORM_GET])
      expect([url, (await anonymous.call('GET', url)).statusCode]).toEqual([url, 401]);
    for (const url of PLATFORM_POST)
      expect([url, (await anonymous.post(url, {})).statusCode]).toEqual([url, 401]);
  });
});
