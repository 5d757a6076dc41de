import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seedUser, signedInPage, snap, startBeacon, type RunningBeacon } from './harness';

/**
 * The records' columns at common laptop widths (issue 29 item 14): every header of the notification list is visible
 * beside the sticky Actions column at 1440 and 1280 px (at 1440 px with the conversion columns on too): none is hidden
 * under it until one scrolls. The app settings' user groups and test devices likewise at 1440 px in French, with their
 * Actions links whole; the labels in French, English and Chinese without scrolling at all, and their row menu's
 * import and delete by mouse and by keyboard.
 */

const OWNER = { email: 'layout.owner.with.a.long.address@shop.example', password: 'Lay#2024xx' };

let beacon: RunningBeacon;
let browser: Browser;
let appId = 0;

beforeAll(async () => {
  beacon = await startBeacon();
  browser = await launchBrowser();
  const ownerId = await seedUser(beacon, OWNER);
  const { app } = await beacon.services.apps.create({
    title: 'Layout shop',
    pkg: 'com.example.layout',
    owner: { userId: ownerId, email: OWNER.email },
  });
  appId = app.id;
  await beacon.database.query(
    `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
     SELECT $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
     FROM generate_series(1, 3) g`,
    [appId],
  );
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

/** A sent-looking message with large counts, so every count and rate column holds its widest text. */
async function seedMessage(page: Page): Promise<number> {
  const answer = await page.evaluate(
    async ([url, payload]) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await res.json()) as { status: number; data: { id: number } };
    },
    [
      `/tcm/v1/app/${appId}/msg/save`,
      {
        msgType: 1,
        title: 'A spring sale announcement with a rather long description',
        pushCount: 3,
        targetingType: 0,
        scheduleType: 1,
        data: {
          noti_type: 1,
          noti_title: 'Spring sale',
          noti_desc: 'Everything 50% off today',
          noti_small_icon: '/files/icon.png',
          noti_ex_type: 1,
          noti_open_type: 1,
          noti_open_content: 'shop://home',
        },
      },
    ] as const,
  );
  expect(answer.status).toBe(200);
  await beacon.database.query(
    `UPDATE messages SET status = 1, push_count = 12345678, target_count = 12345678, dispatch_count = 12345678,
       reach_count = 12345678, show_count = 12345678, click_count = 1234567, conversion_count = 123456 WHERE id = $1`,
    [answer.data.id],
  );
  return answer.data.id;
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the records table at laptop widths', () => {
  it.each([1440, 1280])(
    'shows every header beside the Actions column at %i px',
    async (width) => {
      const page = await signedInPage(browser, beacon.url, OWNER, { viewport: { width, height: 900 } });
      if (width === 1440) await seedMessage(page);
      // the conversion columns too at 1440 px; at 1280 px they scroll under the sticky column (docs/architecture.md)
      for (const conv of width === 1440 ? ['', '?conv=1'] : ['']) {
        await page.goto(`${beacon.url}/app/${appId}/data/push${conv}`);
        const table = page.getByTestId('message-table');
        await table.locator('tbody tr.ant-table-row').first().waitFor();
        await snap(page, `records-layout-${width}${conv ? '-conversion' : ''}`);
        const header = table.locator('thead').first();
        const actions = await header
          .locator('th.ant-table-cell-fix-end', { hasText: 'Actions' })
          .boundingBox();
        const clickRate = await header.locator('th', { hasText: 'Click rate' }).boundingBox();
        expect(actions).not.toBeNull();
        expect(clickRate).not.toBeNull();
        expect(intersects(clickRate!, actions!)).toBe(false);
        // every other header ends before the sticky column begins, and inside the window
        const boxes = await header
          .locator('th:not(.ant-table-cell-fix-end):not(.ant-table-cell-scrollbar)')
          .evaluateAll((ths) =>
            ths.map((th) => {
              const r = th.getBoundingClientRect();
              return { text: th.textContent ?? '', right: r.right };
            }),
          );
        expect(boxes.filter((b) => b.right > actions!.x + 0.5).map((b) => b.text)).toEqual([]);
        expect(actions!.x + actions!.width).toBeLessThanOrEqual(width);
      }
      await page.context().close();
    },
    120_000,
  );
});

/** POSTs `payload` to the console API from the signed-in page; returns the envelope's status. */
async function post(page: Page, url: string, payload: unknown): Promise<number> {
  return page.evaluate(
    async ([u, body]) => {
      const res = await fetch(u, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { status: number }).status;
    },
    [url, payload] as const,
  );
}

describe('the app settings tables at 1440 px, in French', () => {
  it('shows every column beside the sticky Actions column, and its links whole', async () => {
    const page = await signedInPage(browser, beacon.url, OWNER, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${beacon.url}/app/${appId}/config/group?lang=fr`);
    expect(
      await post(page, `/tcm/v1/app/${appId}/group/create`, {
        name: 'Acheteurs fidèles de Paris',
        description: 'Appareils en français, actifs depuis au moins trente jours, avec une version récente',
        conditions: [{ label: 'language', op: 'in', values: ['en'] }],
      }),
    ).toBe(200);
    expect(
      await post(page, `/tcm/v1/app/${appId}/device/create`, {
        name: 'Téléphone test',
        desc: 'TECNO Spark 10, Lagos',
        gaid: '00000000-0000-4000-8000-000000000001',
      }),
    ).toBe(200);
    // the tables whose 170 px Actions column cut "Supprimer" to "Suppr" and covered the column beside it
    for (const [path, testId] of [
      ['config/group', 'user-groups-table'],
      ['config/device', 'test-devices-table'],
    ] as const) {
      await page.goto(`${beacon.url}/app/${appId}/${path}?lang=fr`);
      await expectBesideActions(page, testId);
    }
    await page.context().close();
    // the super admin's users (the owner and root): its 110 px column broke "Applications possédées" mid-word too
    const root = await signedInPage(
      browser,
      beacon.url,
      { email: 'root@example.com', password: 'Root#2024x' },
      { viewport: { width: 1440, height: 900 } },
    );
    await root.goto(`${beacon.url}/users?lang=fr`);
    await expectBesideActions(root, 'users-table');
    await root.context().close();
  }, 120_000);
});

/** Creates a label of the app whose 3 devices carry it; returns its name. */
async function seedLabel(
  page: Page,
  label: { name: string; nameEn: string; code: string; desc: string; flag: 'LABEL' | 'GROUP' },
): Promise<string> {
  expect(await post(page, `/tcm/v1/app/${appId}/tag/create`, label)).toBe(200);
  await beacon.database.query(
    `INSERT INTO device_tags (device_id, tag_id, app_id)
     SELECT d.id, t.id, d.app_id FROM devices d JOIN tags t ON t.app_id = d.app_id WHERE d.app_id = $1 AND t.code = $2`,
    [appId, label.code],
  );
  return label.name;
}

describe('the labels table at 1440 px', () => {
  it('fits the window in French, English and Chinese: every column beside the sticky Actions, no sideways scroll', async () => {
    const page = await signedInPage(browser, beacon.url, OWNER, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${beacon.url}/app/${appId}/config/tagmanagement?lang=fr`);
    // the widest of each column: long names, an audience package, a long description, the owner's long address and
    // French's longest month ("28 sept. 2026, 23:59")
    await seedLabel(page, {
      name: 'Acheteurs VIP de fin d’année qui reviennent chaque semaine',
      nameEn: 'Year-end VIP buyers who come back every single week',
      code: 'vip_buyers_returning_2026',
      desc: 'Appareils ayant acheté trois fois ou plus pendant les fêtes, importés du CRM chaque lundi matin',
      flag: 'GROUP',
    });
    await beacon.database.query(
      `UPDATE tags SET updated_at = '2026-09-28T23:59:00Z' WHERE app_id = $1 AND code = 'vip_buyers_returning_2026'`,
      [appId],
    );
    // nine columns and three links ("Modifier", "Importer des GAID", "Supprimer") scrolled sideways in French, the
    // sticky Actions column over the devices, the description, the creator and the date
    for (const [lang, actions, link] of [
      ['fr', 'Actions', 'Modifier'],
      ['en', 'Actions', 'Edit'],
      ['zh', '操作', '编辑'],
    ] as const) {
      await page.goto(`${beacon.url}/app/${appId}/config/tagmanagement?lang=${lang}`);
      await expectBesideActions(page, 'tags-table', { lang, actions, link });
      const body = page.getByTestId('tags-table').locator('.ant-table-content, .ant-table-body').first();
      const { scrollWidth, clientWidth } = await body.evaluate((e) => ({
        scrollWidth: e.scrollWidth,
        clientWidth: e.clientWidth,
      }));
      expect(scrollWidth, lang).toBeLessThanOrEqual(clientWidth);
    }
    await page.context().close();
  }, 120_000);

  it('imports and deletes from the row’s menu, by mouse and by keyboard, the delete asking first with the devices count', async () => {
    const page = await signedInPage(browser, beacon.url, OWNER, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${beacon.url}/app/${appId}/config/tagmanagement?lang=fr`);
    const name = await seedLabel(page, {
      name: 'Clients fidèles',
      nameEn: 'Loyal customers',
      code: 'loyal_customers',
      desc: '',
      flag: 'LABEL',
    });
    await page.goto(`${beacon.url}/app/${appId}/config/tagmanagement?lang=fr&name=loyal`);
    const row = page.getByTestId('tags-table').locator('tbody tr.ant-table-row', { hasText: name });
    const more = row.getByRole('button', { name: `Autres actions pour « ${name} »` });
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
    const dialog = page.getByRole('dialog', { name: `Importer des GAID dans « ${name} »` });
    const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    const asked =
      'Supprimer cette étiquette ?« Clients fidèles » sera supprimée et retirée de 3 appareils.AnnulerSupprimer';
    // the menu takes the focus a few frames after it opens (a reader's next move is later than that)
    const menuFocused = () =>
      expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    const focused = () =>
      page.evaluate(() => document.activeElement?.textContent || document.activeElement?.ariaLabel);

    // by mouse: the import dialog; the confirmation closed by Cancel, then by a click beside it, the label kept
    await more.click();
    await menuFocused();
    await snap(page, 'labels-fr-menu');
    await menu.getByRole('menuitem', { name: 'Importer des GAID' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await more.click();
    await menuFocused();
    await menu.getByRole('menuitem', { name: 'Supprimer' }).click();
    await expect.poll(() => confirm.textContent()).toBe(asked);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe(`Autres actions pour « ${name} »`);
    await more.click();
    await menuFocused();
    await menu.getByRole('menuitem', { name: 'Supprimer' }).click();
    await expect.poll(() => confirm.textContent()).toBe(asked);
    await page.getByRole('heading', { name: 'Étiquettes' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect(row.isVisible()).resolves.toBe(true);

    // by keyboard: Enter opens the menu with the focus on its first item; the arrows walk its items and Enter picks
    // one (its key press once closed the dialog it opened, pressing the dialog's ×)
    await more.focus();
    await page.keyboard.press('Enter');
    await menuFocused();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Delete: the confirmation at the menu's button, Cancel focused, Tab to the red Supprimer
    await more.focus();
    await page.keyboard.press('Enter');
    await menuFocused();
    await page.keyboard.press('ArrowDown');
    // the menu moves the focus a frame later: an Enter at once would pick the first item still
    await expect.poll(focused).toBe('Supprimer');
    await page.keyboard.press('Enter');
    await expect.poll(() => confirm.textContent()).toBe(asked);
    await snap(page, 'labels-fr-delete-confirm');
    await expect.poll(focused).toBe('Annuler');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Supprimer');
    await page.keyboard.press('Enter');
    await page.getByTestId('tags-table').getByText('Aucune étiquette pour le moment').waitFor();
    await page.context().close();
  }, 120_000);
});

/**
 * Every header of table `testId` ends before its sticky Actions column (headed `actions`), whose links are drawn
 * whole, `link` among them.
 */
async function expectBesideActions(
  page: Page,
  testId: string,
  { lang = 'fr', actions: actionsTitle = 'Actions', link = 'Supprimer' } = {},
): Promise<void> {
  const table = page.getByTestId(testId);
  await table.locator('tbody tr.ant-table-row').first().waitFor();
  await expect.poll(() => table.locator('thead th', { hasText: actionsTitle }).count()).toBeGreaterThan(0);
  await snap(page, `layout-${lang}-${testId}`);
  const header = table.locator('thead').first();
  const actions = await header.locator('th.ant-table-cell-fix-end', { hasText: actionsTitle }).boundingBox();
  expect(actions, testId).not.toBeNull();
  const covered = await header
    .locator('th:not(.ant-table-cell-fix-end):not(.ant-table-cell-scrollbar)')
    .evaluateAll((ths) =>
      ths.map((th) => ({ text: th.textContent ?? '', right: th.getBoundingClientRect().right })),
    );
  expect(
    covered.filter((b) => b.right > actions!.x + 0.5).map((b) => b.text),
    testId,
  ).toEqual([]);
  const cut = await table
    .locator('tbody tr.ant-table-row td.ant-table-cell-fix-end button')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => {
          const cell = b.closest('td')!.getBoundingClientRect();
          return b.getBoundingClientRect().right > cell.right + 0.5 || b.scrollWidth > b.clientWidth + 1;
        })
        .map((b) => b.textContent),
    );
  expect(cut, testId).toEqual([]);
  await expect.poll(() => table.getByText(link, { exact: true }).first().isVisible()).toBe(true);
}
