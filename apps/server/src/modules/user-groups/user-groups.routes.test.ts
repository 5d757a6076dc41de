import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gaid, registerSdkDevice, sdkDevice } from '../../test/devices';
import { seedTeamClients, type TeamFixture, type Role } from '../../test/fixtures/team';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';

const country = (values: string[], op = 'in') => ({ label: 'country', op, values, allSelected: 0 });

describe.each(backends('one'))('user groups /tcm/v1/app/:appId/group [$name]', (backend) => {
  let t: TestApp;
  let f: TeamFixture;
  const url = (what: string) => `/tcm/v1/app/${f.appId}/group/${what}`;
  const post = (role: Role, what: string, body: unknown) => f.clients[role].post(url(what), body);
  const field = async (role: Role, what: string, body: unknown) => {
    const res = await post(role, what, body);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json().data.fields as Array<{ field: string }>)[0]?.field;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await seedTeamClients(t);
    const fleet = [
      { country: 'NG', language: 'en', osVersion: 33, appVersionCode: 300, brand: 'Tecno' },
      { country: 'NG', language: 'pt-BR', osVersion: 30, appVersionCode: 200, brand: 'Infinix' },
      { country: 'KE', language: 'sw', osVersion: 29, appVersionCode: 100, brand: 'Tecno' },
      {
        country: 'BR',
        language: 'pt',
        osVersion: 34,
        appVersionCode: 310,
        brand: 'Samsung',
        appVersion: '3.1.0',
      },
      {
        country: 'PT',
        language: 'pt-PT',
        osVersion: 35,
        appVersionCode: 310,
        brand: 'Samsung',
        appVersion: '3.1.0',
      },
      { country: 'US', language: 'es-US', osVersion: 21, appVersionCode: 90, brand: 'Xiaomi', operator: '' },
    ];
    for (const [i, d] of fleet.entries())
      await registerSdkDevice(t, f.sdkAuth, sdkDevice(i + 1, { appVersion: '3.0.0', operator: 'MTN', ...d }));
    // one device silent for 100 days, one first seen 20 days ago
    await t.database.query(
      "UPDATE devices SET last_active_at = now() - interval '100 days', first_seen_at = now() - interval '200 days' WHERE gaid = $1",
      [gaid(6)],
    );
    await t.database.query(
      "UPDATE devices SET last_active_at = now() - interval '10 days', first_seen_at = now() - interval '20 days' WHERE gaid = $1",
      [gaid(5)],
    );
  });
  afterAll(async () => t.close());

  it.each(['root', 'owner', 'manager'] as const)('lets %s create, list, edit and delete', async (role) => {
    const name = `Nigeria ${role}`;
    const created = await post(role, 'create', {
      name,
      description: 'NG users',
      conditions: [country(['NG'])],
    });
    expect(created.json()).toMatchObject({
      status: 200,
      data: { name, description: 'NG users', open: true, conditions: [country(['NG'])] },
    });
    const id = created.json().data.id as number;
    const list = await post(role, 'list', { name: role, pageNo: 1, pageSize: 20, withSize: true });
    expect(list.json().data).toMatchObject({ total: 1, results: [{ id, name, size: 2, sizeExact: true }] });
    const edited = await post(role, 'edit', {
      id,
      name,
      description: '',
      conditions: [country(['NG', 'KE'])],
      open: false,
    });
    expect(edited.json().data).toMatchObject({ id, open: false, description: '' });
    expect((await post(role, 'list', { id, withSize: true })).json().data.results[0]).toMatchObject({
      open: false,
      size: 3,
    });
    expect((await post(role, 'delete', { id, name })).json().status).toBe(200);
    expect((await post(role, 'list', { id })).json().data.total).toBe(0);
  });

  it('lets an operator (400) read the list to target a group (part 2 §6), but not change groups', async () => {
    await post('owner', 'create', { name: 'For operators', conditions: [country(['NG'])] });
    const list = await post('operator', 'list', { name: 'for operators' });
    expect(list.json().status).toBe(200);
    expect(list.json().data.total).toBe(1);
    expect((await post('tester', 'list', {})).json().status).toBe(1002);
  });

  it.each(['operator', 'tester', 'stranger'] as const)(
    'refuses %s every change with 403/1002 (and the list to testers and strangers)',
    async (role) => {
      for (const [what, body] of [
        ...(role === 'operator' ? [] : ([['list', {}]] as const)),
        ['create', { name: 'x', conditions: [country(['NG'])] }],
        ['edit', { id: 1, name: 'x', conditions: [country(['NG'])] }],
        ['delete', { id: 1 }],
        ['estimate', { conditions: [country(['NG'])] }],
      ] as const) {
        const res = await post(role, what, body);
        expect(res.statusCode, what).toBe(403);
        expect(res.json().status).toBe(1002);
      }
    },
  );

  it('searches by name, pages, and accepts the picker page size of 10000 only', async () => {
    for (const name of ['Alpha one', 'Alpha two', 'Beta'])
      await post('owner', 'create', { name, conditions: [country(['NG'])] });
    const page = await post('owner', 'list', { name: 'alpha', pageNo: 2, pageSize: 1 });
    expect(page.json().data.total).toBe(2);
    expect(page.json().data.results).toHaveLength(1);
    expect(page.json().data.results[0].size).toBeUndefined();
    expect((await post('owner', 'list', { pageSize: 10000 })).json().data.total).toBeGreaterThanOrEqual(3);
    expect(await field('owner', 'list', { pageSize: 10001 })).toBe('pageSize');
    expect(await field('owner', 'create', { name: 'alpha ONE', conditions: [country(['NG'])] })).toBe('name');
  });

  it('refuses bad names and descriptions naming the field, writing nothing', async () => {
    const before = (await post('owner', 'list', {})).json().data.total;
    expect(await field('owner', 'create', { name: '', conditions: [country(['NG'])] })).toBe('name');
    expect(await field('owner', 'create', { name: '   ', conditions: [country(['NG'])] })).toBe('name');
    expect(await field('owner', 'create', { name: 'x'.repeat(31), conditions: [country(['NG'])] })).toBe(
      'name',
    );
    expect(await field('owner', 'create', { conditions: [country(['NG'])] })).toBe('name');
    expect(
      await field('owner', 'create', {
        name: 'ok',
        description: 'd'.repeat(151),
        conditions: [country(['NG'])],
      }),
    ).toBe('description');
    expect(
      (await post('owner', 'create', { name: 'x'.repeat(30), conditions: [country(['NG'])] })).json().status,
    ).toBe(200);
    expect((await post('owner', 'list', {})).json().data.total).toBe(before + 1);
  });

  const badConditions: Array<[string, unknown[], string]> = [
    ['no condition', [], 'conditions'],
    ['missing conditions', undefined as unknown as unknown[], 'conditions'],
    ['unknown label', [{ label: 'gender', op: 'in', values: ['m'] }], 'conditions.0.label'],
    ['unknown op', [{ label: 'country', op: 'like', values: ['NG'] }], 'conditions.0.op'],
    ['op not for the label', [country(['NG'], 'lt')], 'conditions.0.op'],
    ['missing op', [{ label: 'country', values: ['NG'] }], 'conditions.0.op'],
    ['no value and not all selected', [country([])], 'conditions.0.values'],
    ['a label twice', [country(['NG']), country(['KE'], 'nin')], 'conditions.1.label'],
    [
      'appVersion with appVersionCode',
      [
        { label: 'appVersion', op: 'in', values: ['1.0'] },
        { label: 'appVersionCode', op: 'gt', values: ['1'] },
      ],
      'conditions.1.label',
    ],
    [
      'between with one value',
      [{ label: 'appVersionCode', op: 'between', values: ['100'] }],
      'conditions.0.values',
    ],
    [
      'between reversed',
      [{ label: 'appVersionCode', op: 'between', values: ['300', '100'] }],
      'conditions.0.values',
    ],
    ['lt with two values', [{ label: 'osVersion', op: 'lt', values: ['20', '30'] }], 'conditions.0.values'],
    ['os version out of range', [{ label: 'osVersion', op: 'in', values: ['13'] }], 'conditions.0.values.0'],
    ['not an integer', [{ label: 'appVersionCode', op: 'gt', values: ['1.5'] }], 'conditions.0.values.0'],
    ['bad window', [{ label: 'active', op: 'in', values: ['3'] }], 'conditions.0.values.0'],
    [
      'all selected on a window',
      [{ label: 'active', op: 'in', values: [], allSelected: 1 }],
      'conditions.0.allSelected',
    ],
    ['bad country', [country(['XX'])], 'conditions.0.values.0'],
    ['bad language', [{ label: 'language', op: 'in', values: ['english!'] }], 'conditions.0.values.0'],
    [
      'serverInactiveUser with an op',
      [{ label: 'serverInactiveUser', op: 'in', values: ['1'] }],
      'conditions.0.op',
    ],
    [
      'advanced label while advanced targeting is off',
      [{ label: 'tags', op: 'in', values: ['1'] }],
      'conditions.0.label',
    ],
  ];
  it.each(badConditions)('refuses conditions with %s', async (_case, conditions, name) => {
    expect(await field('owner', 'create', { name: 'bad', conditions })).toBe(name);
    expect(await field('owner', 'estimate', { conditions })).toBe(name);
  });

  it('offers advanced labels once the app enables advanced targeting, and checks the tag ids', async () => {
    await t.database.query('UPDATE apps SET advance_target = true WHERE id = $1', [f.appId]);
    const [{ id }] = (await t.database.query<{ id: number }>(
      "INSERT INTO tags (app_id, name, code, flag) VALUES ($1, 'Bots', 'bots', 'GROUP') RETURNING id",
      [f.appId],
    )) as [{ id: number }];
    expect(
      await field('owner', 'estimate', { conditions: [{ label: 'tags', op: 'in', values: [String(id)] }] }),
    ).toBe('conditions.0.values');
    expect(
      await field('owner', 'estimate', {
        conditions: [{ label: 'dmpCustomize', op: 'in', values: ['99999'] }],
      }),
    ).toBe('conditions.0.values');
    expect(
      (
        await post('owner', 'estimate', {
          conditions: [{ label: 'dmpCustomize', op: 'nin', values: [String(id)] }],
        })
      ).json().data.count,
    ).toBe(6);
    await t.database.query('UPDATE apps SET advance_target = false WHERE id = $1', [f.appId]);
  });

  it('gives the live size of conditions for each kind of label', async () => {
    const size = async (conditions: unknown[]) => {
      const res = await post('manager', 'estimate', { conditions });
      expect(res.json().status, res.body).toBe(200);
      expect(res.json().data.exact).toBe(true); // a small app is counted, not sampled
      return res.json().data.count as number;
    };
    expect(await size([country(['ng'])])).toBe(2);
    expect(await size([country(['NG'], 'nin')])).toBe(4);
    expect(await size([{ label: 'country', op: 'in', values: [], allSelected: 1 }])).toBe(6);
    expect(await size([{ label: 'language', op: 'in', values: ['pt'] }])).toBe(3);
    expect(await size([{ label: 'language', op: 'in', values: ['pt_BR'] }])).toBe(1);
    expect(await size([{ label: 'brand', op: 'in', values: ['TECNO', 'samsung'] }])).toBe(4);
    expect(await size([{ label: 'model', op: 'nin', values: ['spark 10'] }])).toBe(0);
    expect(await size([{ label: 'operator', op: 'in', values: ['MTN'] }])).toBe(5);
    expect(await size([{ label: 'osVersion', op: 'between', values: ['29', '33'] }])).toBe(3);
    expect(await size([{ label: 'osVersion', op: 'gte', values: [34] }])).toBe(2);
    expect(await size([{ label: 'appVersionCode', op: 'lt', values: ['200'] }])).toBe(2);
    expect(await size([{ label: 'appVersion', op: 'in', values: ['3.1.0'] }])).toBe(2);
    expect(await size([{ label: 'active', op: 'in', values: ['7'] }])).toBe(4);
    expect(await size([{ label: 'active', op: 'nin', values: ['7'] }])).toBe(2);
    expect(await size([{ label: 'increasedApp', op: 'in', values: ['30'] }])).toBe(5);
    expect(await size([{ label: 'increasedApp', op: 'in', values: ['15'] }])).toBe(4);
    expect(await size([{ label: 'serverInactiveUser' }])).toBe(1);
    expect(await size([{ label: 'noclick', op: 'in', values: ['30'] }])).toBe(0);
    expect(await size([country(['NG', 'KE', 'BR']), { label: 'osVersion', op: 'gt', values: ['29'] }])).toBe(
      3,
    );
  });

  it('answers 404 for a group that does not exist', async () => {
    expect(
      (await post('owner', 'edit', { id: 999999, name: 'x', conditions: [country(['NG'])] })).json().status,
    ).toBe(404);
    expect((await post('owner', 'delete', { id: 999999, name: 'x' })).json().status).toBe(404);
  });
});
