import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import {
  ErrorCodes,
  MATERIAL_SHEET_COLUMNS,
  MATERIAL_SHEET_ROWS,
  MaterialSave,
  materialCells,
  statRate,
  type MaterialReportRow,
  type MaterialRow,
  type MessageRow,
  MaterialCreateType,
} from '@beacon/shared';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { uploadXlsx } from '../../test/fixtures/spreadsheets';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';
import { materialTemplate } from './material-sheet';
import { MaterialsRepository } from './materials.repository';
import { MaterialsService } from './materials.service';

const DEVICES = 4;

const noti = (title: string, over: Record<string, unknown> = {}) => ({
  materialType: 1,
  title,
  data: { ...NOTIFICATION, noti_title: title },
  ...over,
});

/** The material import template filled with these materials from row 4 on. */
async function sheetOf(materials: object[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await materialTemplate()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  materials.forEach((m, i) => {
    const cells = materialCells(MaterialSave.parse(m));
    MATERIAL_SHEET_COLUMNS.forEach((c, j) => {
      sheet.getRow(MATERIAL_SHEET_ROWS.firstData + i).getCell(j + 1).value = cells[c.key];
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The material lists (issue 14): their filters, pages and click-rate order; the counters of a material and of its
 * report, which are the message list's for its messages (one sent through the FCM emulator and counted from the
 * devices' events); the Excel import, all or nothing.
 */
describe.each(backends('one'))('material lists, counters and import [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let sdkAuth: string;
  let owner: TestClient;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Library',
      pkg: 'com.example.library',
      projectId: 'library-project',
    });
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    for (let i = 0; i < DEVICES; i++) await registerOnEmulator(t, emu, created, i);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const url = (path: string) => `/tcm/v1/app/${appId}/material/${path}`;
  const ok = async <T>(res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.json(), r.body).toMatchObject({ status: 200 });
    return r.json().data as T;
  };
  const create = (body: object, path = 'create') =>
    ok<{ materialId: number; status: number }>(owner.post(url(path), body));
  const list = (body: object = {}) =>
    ok<{ material: MaterialRow[]; total: number }>(owner.post(url('list'), body));
  const titles = async (body: object) => (await list(body)).material.map((r) => r.title);
  /** A message of the material straight into the table, with these list counters (as the message list tests do). */
  const sentFrom = async (
    materialId: number,
    n: { dispatch: number; reach: number; show: number; click: number },
    over: { msgType?: number; deleted?: boolean } = {},
  ) => {
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
         schedule_type, ttl_seconds, material_id, dispatch_count, reach_count, show_count, click_count, deleted)
       VALUES ($1, $2, 1, 'Inserted', 'owner@example.com', $3::jsonb, 0, $4, 1, 43200, $5, $4, $6, $7, $8, $9)
       RETURNING id::int AS id`,
      [
        appId,
        over.msgType ?? 1,
        JSON.stringify(NOTIFICATION),
        n.dispatch,
        materialId,
        n.reach,
        n.show,
        n.click,
        over.deleted ?? false,
      ],
    );
    return row!.id;
  };

  it('shows on a material and its report the counters the message list shows for its messages', async () => {
    const { materialId, status } = await create(noti('Weekend sale'));
    expect(status).toBe(1);
    const content = (
      await ok<{ data: Record<string, unknown> }>(owner.call('GET', url(`${materialId}/detail`)))
    ).data;
    const saved = await ok<{ id: number }>(
      owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        msgType: 1,
        data: content,
        title: 'Weekend sale push',
        pushCount: DEVICES,
        targetingType: 0,
        scheduleType: 1,
        materialId,
      }),
    );
    const id = saved.id;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const ts = Date.now();
    for (const i of [0, 1, 2])
      await reportSdkEvents(t, sdkAuth, i, [
        { type: 'received', msgId: id, ts },
        { type: 'shown', msgId: id, ts },
        ...(i === 0 ? [{ type: 'clicked', msgId: id, ts }] : []),
      ]);
    const messageRows = async () =>
      (
        await ok<{ results: MessageRow[] }>(
          owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1, materialId: String(materialId) }),
        )
      ).results;
    await until('counted', messageRows, (rows) => rows[0]?.click === 1 && rows[0].arriveAll === 3);
    // another message of the material, and what is not one of its listed messages: deleted, a test preview
    const other = await sentFrom(materialId, { dispatch: 10, reach: 8, show: 4, click: 1 });
    await sentFrom(materialId, { dispatch: 50, reach: 50, show: 50, click: 50 }, { deleted: true });
    await sentFrom(materialId, { dispatch: 70, reach: 70, show: 70, click: 70 }, { msgType: 98 });

    const rows = await messageRows();
    expect(rows.map((r) => r.id)).toEqual([other, id]);
    expect(rows[1]).toMatchObject({
      dispatchCount: DEVICES,
      arriveAll: 3,
      show: 3,
      click: 1,
      clickRate: 33.33,
    });
    const sum = (k: 'dispatchCount' | 'arriveAll' | 'show' | 'click') => rows.reduce((s, r) => s + r[k], 0);
    const [row] = (await list({ materialId: String(materialId) })).material;
    expect(row).toMatchObject({
      messages: 2,
      push: sum('dispatchCount'),
      reach: sum('arriveAll'),
      show: sum('show'),
      showRate: statRate(sum('show'), sum('arriveAll')),
      click: sum('click'),
      clickRate: statRate(sum('click'), sum('show')),
    });
    expect(row!.clickRate).toBe(28.57);

    const report = await ok<{ msgReport: MaterialReportRow[]; total: number }>(
      owner.post(url(`${materialId}/report`), {}),
    );
    expect(report.total).toBe(2);
    expect(report.msgReport.map((r) => r.msgId)).toEqual(rows.map((r) => r.id));
    report.msgReport.forEach((r, i) => {
      const m = rows[i]!;
      expect(r).toMatchObject({
        title: m.title,
        status: m.status,
        push: m.dispatchCount,
        reach: m.arriveAll,
        show: m.show,
        showRate: m.showRate,
        click: m.click,
        clickRate: m.clickRate,
      });
    });
    expect(
      (await ok<{ msgReport: unknown[] }>(owner.post(url(`${materialId}/report`), { pageNo: 2 }))).msgReport,
    ).toEqual([]);
  });

  it('filters and pages the list, 20 a page, and orders it by click rate', async () => {
    const ids: number[] = [];
    for (let i = 0; i <= 20; i++)
      ids.push((await create(noti(`Page ${String(i).padStart(2, '0')}`))).materialId);
    const api = await create(noti('Api one'), 'api/create');
    const button = await create({
      materialType: 2,
      title: 'Button one',
      data: { ...NOTIFICATION, noti_type: 3, noti_icon: '/files/icon.png', noti_btn: 'Go' },
    });

    const page1 = await list({ title: 'page' });
    expect(page1.total).toBe(21);
    expect(page1.material.map((r) => r.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Page ${String(20 - i).padStart(2, '0')}`),
    );
    expect(await titles({ title: 'page', pageNo: 2 })).toEqual(['Page 00']);
    expect((await list({ title: 'page 1' })).total).toBe(10);
    expect(await titles({ title: '%' })).toEqual([]);
    expect((await list({ title: 'page', ownerEmail: 'OWNER@EXAMPLE' })).total).toBe(21);
    expect((await list({ ownerEmail: 'nobody@' })).total).toBe(0);
    expect(await titles({ createType: 2 })).toEqual(['Api one']);
    expect((await list({ title: 'one', createType: 1 })).total).toBe(0);
    expect(await titles({ materialId: String(ids[3]) })).toEqual(['Page 03']);
    expect(await titles({ materialId: String(api.materialId) })).toEqual(['Api one']);
    expect(await titles({ materialType: 2 })).toEqual(['Button one']);
    expect(await titles({ materialType: 3 })).toEqual([]);
    expect(await titles({ target: 2 })).toEqual([]);

    // creation days in the zone asked: 23:30 UTC on 10 March is 11 March at +0100
    await t.database.query(`UPDATE materials SET created_at = '2024-03-10 23:30:00+00' WHERE id = $1`, [
      ids[0],
    ]);
    expect(await titles({ begin: '2024-03-11', end: '2024-03-11', tz: '+0100' })).toEqual(['Page 00']);
    expect(await titles({ begin: '2024-03-11', end: '2024-03-11', tz: '+0000' })).toEqual([]);
    expect(await titles({ begin: '2024-03-10', end: '2024-03-10' })).toEqual(['Page 00']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ title: 'page', begin: today, end: today })).total).toBe(20);

    // click rates 50 %, 10 %, none; the others have no messages (0)
    await sentFrom(ids[5]!, { dispatch: 20, reach: 20, show: 10, click: 5 });
    await sentFrom(ids[7]!, { dispatch: 20, reach: 20, show: 10, click: 1 });
    await sentFrom(ids[9]!, { dispatch: 20, reach: 20, show: 0, click: 0 });
    const desc = (await list({ title: 'page', order: 'clickRate-desc', pageSize: 100 })).material;
    expect(desc.slice(0, 3).map((r) => [r.title, r.clickRate])).toEqual([
      ['Page 05', 50],
      ['Page 07', 10],
      ['Page 20', 0],
    ]);
    const asc = (await list({ title: 'page', order: 'clickRate-asc' })).material;
    expect(asc.slice(0, 19).every((r) => r.clickRate === 0)).toBe(true);
    expect(asc.slice(18).map((r) => r.title)).toEqual(['Page 00', 'Page 07']);
    expect(await titles({ title: 'page', order: 'clickRate-asc', pageNo: 2 })).toEqual(['Page 05']);
    expect(button.status).toBe(1);
  });

  it('imports a sheet all or nothing, naming the bad cells', async () => {
    const good = [noti('Imported one'), noti('Imported two', { attribute: 'bulk' })];
    const bad = await uploadXlsx(
      t,
      owner,
      url('upload'),
      await sheetOf([...good, noti('No title', { data: { ...NOTIFICATION, noti_title: '' } })]),
    );
    const refused = bad.json().data as { created: unknown[]; problems: Array<{ row: number }> };
    expect(bad.json().status, bad.body).toBe(200);
    expect(refused.created).toEqual([]);
    expect(refused.problems.length).toBeGreaterThan(0);
    expect(refused.problems.every((p) => p.row === MATERIAL_SHEET_ROWS.firstData + 2)).toBe(true);
    expect(await titles({ title: 'imported' })).toEqual([]);

    const done = await uploadXlsx(t, owner, url('upload'), await sheetOf(good));
    const { created } = done.json().data as { created: Array<{ materialId: number; status: number }> };
    expect(created.map((c) => c.status)).toEqual([1, 1]);
    expect(await titles({ title: 'imported' })).toEqual(['Imported two', 'Imported one']);
    // they say they were imported (createType 3), not made by hand, and the list filters by it
    expect(await titles({ title: 'imported', createType: MaterialCreateType.IMPORTED })).toEqual([
      'Imported two',
      'Imported one',
    ]);
    expect(await titles({ title: 'imported', createType: MaterialCreateType.HANDMADE })).toEqual([]);
    // the same sheet again: its content exists, nothing more is created
    const again = await uploadXlsx(t, owner, url('upload'), await sheetOf(good));
    expect(again.json()).toMatchObject({
      status: ErrorCodes.MATERIAL_EXISTS,
      data: { materialId: created[0]!.materialId },
    });
    expect(await titles({ title: 'imported' })).toHaveLength(2);
    // the service's import directly: two rows of one content refuse the whole import, naming them
    const service = new MaterialsService(new MaterialsRepository(t.database));
    const same = MaterialSave.parse(noti('Imported twice'));
    await expect(
      service.importRows(
        { id: appId, linksEnable: true, materialReviewEnable: true },
        { id: 1, email: 'x@example.com' },
        [same, same],
      ),
    ).rejects.toMatchObject({ code: ErrorCodes.MATERIAL_EXISTS });
    expect(await titles({ title: 'imported twice' })).toEqual([]);
    const big = await uploadXlsx(t, owner, url('upload'), Buffer.alloc(3 * 1024 * 1024, 1));
    expect(big.json().status).toBe(ErrorCodes.MATERIAL_SHEET_TOO_LARGE);
  });
});
