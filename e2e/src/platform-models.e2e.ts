import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, startBeacon, type RunningBeacon } from './harness';

let beacon: RunningBeacon;
let browser: Browser;

const ADMIN = { email: 'root@example.com', password: 'Root#2024x' };
const OPERATOR = { email: 'oscar@shop.example', password: 'Oscar#2024' };

async function modelsSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Models');
  sheet.addRow(['Type', 'Brand', 'Model', 'Protect default (months)', 'Protect new market (months)']);
  sheet.addRow([1, 'SAMSUNG', 'SMS911B', 6, 12]);
  sheet.addRow([
    2,
    ' XIAOMI ',
    { richText: [{ text: 'M2101' }, { text: 'K6G' }] },
    { formula: '1+2', result: 3 },
    '999',
  ]);
  sheet.addRow([3, 'GOOGLE', '8PRO', 0, 0]); // the bad row: the model starts with a digit
  sheet.addRow([]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function signIn(who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  await page.goto(`${beacon.url}/login`);
  await page.fill('#email', who.email);
  await page.fill('#password', who.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  return page;
}

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(ADMIN.email, ADMIN.password, 100);
  const [root] = await beacon.database.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [
    ADMIN.email,
  ]);
  const actor = (await beacon.users.resolveSession(
    await beacon.users.openSession(root!.id, { ip: '', userAgent: '' }),
  ))!.user;
  const operatorId = await beacon.users.save(
    { email: OPERATOR.email, source: 2, ulevel: 0, description: '', password: OPERATOR.password },
    actor,
  );
  const shop = await beacon.services.apps.create({
    title: 'Acme Shop',
    pkg: 'com.acme.shop',
    owner: { userId: root!.id, email: ADMIN.email },
  });
  await beacon.database.query(
    `INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 400, 0)`,
    [shop.app.id, operatorId, OPERATOR.email],
  );
});

afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

describe('platform administration: mobile models', () => {
  it('a level-100 admin uploads a models spreadsheet, sees the bad row rejected with its reason, confirms and sees the list', async () => {
    const page = await signIn(ADMIN);
    await page.goto(`${beacon.url}/platformsettings?tab=models`);
    await page.getByText('No model in this list yet').waitFor();

    await page.locator('input[type=file][accept=".xlsx"]').setInputFiles({
      name: 'models.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await modelsSheet(),
    });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Check the spreadsheet before applying it').waitFor();
    await dialog.getByText('2 to add, 0 to change, 0 unchanged, 1 rejected').waitFor();
    const rejected = dialog.getByTestId('upload-rejected');
    await rejected.getByText('Model must not start with a digit').waitFor();
    expect(await rejected.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => rejected.locator('tbody tr td').first().innerText()).toBe('4');
    await snap(page, 'platform-models-upload-preview');

    await dialog.getByRole('tab', { name: /To add/ }).click();
    await dialog.getByTestId('upload-add').getByText('M2101K6G').waitFor();
    await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();
    await page.getByText('Spreadsheet applied: 2 added, 0 changed').waitFor();

    const table = page.getByTestId('models-table');
    await table.getByText('SMS911B').waitFor();
    // only the ad shielding list got them; the bad row is nowhere
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await table.getByText('8PRO').count()).toBe(0);
    await table.getByText('Always').waitFor(); // protect new market 999
    await snap(page, 'platform-models-list');

    await page.getByRole('button', { name: 'Audit log' }).click();
    const audit = page.getByTestId('audit-table');
    await audit.getByText('ad XIAOMI M2101K6G').waitFor();
    await expect.poll(() => audit.locator('tbody tr').count()).toBe(2);
    await page.waitForTimeout(400); // the drawer's slide-in
    await snap(page, 'platform-models-audit');
    await page.context().close();
  });

  it('a level-100 admin adds an app to the notification-control list and removes it after confirming', async () => {
    const page = await signIn(ADMIN);
    await page.goto(`${beacon.url}/platformsettings?tab=apps`);
    const control = page.getByTestId('control-apps');
    await control.getByText('No app in this list').waitFor();
    await page.getByRole('button', { name: 'Add app' }).first().click();
    const dialog = page.getByRole('dialog');
    // the form is in once its field shows; a click during the modal's opening could miss the submit (CI, under load)
    await dialog.getByRole('combobox', { name: 'App' }).waitFor();
    await expect
      .poll(async () => {
        await dialog.getByRole('button', { name: 'Add app' }).click();
        return dialog.getByText('Choose an app').isVisible(); // the app is required
      })
      .toBe(true);
    await dialog.getByRole('combobox', { name: 'App' }).fill('acme');
    await page.locator('.ant-select-item-option', { hasText: 'Acme Shop' }).first().click();
    await dialog.getByRole('button', { name: 'Add app' }).click();
    await control.getByText('com.acme.shop').waitFor();
    await snap(page, 'platform-apps');
    await control.getByRole('button', { name: 'Delete Acme Shop' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await control.getByText('No app in this list').waitFor();
    await page.context().close();
  });

  it('a level-400 operator cannot open /platformsettings, and the server refuses the calls with 1002', async () => {
    const page = await signIn(OPERATOR);
    await page.goto(`${beacon.url}/platformsettings?tab=models`);
    await page.getByText('Access denied').waitFor();
    expect(await page.getByTestId('models-table').count()).toBe(0);
    await snap(page, 'platform-models-refused');
    const statuses = await page.evaluate(async () => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (r) => [r.status, ((await r.json()) as { status: number }).status]);
      return [
        await post('/tcm/global/uem/config/list', { shieldType: 1 }),
        await post('/tcm/global/uem/config/save', {
          shieldType: 1,
          type: 1,
          brand: 'A',
          model: 'B',
          protectDefault: 1,
          protectNewMarket: 1,
        }),
        await post('/tcm/global/uem/app/control/config/edit', { operateType: 1, appId: 1 }),
        await fetch('/tcm/v1/platform/audit').then(async (r) => [
          r.status,
          ((await r.json()) as { status: number }).status,
        ]),
      ];
    });
    expect(statuses).toEqual([
      [403, 1002],
      [403, 1002],
      [403, 1002],
      [403, 1002],
    ]);
    await page.context().close();
  });
});
