import ExcelJS from 'exceljs';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import {
  base64OfText,
  MATERIAL_LIMITS,
  MATERIAL_SHEET_COLUMNS,
  MaterialSave,
  materialCells,
  type MaterialSaveInput,
} from '@beacon/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@beacon/server/src/test/until';
import {
  appOnEmulator,
  launchBrowser,
  registerDevice,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * The material library in the browser (issue 14, "How it is checked"): an operator (level 400) imports the template
 * filled with three materials on an app that reviews materials and messages; the owner passes one in the audit tab;
 * the operator creates a message from it, which waits for review; the owner runs it in another browser context and
 * it sends — only to the material's country (loss 109 for the other) — and the material's report shows it.
 */

const OWNER = { email: 'mona@shop.example', password: 'Mona#2024x' };
const OPERATOR = { email: 'omar@shop.example', password: 'Omar#2024x' };
const PROJECT = 'materials-e2e-project';
const PKG = 'com.example.materials';

const notification = (title: string, over: Partial<MaterialSaveInput> = {}): MaterialSaveInput => ({
  materialType: 1,
  title,
  data: {
    noti_title: title,
    noti_desc: 'Today only',
    noti_small_icon: 'https://cdn.example.com/small.png',
    noti_open_type: 1,
    noti_open_content: 'shop://sale',
    noti_ex_type: 1,
  },
  ...over,
});
const MATERIALS: MaterialSaveInput[] = [
  notification('Nigeria flash sale', { nationalAttributes: { pushCountrySet: ['NG'] } }),
  notification('Weekend deals', {
    materialType: 2,
    data: {
      ...notification('Weekend deals').data,
      noti_small_icon: '',
      noti_icon: 'https://cdn.example.com/i.png',
    },
  }),
  { materialType: 3, title: 'Sync offers', data: { trans_data: base64OfText('{"sync":"offers"}') } },
];

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let operator: Page;
let owner: Page;
let appId = 0;
const tokens: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const operatorId = await seedUser(beacon, OPERATOR);
  const app = await appOnEmulator(beacon, emu, OWNER.email, { title: 'Shop', pkg: PKG, projectId: PROJECT });
  appId = app.appId;
  await beacon.database.query(
    'UPDATE apps SET review_enable = true, material_review_enable = true WHERE id = $1',
    [appId],
  );
  await beacon.database.query(
    'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 400, 0)',
    [appId, operatorId, OPERATOR.email],
  );
  // two devices in Nigeria, one in Kenya
  for (const [i, country] of ['NG', 'NG', 'KE'].entries())
    tokens.push(
      await registerDevice(beacon, emu, { sdkAuth: app.sdkAuth, projectId: PROJECT, pkg: PKG }, i, {
        country,
      }),
    );
  operator = await signedInPage(browser, beacon.url, OPERATOR);
  owner = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

/** The template as the console offers it, with `materials` written from row 4 by the sheet's own column definition. */
async function filledTemplate(materials: MaterialSaveInput[]): Promise<Buffer> {
  const res = await fetch(`${beacon.url}/static/material3.xlsx`);
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0]!;
  materials.forEach((m, i) => {
    const cells = materialCells(MaterialSave.parse(m));
    const row = sheet.getRow(MATERIAL_LIMITS.importFirstRow + i);
    MATERIAL_SHEET_COLUMNS.forEach((c, j) => {
      row.getCell(j + 1).value = cells[c.key];
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const materialIds = async () =>
  (
    await beacon.database.query<{ id: number; title: string; status: number }>(
      'SELECT id::int AS id, title, status FROM materials WHERE app_id = $1 ORDER BY id',
      [appId],
    )
  ).map((m) => ({ ...m }));
const deliveries = (id: number) =>
  tokens.map(
    (tok) =>
      emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
        .length,
  );

describe('the material library in the browser', () => {
  it('imports three materials, passes one, composes from it under review and sends it to its country only', async () => {
    // the operator imports the template filled with three materials: on this app they wait for review
    await operator.goto(`${beacon.url}/app/${appId}/material/list`);
    await operator.getByTestId('material-import-open').click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByTestId('material-template').waitFor();
    const uploaded = operator.waitForResponse((r) => r.url().endsWith('/material/upload'));
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'materials.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await filledTemplate(MATERIALS),
    });
    const answer = (await (await uploaded).json()) as { status: number; data: { created: unknown[] } };
    expect(answer).toMatchObject({ status: 200, data: { problems: [] } });
    expect(answer.data.created).toHaveLength(3);
    await snap(operator, 'materials-imported');
    const [sale, weekend, sync] = await materialIds();
    expect([sale, weekend, sync].map((m) => [m?.title, m?.status])).toEqual([
      ['Nigeria flash sale', 3],
      ['Weekend deals', 3],
      ['Sync offers', 3],
    ]);
    await operator.keyboard.press('Escape');
    await operator.getByTestId(`material-status-${sale!.id}`).waitFor();
    expect(await operator.getByTestId(`material-status-${sale!.id}`).textContent()).toBe(
      'Waiting for review',
    );

    // the owner passes the flash sale in the audit tab, from the dashboard's link
    await owner.goto(`${beacon.url}/dashboard?appId=${appId}&act=material-audit&materialId=${sale!.id}`);
    await owner.getByRole('dialog').getByTestId('material-pass').waitFor();
    await snap(owner, 'materials-audit-preview');
    await owner.getByTestId('material-pass').click();
    await expect.poll(async () => (await materialIds()).find((m) => m.id === sale!.id)?.status).toBe(1);

    // the operator creates a message from it: the content comes from the material, the message waits for review
    await operator.goto(`${beacon.url}/app/${appId}/material/list`);
    await operator.getByTestId(`material-menu-${sale!.id}`).click();
    await operator.getByRole('menuitem', { name: 'Create message' }).click();
    await operator.waitForURL(`**/message/editpush?materialId=${sale!.id}`);
    await expect.poll(() => operator.inputValue('#title')).toBe('Nigeria flash sale');
    await expect.poll(() => operator.inputValue('#pushCount')).toBe('3');
    await snap(operator, 'materials-compose');
    await operator.getByRole('button', { name: 'Review and send' }).click();
    const saved = operator.waitForResponse((r) => r.url().endsWith('/msg/save'));
    await operator.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click();
    const msg = (await (await saved).json()) as { status: number; data: { id: number; status: number } };
    expect(msg).toMatchObject({ status: 200, data: { status: 11 } });
    const id = msg.data.id;
    expect(deliveries(id)).toEqual([0, 0, 0]);

    // the owner runs it from the review tab; it goes to the two Nigerian devices, Kenya is loss 109
    await owner.goto(`${beacon.url}/app/${appId}/data/review`);
    await owner.getByTestId(`run-${id}`).click();
    await owner.getByTestId('run-ok').click();
    await until(
      'sent',
      async () =>
        (
          await beacon.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [id])
        )[0]?.status,
      (s) => s === 1,
    );
    expect(deliveries(id)).toEqual([1, 1, 0]);
    const lose = (await (
      await owner.request.get(`${beacon.url}/tcm/v1/app/${appId}/msg/${id}/lose`)
    ).json()) as { data: { messageDistributionLoseList: Array<{ type: number; count: number }> } };
    expect(lose.data.messageDistributionLoseList).toEqual([expect.objectContaining({ type: 109, count: 1 })]);

    // the material's report shows the message with the message list's counters
    await operator.goto(`${beacon.url}/app/${appId}/material/list`);
    await operator.getByTestId(`material-menu-${sale!.id}`).click();
    await operator.getByRole('menuitem', { name: 'Report' }).click();
    const report = operator.getByTestId('material-report');
    const row = report.locator('tbody tr', { hasText: 'Nigeria flash sale' });
    await row.waitFor();
    const push = row.locator('td').nth(2);
    await expect.poll(() => push.textContent(), { timeout: 20_000 }).toBe('2');
    await snap(operator, 'materials-report');
  }, 120_000);
});
