import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  ADMINS,
  auditRows,
  platformFixture,
  REFUSED,
  type PlatformFixture,
} from '../../test/fixtures/admins';

const entry = (over: Record<string, unknown> = {}) => ({
  shieldType: 1,
  type: 1,
  brand: 'SAMSUNG',
  model: 'SMG991B',
  protectDefault: 6,
  protectNewMarket: 12,
  ...over,
});

describe.each(backends('one'))('mobile models [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
  });
  afterAll(async () => t.close());

  it.each(REFUSED)('refuses every call to %s with 1002', async (who) => {
    const c = f.clients[who];
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/tcm/global/uem/config/list', { shieldType: 1 }],
      ['POST', '/tcm/global/uem/config/save', entry()],
      ['POST', '/tcm/global/uem/config/edit', { ...entry(), id: 1 }],
      ['POST', '/tcm/global/uem/config/delete', { id: 1 }],
      ['POST', '/tcm/global/uem/config/upload/confirm', { uploadId: '2f0c5a4e-9a55-4c3b-9a3c-1b1f6f7b9d10' }],
      ['GET', '/tcm/global/uem/country'],
      ['POST', '/tcm/global/uem/country/save', { market: 1, countries: ['IN'] }],
      ['GET', '/tcm/global/uem/config/download?shieldType=1'],
    ];
    for (const [method, url, body] of calls) {
      const res = await c.call(method as 'GET' | 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ status: number }>().status, url).toBe(1002);
    }
    expect(await t.database.query('SELECT 1 FROM model_control_entries')).toEqual([]);
  });

  it('refuses callers who are not signed in with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tcm/global/uem/config/list',
      payload: { shieldType: 1 },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/tcm/global/uem/config/download?shieldType=1' })).statusCode,
    ).toBe(401);
  });

  it.each(ADMINS)('lets %s add, edit, search and delete entries, each audited old → new', async (who) => {
    const c = f.clients[who];
    const brand = who === 'root' ? 'XIAOMI' : 'OPPO';
    const added = await c.post(
      '/tcm/global/uem/config/save',
      entry({
        brand: ` ${brand} `,
        model: 'M2101K6G',
        shieldType: 2,
        type: '2',
        protectDefault: '0',
        protectNewMarket: 999,
      }),
    );
    expect(added.json()).toMatchObject({ status: 200, data: { id: expect.any(Number) } });
    const id = added.json<{ data: { id: number } }>().data.id;

    const list = await c.post('/tcm/global/uem/config/list', {
      shieldType: 2,
      keyword: brand.toLowerCase().slice(0, 3),
    });
    expect(list.json<{ data: unknown }>().data).toEqual({
      total: 1,
      list: [
        {
          id,
          shieldType: 2,
          type: 2,
          brand,
          model: 'M2101K6G',
          protectDefault: 0,
          protectNewMarket: 999,
          updateTime: expect.any(String),
        },
      ],
    });
    // the other list does not hold it
    expect(
      (await c.post('/tcm/global/uem/config/list', { shieldType: 1, keyword: brand })).json<{
        data: { total: number };
      }>().data.total,
    ).toBe(0);

    const edited = await c.post('/tcm/global/uem/config/edit', {
      id,
      ...entry({ brand, model: 'M2101K6G', shieldType: 2, type: 3, protectDefault: 3, protectNewMarket: 6 }),
    });
    expect(edited.json()).toMatchObject({ status: 200 });
    expect((await c.post('/tcm/global/uem/config/delete', { id })).json()).toMatchObject({ status: 200 });
    expect((await c.post('/tcm/global/uem/config/delete', { id })).json()).toMatchObject({ status: 404 });

    const rows = (await auditRows(t, 'models')).filter((r) => r.target === `global ${brand} M2101K6G`);
    const snap = (type: number, d: number, n: number) => ({
      shieldType: 2,
      type,
      brand,
      model: 'M2101K6G',
      protectDefault: d,
      protectNewMarket: n,
    });
    expect(rows).toEqual([
      {
        actor_email: `${who}@example.com`,
        action: 'create',
        target: `global ${brand} M2101K6G`,
        old_value: null,
        new_value: snap(2, 0, 999),
      },
      {
        actor_email: `${who}@example.com`,
        action: 'update',
        target: `global ${brand} M2101K6G`,
        old_value: snap(2, 0, 999),
        new_value: snap(3, 3, 6),
      },
      {
        actor_email: `${who}@example.com`,
        action: 'delete',
        target: `global ${brand} M2101K6G`,
        old_value: snap(3, 3, 6),
        new_value: null,
      },
    ]);
  });

  it.each([
    ['shieldType', { shieldType: 3 }],
    ['type', { type: 4 }],
    ['type', { type: '' }],
    ['brand', { brand: '' }],
    ['brand', { brand: 'Samsung' }],
    ['brand', { brand: 'B'.repeat(51) }],
    ['brand', { brand: 'SAM$UNG' }],
    ['model', { model: '' }],
    ['model', { model: '9PRO' }],
    ['model', { model: 'sm991' }],
    ['model', { model: 'SM-G991B' }],
    ['model', { model: 'GALAXY S21' }],
    ['model', { model: `M${'1'.repeat(50)}` }],
    ['protectDefault', { protectDefault: '' }],
    ['protectDefault', { protectDefault: 1000 }],
    ['protectDefault', { protectDefault: -1 }],
    ['protectDefault', { protectDefault: '12a' }],
    ['protectNewMarket', { protectNewMarket: 1.5 }],
    ['protectNewMarket', { protectNewMarket: undefined }],
  ])('refuses a bad %s (%j) with 400 naming the field, writing nothing', async (field, over) => {
    const res = await f.clients.root.post(
      '/tcm/global/uem/config/save',
      entry({ brand: 'BADCASE', ...over }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ status: number; msg: string }>();
    expect(body.status).toBe(400);
    expect(body.msg).toContain(field);
    expect(await t.database.query(`SELECT 1 FROM model_control_entries WHERE brand = 'BADCASE'`)).toEqual([]);
  });

  it('refuses a brand and model already in the list, on add and on edit', async () => {
    const c = f.clients.platform;
    const a = (await c.post('/tcm/global/uem/config/save', entry({ brand: 'HONOR', model: 'X8A' }))).json<{
      data: { id: number };
    }>().data.id;
    const b = (await c.post('/tcm/global/uem/config/save', entry({ brand: 'HONOR', model: 'X9A' }))).json<{
      data: { id: number };
    }>().data.id;
    const again = await c.post(
      '/tcm/global/uem/config/save',
      entry({ brand: 'HONOR', model: 'X8A', type: 3 }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json<{ msg: string }>().msg).toContain('HONOR X8A is already in the ad shielding list');
    // the same model in the other list is fine
    expect(
      (
        await c.post('/tcm/global/uem/config/save', entry({ brand: 'HONOR', model: 'X8A', shieldType: 2 }))
      ).json(),
    ).toMatchObject({ status: 200 });
    const clash = await c.post('/tcm/global/uem/config/edit', {
      id: b,
      ...entry({ brand: 'HONOR', model: 'X8A' }),
    });
    expect(clash.json()).toMatchObject({ status: 400 });
    expect((await c.post('/tcm/global/uem/config/edit', { id: 999999, ...entry() })).json()).toMatchObject({
      status: 404,
    });
    expect(a).toBeGreaterThan(0);
  });

  it('pages and searches a list by brand, model or both', async () => {
    const c = f.clients.root;
    for (let i = 0; i < 23; i++)
      await c.post(
        '/tcm/global/uem/config/save',
        entry({ brand: 'PAGER', model: `P${String(i).padStart(2, '0')}` }),
      );
    const page2 = (
      await c.post('/tcm/global/uem/config/list', { shieldType: 1, keyword: 'pager', pageNo: 2 })
    ).json<{ data: { total: number; list: Array<{ model: string }> } }>().data;
    expect(page2.total).toBe(23);
    expect(page2.list.map((e) => e.model)).toEqual(['P20', 'P21', 'P22']);
    const both = (await c.post('/tcm/global/uem/config/list', { shieldType: 1, keyword: 'PAGER P07' })).json<{
      data: { total: number };
    }>().data;
    expect(both.total).toBe(1);
    expect(
      (await c.post('/tcm/global/uem/config/list', { shieldType: 1, keyword: '%' })).json<{
        data: { total: number };
      }>().data.total,
    ).toBe(0);
    expect((await c.post('/tcm/global/uem/config/list', { shieldType: 1, pageSize: 0 })).statusCode).toBe(
      400,
    );
  });

  it('keeps the new-market and old-market lists apart, audited', async () => {
    const c = f.clients.platform;
    const saved = await c.post('/tcm/global/uem/country/save', { market: 1, countries: ['in', 'NP', 'IN'] });
    expect(saved.json<{ data: unknown }>().data).toEqual({
      newMarket: [
        { countryCode: 'IN', countryName: 'India' },
        { countryCode: 'NP', countryName: 'Nepal' },
      ],
      oldMarket: [],
    });
    expect(
      (await c.post('/tcm/global/uem/country/save', { market: 2, countries: ['FR', 'DE'] })).json(),
    ).toMatchObject({ status: 200 });
    const clash = await c.post('/tcm/global/uem/country/save', { market: 2, countries: ['FR', 'IN'] });
    expect(clash.json<{ status: number; msg: string }>()).toMatchObject({ status: 400 });
    expect(clash.json<{ msg: string }>().msg).toContain('IN is in the new-market list');
    expect(
      (await c.post('/tcm/global/uem/country/save', { market: 2, countries: ['XX'] })).json<{ msg: string }>()
        .msg,
    ).toContain('countries');
    expect(
      (await c.post('/tcm/global/uem/country/save', { market: 3, countries: [] })).json<{ msg: string }>()
        .msg,
    ).toContain('market');
    const view = (await c.call('GET', '/tcm/global/uem/country')).json<{
      data: { newMarket: unknown[]; oldMarket: Array<{ countryCode: string }> };
    }>().data;
    expect(view.oldMarket.map((x) => x.countryCode)).toEqual(['DE', 'FR']);
    expect(view.newMarket).toHaveLength(2);
    const rows = await auditRows(t, 'model-countries');
    expect(rows).toEqual([
      {
        actor_email: 'platform@example.com',
        action: 'replace',
        target: 'newMarket',
        old_value: [],
        new_value: ['IN', 'NP'],
      },
      {
        actor_email: 'platform@example.com',
        action: 'replace',
        target: 'oldMarket',
        old_value: [],
        new_value: ['DE', 'FR'],
      },
    ]);
  });

  it('serves the templates and the list as .xlsx with the template header', async () => {
    for (const url of ['/static/ads_shield.xlsx', '/static/global_shield2.xlsx']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.getRow(1).values).toEqual([
        undefined,
        'Type',
        'Brand',
        'Model',
        'Protect default (months)',
        'Protect new market (months)',
      ]);
      expect(wb.worksheets[0]!.rowCount).toBe(1);
    }
    await f.clients.root.post(
      '/tcm/global/uem/config/save',
      entry({ brand: 'ZTE', model: 'A71', shieldType: 2, type: 3, protectDefault: 999, protectNewMarket: 0 }),
    );
    const res = await f.clients.root.call('GET', '/tcm/global/uem/config/download?shieldType=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('global_shield_list.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[0]!.getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toContainEqual([3, 'ZTE', 'A71', 999, 0]);
    expect(
      (await f.clients.root.call('GET', '/tcm/global/uem/config/download?shieldType=5')).statusCode,
    ).toBe(400);
  });
});
