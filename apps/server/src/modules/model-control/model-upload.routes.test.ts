import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelUploadPreview } from '@beacon/shared';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';
import { foreignModelsXlsx, uploadXlsx, xlsx } from '../../test/fixtures/spreadsheets';
import { auditRows, platformFixture, type PlatformFixture } from '../../test/fixtures/admins';

const UPLOAD = '/tcm/global/uem/config/upload';

describe.each(backends('one'))('mobile models spreadsheet upload [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
  });
  afterAll(async () => t.close());

  const preview = (res: { json: <T>() => T }) =>
    res.json<{ status: number; data: ModelUploadPreview }>().data;
  const listOf = async (shieldType: number) =>
    (await f.clients.root.post('/tcm/global/uem/config/list', { shieldType, pageSize: 100 }))
      .json<{ data: { list: Array<Record<string, unknown>> } }>()
      .data.list.map(({ id: _id, updateTime: _u, shieldType: _s, ...rest }) => rest);

  it('previews rows to add, change and reject with reasons, then confirm applies the valid ones in one go', async () => {
    const c = f.clients.platform;
    await c.post('/tcm/global/uem/config/save', {
      shieldType: 1,
      type: 1,
      brand: 'SAMSUNG',
      model: 'SMS911B',
      protectDefault: 6,
      protectNewMarket: 6,
    });
    await c.post('/tcm/global/uem/config/save', {
      shieldType: 1,
      type: 2,
      brand: 'SAMSUNG',
      model: 'SMA546B',
      protectDefault: 3,
      protectNewMarket: 3,
    });
    const sheet = await xlsx([
      [1, 'SAMSUNG', 'SMS911B', 12, 24], // changes the existing entry
      [2, 'SAMSUNG', 'SMA546B', 3, 3], // the same as the existing entry
      [
        1,
        '  GOOGLE ',
        { richText: [{ text: 'PIXEL' }, { font: { bold: true }, text: '8' }] },
        { formula: '2*3', result: 6 },
        '999',
      ], // added
      [4, 'apple', '15PRO', 1000, ''], // rejected: every field but protectNewMarket is bad, and that one is empty
      [3, 'GOOGLE', 'PIXEL8', 0, 0], // duplicate of row 4
      [],
      [],
    ]);
    const res = await uploadXlsx(t, c, `${UPLOAD}?shieldType=1`, sheet);
    expect(res.statusCode).toBe(200);
    const p = preview(res);
    expect(p.shieldType).toBe(1);
    expect(p.toAdd).toEqual([
      { row: 4, type: 1, brand: 'GOOGLE', model: 'PIXEL8', protectDefault: 6, protectNewMarket: 999 },
    ]);
    expect(p.toChange).toEqual([
      {
        row: 2,
        type: 1,
        brand: 'SAMSUNG',
        model: 'SMS911B',
        protectDefault: 12,
        protectNewMarket: 24,
        previous: { type: 1, brand: 'SAMSUNG', model: 'SMS911B', protectDefault: 6, protectNewMarket: 6 },
      },
    ]);
    expect(p.unchanged).toBe(1);
    expect(p.rejected).toEqual([
      {
        row: 5,
        cells: { type: '4', brand: 'apple', model: '15PRO', protectDefault: '1000', protectNewMarket: '' },
        issues: [
          {
            field: 'type',
            problem: 'invalid',
            message: 'type must be 1 (flagship), 2 (mid-high-end) or 3 (other)',
          },
          { field: 'brand', problem: 'notUpperCase', message: 'brand must be upper case' },
          { field: 'model', problem: 'startsWithDigit', message: 'model must not start with a digit' },
          {
            field: 'protectDefault',
            problem: 'outOfRange',
            message: 'protectDefault must be a whole number from 0 to 999',
          },
          { field: 'protectNewMarket', problem: 'required', message: 'protectNewMarket is required' },
        ],
      },
      {
        row: 6,
        cells: { type: '3', brand: 'GOOGLE', model: 'PIXEL8', protectDefault: '0', protectNewMarket: '0' },
        issues: [
          {
            field: 'model',
            problem: 'duplicate',
            message: 'brand and model repeat row 4 of the file',
            duplicateOfRow: 4,
          },
        ],
      },
    ]);
    // nothing changes before the confirmation
    expect((await listOf(1)).find((e) => e.brand === 'GOOGLE')).toBeUndefined();

    const done = await c.post(`${UPLOAD}/confirm`, { uploadId: p.uploadId });
    expect(done.json()).toEqual({ status: 200, msg: 'success', data: { added: 1, changed: 1 } });
    expect(await listOf(1)).toEqual([
      { type: 1, brand: 'GOOGLE', model: 'PIXEL8', protectDefault: 6, protectNewMarket: 999 },
      { type: 2, brand: 'SAMSUNG', model: 'SMA546B', protectDefault: 3, protectNewMarket: 3 },
      { type: 1, brand: 'SAMSUNG', model: 'SMS911B', protectDefault: 12, protectNewMarket: 24 },
    ]);
    const audit = (await auditRows(t, 'models')).filter((r) => r.action.startsWith('import'));
    expect(audit).toEqual([
      {
        actor_email: 'platform@example.com',
        action: 'import-update',
        target: 'ad SAMSUNG SMS911B',
        old_value: {
          shieldType: 1,
          type: 1,
          brand: 'SAMSUNG',
          model: 'SMS911B',
          protectDefault: 6,
          protectNewMarket: 6,
        },
        new_value: {
          shieldType: 1,
          type: 1,
          brand: 'SAMSUNG',
          model: 'SMS911B',
          protectDefault: 12,
          protectNewMarket: 24,
        },
      },
      {
        actor_email: 'platform@example.com',
        action: 'import-create',
        target: 'ad GOOGLE PIXEL8',
        old_value: null,
        new_value: {
          shieldType: 1,
          type: 1,
          brand: 'GOOGLE',
          model: 'PIXEL8',
          protectDefault: 6,
          protectNewMarket: 999,
        },
      },
    ]);
    // a preview is applied once
    expect((await c.post(`${UPLOAD}/confirm`, { uploadId: p.uploadId })).json()).toMatchObject({
      status: 404,
    });
  });

  it('reads a sheet written by another program: shared and inline strings, rich text, formulas, other column order', async () => {
    const res = await uploadXlsx(t, f.clients.root, `${UPLOAD}?shieldType=2`, foreignModelsXlsx());
    expect(res.statusCode, res.body).toBe(200);
    const p = preview(res);
    expect(p.toAdd).toEqual([
      { row: 2, type: 1, brand: 'VIVO', model: 'X100PRO', protectDefault: 6, protectNewMarket: 12 },
      { row: 3, type: 2, brand: 'HUAWEI', model: 'MATE60', protectDefault: 999, protectNewMarket: 0 },
    ]);
    expect(p.rejected.map((r) => [r.row, r.issues.map((i) => i.field)])).toEqual([
      [4, ['type', 'brand', 'model', 'protectDefault']],
    ]);
    expect((await f.clients.root.post(`${UPLOAD}/confirm`, { uploadId: p.uploadId })).json()).toMatchObject({
      data: { added: 2, changed: 0 },
    });
    expect(await listOf(2)).toEqual([
      { type: 2, brand: 'HUAWEI', model: 'MATE60', protectDefault: 999, protectNewMarket: 0 },
      { type: 1, brand: 'VIVO', model: 'X100PRO', protectDefault: 6, protectNewMarket: 12 },
    ]);
  });

  it('refuses files that are not the template: wrong header, not a spreadsheet, wrong name, missing file', async () => {
    const c = f.clients.root;
    const wrongHeader = await uploadXlsx(
      t,
      c,
      `${UPLOAD}?shieldType=1`,
      await xlsx([[1, 'A', 'B', 1, 1]], ['Kind', 'Brand', 'Model', 'Protect', 'New']),
    );
    expect(wrongHeader.statusCode).toBe(400);
    expect(wrongHeader.json<{ msg: string }>().msg).toContain(
      "file must start with the template's header row",
    );
    const notXlsx = await uploadXlsx(
      t,
      c,
      `${UPLOAD}?shieldType=1`,
      Buffer.from('brand,model\nA,B\n'),
      'models.xlsx',
    );
    expect(notXlsx.json<{ msg: string }>().msg).toContain('file is not an .xlsx spreadsheet');
    const csv = await uploadXlsx(t, c, `${UPLOAD}?shieldType=1`, await xlsx([]), 'models.csv');
    expect(csv.json<{ msg: string }>().msg).toContain('file must be an .xlsx');
    expect(
      (await uploadXlsx(t, c, `${UPLOAD}?shieldType=9`, await xlsx([]))).json<{ msg: string }>().msg,
    ).toContain('shieldType');
    const json = await c.post(`${UPLOAD}?shieldType=1`, {});
    expect(json.json<{ status: number; msg: string }>()).toMatchObject({ status: 400 });
    expect(json.json<{ msg: string }>().msg).toContain('file');
    const empty = preview(await uploadXlsx(t, c, `${UPLOAD}?shieldType=1`, await xlsx([[], []])));
    expect([empty.toAdd, empty.toChange, empty.rejected]).toEqual([[], [], []]);
  });

  it('keeps previews per user and refuses plain users and operators', async () => {
    const p = preview(
      await uploadXlsx(t, f.clients.root, `${UPLOAD}?shieldType=1`, await xlsx([[3, 'NOKIA', 'G42', 1, 2]])),
    );
    expect(
      (await f.clients.platform.post(`${UPLOAD}/confirm`, { uploadId: p.uploadId })).json(),
    ).toMatchObject({ status: 404 });
    expect((await f.clients.root.post(`${UPLOAD}/confirm`, { uploadId: 'not-a-uuid' })).json()).toMatchObject(
      { status: 400 },
    );
    for (const who of ['plain', 'operator'] as const) {
      const res = await uploadXlsx(
        t,
        f.clients[who],
        `${UPLOAD}?shieldType=1`,
        await xlsx([[3, 'NOKIA', 'G42', 1, 2]]),
      );
      expect(res.json()).toMatchObject({ status: 1002 });
      expect((await f.clients[who].post(`${UPLOAD}/confirm`, { uploadId: p.uploadId })).json()).toMatchObject(
        { status: 1002 },
      );
    }
    expect((await f.clients.root.post(`${UPLOAD}/confirm`, { uploadId: p.uploadId })).json()).toMatchObject({
      data: { added: 1 },
    });
  });

  it('applies all rows or none: a failure midway leaves the lists untouched', async () => {
    const c = f.clients.root;
    const p = preview(
      await uploadXlsx(
        t,
        c,
        `${UPLOAD}?shieldType=1`,
        await xlsx([
          [1, 'ONEPLUS', 'CPH2581', 1, 1],
          [1, 'ONEPLUS', 'CPH2449', 1, 1],
        ]),
      ),
    );
    expect(p.toAdd).toHaveLength(2);
    // corrupt the stored second row so that the database refuses it during the confirmation
    await t.database.query(
      `UPDATE model_control_uploads SET rows = jsonb_set(rows, '{1,model}', '"9BAD"') WHERE id = $1`,
      [p.uploadId],
    );
    const res = await c.post(`${UPLOAD}/confirm`, { uploadId: p.uploadId });
    expect(res.statusCode).toBe(500);
    expect(await t.database.query(`SELECT model FROM model_control_entries WHERE brand = 'ONEPLUS'`)).toEqual(
      [],
    );
    expect(await t.database.query(`SELECT 1 FROM policy_audit WHERE target LIKE '%ONEPLUS%'`)).toEqual([]);
    // the preview is still there (its deletion was undone too)
    expect(
      await t.database.query(`SELECT 1 FROM model_control_uploads WHERE id = $1`, [p.uploadId]),
    ).toHaveLength(1);
  });
});
