import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { auditRows, platformFixture, REFUSED, type PlatformFixture } from '../../test/fixtures/admins';

interface Envelope<T = Record<string, unknown>> {
  status: number;
  msg: string;
  data: T;
}
type Fields = { fields: Array<{ field: string; message: string }> };

const P = '/tcm/global/plat';

describe.each(backends('one'))('fine-work: banned countries and time windows [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
  });
  afterAll(async () => t.close());

  const post = async <T = Record<string, unknown>>(
    who: 'root' | 'platform',
    url: string,
    body: unknown = {},
  ) => {
    const res = await f.clients[who].post(url, body);
    return { http: res.statusCode, ...res.json<Envelope<T>>() };
  };
  const fieldsOf = (r: { data: unknown }) => (r.data as Fields).fields.map((x) => x.field);

  it('bans countries for an app (codes upper-cased, repeats and already-banned ones reported), lists and lifts them, audited', async () => {
    const added = await post('root', `${P}/app/country/forbid/add`, {
      appId: f.appId,
      countryCodes: ['fr', 'DE', 'FR'],
    });
    expect(added).toMatchObject({ status: 200, data: { added: ['FR', 'DE'], already: [] } });
    const again = await post('platform', `${P}/app/country/forbid/add`, {
      appId: f.appId,
      countryCodes: ['DE', 'NG'],
    });
    expect(again.data).toEqual({ added: ['NG'], already: ['DE'] });

    const list = await post<{ list: Array<{ countryCode: string; countryName: string; createdBy: string }> }>(
      'root',
      `${P}/app/country/forbid/list`,
      { appId: f.appId },
    );
    expect(list.data.list.map((c) => [c.countryCode, c.countryName, c.createdBy])).toEqual([
      ['FR', 'France', 'root@example.com'],
      ['DE', 'Germany', 'root@example.com'],
      ['NG', 'Nigeria', 'platform@example.com'],
    ]);
    // the other app and the platform list are untouched; the app's control view shows the same data
    expect((await post('root', `${P}/app/country/forbid/list`, { appId: f.otherAppId })).data).toEqual({
      list: [],
    });
    const view = (await f.clients.root.call('GET', `/tcm/v1/app/${f.appId}/forbid?type=1`)).json<
      Envelope<{ countryConfig: { countryList: Array<{ countryCode: string; scope: string }> } }>
    >();
    expect(view.data.countryConfig.countryList.map((c) => `${c.countryCode}:${c.scope}`)).toEqual([
      'FR:app',
      'DE:app',
      'NG:app',
    ]);

    expect(
      (await post('platform', `${P}/app/country/forbid/delete`, { appId: f.appId, countryCode: 'de' }))
        .status,
    ).toBe(200);
    const missing = await post('root', `${P}/app/country/forbid/delete`, {
      appId: f.appId,
      countryCode: 'DE',
    });
    expect([missing.http, missing.status, fieldsOf(missing)]).toEqual([400, 400, ['countryCode']]);

    const rows = (await auditRows(t, 'forbid')).filter((r) => r.target.startsWith(`app ${f.appId} country`));
    expect(rows.map((r) => [r.actor_email, r.action, r.target])).toEqual([
      ['root@example.com', 'create', `app ${f.appId} country FR`],
      ['root@example.com', 'create', `app ${f.appId} country DE`],
      ['platform@example.com', 'create', `app ${f.appId} country NG`],
      ['platform@example.com', 'delete', `app ${f.appId} country DE`],
    ]);
    expect(rows[3]).toMatchObject({
      old_value: { appId: f.appId, app: 'Shop', countryCode: 'DE', country: 'Germany' },
      new_value: null,
    });
  });

  it('bans countries platform-wide; the control view of every app shows them', async () => {
    expect((await post('platform', `${P}/country/forbid/add`, { countryCodes: ['KP'] })).data).toEqual({
      added: ['KP'],
      already: [],
    });
    expect((await post('root', `${P}/country/forbid/list`)).data).toMatchObject({
      list: [{ countryCode: 'KP', countryName: 'North Korea', createdBy: 'platform@example.com' }],
    });
    const view = (await f.clients.root.call('GET', `/tcm/v1/app/${f.otherAppId}/forbid?type=1`)).json<
      Envelope<{ countryConfig: { countryList: unknown[] } }>
    >();
    expect(view.data.countryConfig.countryList).toEqual([
      { countryCode: 'KP', countryName: 'North Korea', scope: 'platform' },
    ]);
    const summary = await f.clients.platform.call('GET', `${P}/app/forbid/summary`);
    expect(summary.json<Envelope>().data).toEqual({
      platformCountries: 1,
      apps: [
        { appId: f.otherAppId, title: 'News', pkg: 'org.example.news', logo: '', countries: 0, windows: 0 },
        { appId: f.appId, title: 'Shop', pkg: 'com.example.shop', logo: '', countries: 2, windows: 0 },
      ],
    });
    expect((await post('root', `${P}/country/forbid/delete`, { countryCode: 'KP' })).status).toBe(200);
    const rows = (await auditRows(t, 'forbid')).filter((r) => r.target === 'platform country KP');
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('adds windows per country (an end before the start runs to the next day), refuses repeats, deletes one or all, audited old → new', async () => {
    const first = await post<{ list: Array<{ id: number; start: string; end: string }> }>(
      'root',
      `${P}/app/time/forbid/add`,
      {
        appId: f.appId,
        countryCode: 'ng',
        intervalTimeList: [{ start: '22:00', end: '06:00' }],
      },
    );
    expect(first.status).toBe(200);
    expect(first.data.list).toEqual([{ id: expect.any(Number), start: '22:00', end: '06:00' }]);
    await post('root', `${P}/app/time/forbid/add`, {
      appId: f.appId,
      countryCode: 'NG',
      intervalTimeList: [{ start: '12:00', end: '13:30' }],
    });
    await post('root', `${P}/app/time/forbid/add`, {
      appId: f.appId,
      countryCode: 'BR',
      intervalTimeList: [
        { start: '00:00', end: '08:00' },
        { start: '20:00', end: '23:59' },
      ],
    });

    // a window already banned for the country is refused, and nothing of the request is written
    const dup = await post('root', `${P}/app/time/forbid/add`, {
      appId: f.appId,
      countryCode: 'NG',
      intervalTimeList: [
        { start: '01:00', end: '02:00' },
        { start: '22:00', end: '06:00' },
      ],
    });
    expect([dup.http, fieldsOf(dup)]).toEqual([400, ['intervalTimeList.1']]);
    expect(dup.msg).toContain('22:00–06:00 is already banned for NG');

    const list = await post<{
      list: Array<{
        countryCode: string;
        intervalTimeList: Array<{ id: number; start: string; end: string }>;
      }>;
    }>('platform', `${P}/app/time/forbid/list`, { appId: f.appId });
    expect(
      list.data.list.map((c) => [c.countryCode, c.intervalTimeList.map((w) => `${w.start}-${w.end}`)]),
    ).toEqual([
      ['BR', ['00:00-08:00', '20:00-23:59']],
      ['NG', ['12:00-13:30', '22:00-06:00']],
    ]);
    // the app's read-only view shows the same windows
    const view = (await f.clients.operator.call('GET', `/tcm/v1/app/${f.appId}/forbid?type=2`)).json<
      Envelope<{ countryTimeConfig: unknown[] }>
    >();
    expect(view.data.countryTimeConfig).toEqual([
      {
        countryCode: 'BR',
        countryName: 'Brazil',
        intervalTimeList: [
          { start: '00:00', end: '08:00' },
          { start: '20:00', end: '23:59' },
        ],
      },
      {
        countryCode: 'NG',
        countryName: 'Nigeria',
        intervalTimeList: [
          { start: '12:00', end: '13:30' },
          { start: '22:00', end: '06:00' },
        ],
      },
    ]);

    const overnight = list.data.list[1]!.intervalTimeList[1]!;
    expect(
      (await post('platform', `${P}/app/time/forbid/delete`, { appId: f.appId, id: overnight.id })).status,
    ).toBe(200);
    expect(
      (await post('root', `${P}/app/time/forbid/delete`, { appId: f.appId, countryCode: 'BR' })).status,
    ).toBe(200);
    const gone = await post('root', `${P}/app/time/forbid/delete`, { appId: f.appId, id: overnight.id });
    expect([gone.http, fieldsOf(gone)]).toEqual([400, ['id']]);
    // a window of another app cannot be deleted through this one
    const other = await post('root', `${P}/app/time/forbid/delete`, {
      appId: f.otherAppId,
      id: list.data.list[1]!.intervalTimeList[0]!.id,
    });
    expect(fieldsOf(other)).toEqual(['id']);
    const left = await post<{ list: unknown[] }>('root', `${P}/app/time/forbid/list`, { appId: f.appId });
    expect(left.data.list).toEqual([
      {
        countryCode: 'NG',
        countryName: 'Nigeria',
        intervalTimeList: [{ id: expect.any(Number), start: '12:00', end: '13:30' }],
      },
    ]);

    const rows = (await auditRows(t, 'forbid')).filter((r) => r.target.startsWith(`app ${f.appId} times`));
    expect(rows.map((r) => [r.action, r.target, r.old_value, r.new_value])).toEqual([
      [
        'create',
        `app ${f.appId} times NG`,
        null,
        { appId: f.appId, app: 'Shop', countryCode: 'NG', windows: '22:00-06:00 (+1 day)' },
      ],
      [
        'update',
        `app ${f.appId} times NG`,
        { appId: f.appId, app: 'Shop', countryCode: 'NG', windows: '22:00-06:00 (+1 day)' },
        { appId: f.appId, app: 'Shop', countryCode: 'NG', windows: '12:00-13:30, 22:00-06:00 (+1 day)' },
      ],
      [
        'create',
        `app ${f.appId} times BR`,
        null,
        { appId: f.appId, app: 'Shop', countryCode: 'BR', windows: '00:00-08:00, 20:00-23:59' },
      ],
      [
        'update',
        `app ${f.appId} times NG`,
        { appId: f.appId, app: 'Shop', countryCode: 'NG', windows: '12:00-13:30, 22:00-06:00 (+1 day)' },
        { appId: f.appId, app: 'Shop', countryCode: 'NG', windows: '12:00-13:30' },
      ],
      [
        'delete',
        `app ${f.appId} times BR`,
        { appId: f.appId, app: 'Shop', countryCode: 'BR', windows: '00:00-08:00, 20:00-23:59' },
        null,
      ],
    ]);
  });

  it.each([
    ['app/country/forbid/add', { appId: 999999, countryCodes: ['FR'] }, 'appId'],
    ['app/country/forbid/add', { countryCodes: ['FR'] }, 'appId'],
    ['app/country/forbid/add', { appId: 1, countryCodes: [] }, 'countryCodes'],
    ['app/country/forbid/add', { appId: 1, countryCodes: ['FR', 'XX'] }, 'countryCodes.1'],
    ['app/country/forbid/add', { appId: 1, countryCodes: ['EU'] }, 'countryCodes.0'],
    ['app/country/forbid/delete', { appId: 1, countryCode: 'France' }, 'countryCode'],
    ['country/forbid/add', { countryCodes: 'FR' }, 'countryCodes'],
    [
      'app/time/forbid/add',
      { appId: 1, countryCode: 'ZZ', intervalTimeList: [{ start: '01:00', end: '02:00' }] },
      'countryCode',
    ],
    ['app/time/forbid/add', { appId: 1, countryCode: 'NG', intervalTimeList: [] }, 'intervalTimeList'],
    [
      'app/time/forbid/add',
      { appId: 1, countryCode: 'NG', intervalTimeList: [{ start: '24:00', end: '02:00' }] },
      'intervalTimeList.0.start',
    ],
    [
      'app/time/forbid/add',
      { appId: 1, countryCode: 'NG', intervalTimeList: [{ start: '1:00', end: '02:00' }] },
      'intervalTimeList.0.start',
    ],
    [
      'app/time/forbid/add',
      { appId: 1, countryCode: 'NG', intervalTimeList: [{ start: '03:00', end: '03:60' }] },
      'intervalTimeList.0.end',
    ],
    [
      'app/time/forbid/add',
      { appId: 1, countryCode: 'NG', intervalTimeList: [{ start: '05:00', end: '05:00' }] },
      'intervalTimeList.0.end',
    ],
    [
      'app/time/forbid/add',
      {
        appId: 1,
        countryCode: 'NG',
        intervalTimeList: [
          { start: '05:00', end: '06:00' },
          { start: '07:00', end: '08:00' },
          { start: '05:00', end: '06:00' },
        ],
      },
      'intervalTimeList.2',
    ],
    [
      'app/time/forbid/add',
      { appId: 999999, countryCode: 'NG', intervalTimeList: [{ start: '05:00', end: '06:00' }] },
      'appId',
    ],
    ['app/time/forbid/delete', { appId: 1 }, 'id'],
    ['app/time/forbid/list', { appId: 'abc' }, 'appId'],
  ] as const)('refuses %s %j with 400 naming %s, writing nothing', async (path, body, field) => {
    const before = await t.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM app_forbidden_countries) + (SELECT count(*) FROM app_forbidden_times) + (SELECT count(*) FROM platform_forbidden_countries) + (SELECT count(*) FROM policy_audit) AS n`,
    );
    const res = await post('root', `${P}/${path}`, {
      ...body,
      ...('appId' in body && body.appId === 1 ? { appId: f.appId } : {}),
    });
    expect([res.http, res.status]).toEqual([400, 400]);
    expect(fieldsOf(res)).toContain(field);
    const after = await t.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM app_forbidden_countries) + (SELECT count(*) FROM app_forbidden_times) + (SELECT count(*) FROM platform_forbidden_countries) + (SELECT count(*) FROM policy_audit) AS n`,
    );
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it('refuses more than 24 windows for one country', async () => {
    const many = Array.from({ length: 24 }, (_, i) => ({
      start: `${String(i).padStart(2, '0')}:00`,
      end: `${String(i).padStart(2, '0')}:30`,
    }));
    expect(
      (
        await post('root', `${P}/app/time/forbid/add`, {
          appId: f.otherAppId,
          countryCode: 'GH',
          intervalTimeList: many,
        })
      ).status,
    ).toBe(200);
    const more = await post('root', `${P}/app/time/forbid/add`, {
      appId: f.otherAppId,
      countryCode: 'GH',
      intervalTimeList: [{ start: '00:40', end: '00:50' }],
    });
    expect(fieldsOf(more)).toEqual(['intervalTimeList']);
    await post('root', `${P}/app/time/forbid/delete`, { appId: f.otherAppId, countryCode: 'GH' });
  });

  it('downloads the bans as CSV: one app with the platform bans, or every app; names in the asked language', async () => {
    await post('root', `${P}/country/forbid/add`, { countryCodes: ['IR'] });
    await post('root', `${P}/app/country/forbid/add`, { appId: f.otherAppId, countryCodes: ['CN'] });
    await post('root', `${P}/app/time/forbid/add`, {
      appId: f.appId,
      countryCode: 'NG',
      intervalTimeList: [{ start: '23:30', end: '05:00' }],
    });

    const one = await f.clients.root.call('GET', `${P}/app/country/forbid/download?appId=${f.appId}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename="forbid_countries_app${f.appId}.csv"`,
    );
    const lines = one.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('scope,appId,app,pkg,countryCode,countryName,addedBy,addedAt');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 7).join(','))).toEqual([
      'platform,,,,IR,Iran,root@example.com',
      `app,${f.appId},Shop,com.example.shop,FR,France,root@example.com`,
      `app,${f.appId},Shop,com.example.shop,NG,Nigeria,platform@example.com`,
    ]);
    const all = await f.clients.platform.call('GET', `${P}/app/country/forbid/download?lang=zh`);
    expect(all.headers['content-disposition']).toContain('forbid_countries_all.csv');
    expect(all.body).toContain(`app,${f.otherAppId},News,org.example.news,CN,中国,root@example.com`);

    const times = await f.clients.root.call('GET', `${P}/app/time/forbid/download?appId=${f.appId}&lang=zh`);
    const timeLines = times.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(timeLines[0]).toBe('appId,app,pkg,countryCode,countryName,start,end,nextDay,addedBy,addedAt');
    expect(timeLines.slice(1).map((l) => l.split(',').slice(0, 9).join(','))).toEqual([
      `${f.appId},Shop,com.example.shop,NG,尼日利亚,12:00,13:30,0,root@example.com`,
      `${f.appId},Shop,com.example.shop,NG,尼日利亚,23:30,05:00,1,root@example.com`,
    ]);

    const bad = await f.clients.root.call('GET', `${P}/app/time/forbid/download?appId=999999`);
    expect([bad.statusCode, bad.json<Envelope<Fields>>().data.fields[0]!.field]).toEqual([400, 'appId']);
    const badLang = await f.clients.root.call('GET', `${P}/app/time/forbid/download?lang=de`);
    expect(badLang.json<Envelope<Fields>>().data.fields[0]!.field).toBe('lang');
  });

  it.each(REFUSED)('refuses %s with 403/1002 on every fine-work call and download', async (who) => {
    const calls: Array<[string, unknown]> = [
      ['app/country/forbid/list', { appId: f.appId }],
      ['app/country/forbid/add', { appId: f.appId, countryCodes: ['FR'] }],
      ['app/country/forbid/delete', { appId: f.appId, countryCode: 'FR' }],
      ['country/forbid/list', {}],
      ['country/forbid/add', { countryCodes: ['FR'] }],
      ['country/forbid/delete', { countryCode: 'FR' }],
      ['app/time/forbid/list', { appId: f.appId }],
      [
        'app/time/forbid/add',
        { appId: f.appId, countryCode: 'NG', intervalTimeList: [{ start: '01:00', end: '02:00' }] },
      ],
      ['app/time/forbid/delete', { appId: f.appId, countryCode: 'NG' }],
    ];
    for (const [path, body] of calls) {
      const res = await f.clients[who].post(`${P}/${path}`, body);
      expect([path, res.statusCode, res.json<Envelope>().status]).toEqual([path, 403, 1002]);
    }
    for (const url of [
      `${P}/app/forbid/summary`,
      `${P}/app/country/forbid/download?appId=${f.appId}`,
      `${P}/app/time/forbid/download`,
    ]) {
      const res = await f.clients[who].call('GET', url);
      expect([url, res.statusCode, res.json<Envelope>().status]).toEqual([url, 403, 1002]);
    }
    const anonymous = await new TestClient(t.app).call('GET', `${P}/app/time/forbid/download`);
    expect(anonymous.statusCode).toBe(401);
  });
});
