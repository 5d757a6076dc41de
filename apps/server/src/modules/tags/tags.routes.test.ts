import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gaid, registerSdkDevice, sdkDevice } from '../../test/devices';
import { seedTeamClients, type TeamFixture, type Role } from '../../test/fixtures/team';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';

const tag = (over: Record<string, unknown> = {}) => ({
  name: 'Sports fans',
  nameEn: 'Sports fans',
  desc: 'Follows sport',
  code: 'sport',
  flag: 'LABEL',
  ...over,
});

describe.each(backends('one'))('tags /tcm/v1/app/:appId/tag [$name]', (backend) => {
  let t: TestApp;
  let f: TeamFixture;
  const url = (what: string) => `/tcm/v1/app/${f.appId}/tag/${what}`;
  const post = (role: Role, what: string, body: unknown) => f.clients[role].post(url(what), body);
  const field = async (role: Role, what: string, body: unknown) => {
    const res = await post(role, what, body);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json().data.fields as Array<{ field: string }>)[0]?.field;
  };
  const upload = (role: Role, tagId: number, text: string, filename = 'gaids.txt') => {
    const boundary = '----beacon-test';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`;
    return t.app.inject({
      method: 'POST',
      url: `/tcm/v1/app/${f.appId}/tag/${tagId}/import`,
      headers: {
        cookie: f.clients[role].cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await seedTeamClients(t);
    for (let i = 1; i <= 5; i++)
      await registerSdkDevice(t, f.sdkAuth, sdkDevice(i, { country: i <= 3 ? 'NG' : 'KE' }));
  });
  afterAll(async () => t.close());

  it('verifies codes: 1 valid, 2 invalid by pattern or when another tag uses it', async () => {
    expect((await post('owner', 'verify', { code: 'sport' })).json().data).toEqual({
      validity: 1,
      reason: '',
    });
    for (const code of ['1sport', 'sp ort', 'sport-fans', '_x'])
      expect((await post('owner', 'verify', { code })).json().data.validity, code).toBe(2);
    expect(await field('owner', 'verify', { code: 'a'.repeat(61) })).toBe('code');
    expect(await field('owner', 'verify', { code: '' })).toBe('code');
    const created = await post('owner', 'create', tag());
    expect(created.json().data).toMatchObject({
      name: 'Sports fans',
      code: 'sport',
      flag: 'LABEL',
      ownerMail: 'owner@example.com',
      deviceCount: 0,
    });
    expect((await post('owner', 'verify', { code: 'SPORT' })).json().data.validity).toBe(2);
    expect(
      (await post('owner', 'verify', { code: 'sport', id: created.json().data.id })).json().data.validity,
    ).toBe(1);
    expect(await field('owner', 'create', tag({ name: 'Other' }))).toBe('code');
  });

  it.each(['root', 'owner', 'manager', 'operator'] as const)(
    'lets %s create, list, edit and delete',
    async (role) => {
      const code = `tag_${role}`;
      const created = await post(role, 'create', tag({ code, flag: 'GROUP', name: `Pkg ${role}` }));
      expect(created.json().status, created.body).toBe(200);
      const id = created.json().data.id as number;
      expect((await post(role, 'list', { flag: 'GROUP', name: role })).json().data).toMatchObject({
        total: 1,
        results: [{ id, code, flag: 'GROUP' }],
      });
      const edited = await post(
        role,
        'edit',
        tag({ id, code: `${code}_2`, flag: 'GROUP', name: 'Renamed', desc: '' }),
      );
      expect(edited.json().data).toMatchObject({ id, code: `${code}_2`, name: 'Renamed', desc: '' });
      expect((await post(role, 'delete', { id, name: 'Renamed' })).json().status).toBe(200);
      expect((await post(role, 'list', { id })).json().data.total).toBe(0);
    },
  );

  it.each(['tester', 'stranger'] as const)('refuses %s every call with 403/1002', async (role) => {
    for (const [what, body] of [
      ['verify', { code: 'x' }],
      ['list', {}],
      ['create', tag({ code: 'zz' })],
      ['edit', tag({ id: 1 })],
      ['delete', { id: 1 }],
    ] as const) {
      const res = await post(role, what, body);
      expect(res.statusCode, what).toBe(403);
      expect(res.json().status).toBe(1002);
    }
    expect((await upload(role, 1, gaid(1))).json().status).toBe(1002);
  });

  const bad: Array<[string, Record<string, unknown>]> = [
    ['name', { name: '' }],
    ['name', { name: 'n'.repeat(61) }],
    ['nameEn', { nameEn: 'n'.repeat(61) }],
    ['desc', { desc: 'd'.repeat(101) }],
    ['code', { code: '' }],
    ['code', { code: 'c'.repeat(61) }],
    ['code', { code: '9lives' }],
    ['code', { code: 'has space' }],
    ['flag', { flag: 'PEOPLE' }],
  ];
  it.each(bad)('refuses a bad %s, writing nothing', async (name, over) => {
    const before = (await post('owner', 'list', {})).json().data.total;
    expect(await field('owner', 'create', tag({ code: 'fresh', ...over }))).toBe(name);
    expect((await post('owner', 'list', {})).json().data.total).toBe(before);
  });

  it('accepts the longest values, refuses a flag change and a taken code on edit, 404 for unknown ids', async () => {
    const ok = await post(
      'owner',
      'create',
      tag({
        name: 'n'.repeat(60),
        nameEn: 'e'.repeat(60),
        desc: 'd'.repeat(100),
        code: `L${'x'.repeat(59)}`,
      }),
    );
    expect(ok.json().status, ok.body).toBe(200);
    const id = ok.json().data.id as number;
    expect(await field('owner', 'edit', tag({ id, code: ok.json().data.code, flag: 'GROUP' }))).toBe('flag');
    expect(await field('owner', 'edit', tag({ id, code: 'sport' }))).toBe('code');
    expect((await post('owner', 'edit', tag({ id: 999999, code: 'nope' }))).json().status).toBe(404);
    expect((await post('owner', 'delete', { id: 999999 })).json().status).toBe(404);
  });

  it('imports GAIDs from a .txt file and the tags condition then counts the tagged devices', async () => {
    const created = await post('operator', 'create', tag({ code: 'buyers', name: 'Buyers' }));
    const tagId = created.json().data.id as number;
    const text = [
      gaid(1),
      gaid(2).toUpperCase(),
      '',
      gaid(2),
      'not-a-gaid',
      gaid(999),
      `  ${gaid(4)}  `,
    ].join('\r\n');
    const res = await upload('operator', tagId, text);
    expect(res.json(), res.body).toEqual({
      status: 200,
      msg: 'success',
      data: { lines: 6, imported: 3, already: 0, unknown: 1, malformed: 1 },
    });
    expect((await upload('operator', tagId, gaid(1))).json().data).toEqual({
      lines: 1,
      imported: 0,
      already: 1,
      unknown: 0,
      malformed: 0,
    });
    expect((await post('operator', 'list', { id: tagId })).json().data.results[0].deviceCount).toBe(3);

    await t.database.query('UPDATE apps SET advance_target = true WHERE id = $1', [f.appId]);
    const estimate = (conditions: unknown[]) =>
      f.clients.owner.post(`/tcm/v1/app/${f.appId}/group/estimate`, { conditions });
    expect((await estimate([{ label: 'tags', op: 'in', values: [String(tagId)] }])).json().data.count).toBe(
      3,
    );
    expect((await estimate([{ label: 'tags', op: 'nin', values: [String(tagId)] }])).json().data.count).toBe(
      2,
    );
    expect(
      (
        await estimate([
          { label: 'tags', op: 'in', values: [String(tagId)] },
          { label: 'country', op: 'in', values: ['NG'] },
        ])
      ).json().data.count,
    ).toBe(2);

    expect((await post('owner', 'delete', { id: tagId })).json().status).toBe(200);
    const left = await t.database.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM device_tags WHERE tag_id = $1',
      [tagId],
    );
    expect(left[0]?.n).toBe('0');
  });

  it('refuses imports that are not .txt, have no file, or name an unknown tag', async () => {
    const [{ id }] = (await post('owner', 'list', { name: 'sport' })).json().data.results as [{ id: number }];
    const wrongType = await upload('owner', id, gaid(1), 'gaids.csv');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().data.fields[0].field).toBe('file');
    expect((await upload('owner', 999999, gaid(1))).json().status).toBe(404);
    const noFile = await f.clients.owner.post(`/tcm/v1/app/${f.appId}/tag/${id}/import`, {});
    expect(noFile.json().data.fields[0].field).toBe('file');
    const before = await t.database.query<{ n: string }>('SELECT count(*)::text AS n FROM device_tags');
    expect((await upload('owner', id, gaid(1), 'x.pdf')).statusCode).toBe(400);
    expect((await t.database.query<{ n: string }>('SELECT count(*)::text AS n FROM device_tags'))[0]?.n).toBe(
      before[0]?.n,
    );
  });
});
