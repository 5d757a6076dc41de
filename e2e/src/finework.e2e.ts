import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, launchBrowser, snap, startBeacon, type RunningBeacon } from './harness';

let beacon: RunningBeacon;
let browser: Browser;
let demoId = 0;

const ADMIN = { email: 'root@example.com', password: 'Root#2024x' };
const OWNER = { email: 'olivia@shop.example', password: 'Olivia#2024' };
const OPERATOR = { email: 'oscar@shop.example', password: 'Oscar#2024' };
const DEMO = { title: 'Demo Shop', pkg: 'com.example.demoshop' };

async function signIn(who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    timezoneId: 'Europe/Paris',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(`${beacon.url}/login`);
  await page.fill('#email', who.email);
  await page.fill('#password', who.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  return page;
}

/** Clicks a download link and returns the downloaded file's name and text. */
async function download(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: (await readFile(path, 'utf8')).replace(/^\uFEFF/, '') };
}

/** Calls the API from the page (its session cookie) and answers [HTTP status, envelope status]. */
async function callFromPage(
  page: Page,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<[number, number]> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return [res.status, ((await res.json()) as { status: number }).status] as [number, number];
    },
    { method, url, body },
  );
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
  const ownerId = await beacon.users.save(
    { email: OWNER.email, source: 2, ulevel: 0, description: '', password: OWNER.password },
    actor,
  );
  const operatorId = await beacon.users.save(
    { email: OPERATOR.email, source: 2, ulevel: 0, description: '', password: OPERATOR.password },
    actor,
  );
  const demo = await beacon.services.apps.create({
    title: DEMO.title,
    pkg: DEMO.pkg,
    owner: { userId: ownerId, email: OWNER.email },
  });
  demoId = demo.app.id;
  await beacon.services.apps.create({
    title: 'Acme News',
    pkg: 'com.acme.news',
    owner: { userId: root!.id, email: ADMIN.email },
  });
  await beacon.database.query(
    `INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 400, 0)`,
    [demoId, operatorId, OPERATOR.email],
  );
  // one device, so that a message can be saved for the app
  const res = await fetch(`${beacon.url}/sdk/v1/register`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${demo.app.appKey}:${demo.appSecret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      token: 'tok-1',
      gaid: '38400000-8cf0-11bd-b23e-10b96e40000d',
      country: 'BR',
      language: 'pt',
      brand: 'Samsung',
      model: 'Galaxy A54',
      osVersion: 34,
      appVersion: '2.0.0',
      appVersionCode: 200,
      timezone: 'America/Sao_Paulo',
      notificationsEnabled: true,
    }),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await beacon?.close();
});

describe('platform administration: fine-work', () => {
  it('a level-100 admin bans a country and a window across midnight for the demo app; the app’s control view and the CSVs show them', async () => {
    const page = await signIn(ADMIN);
    await page.goto(`${beacon.url}/platformsettings?tab=finework`);
    await page.getByText('No app has bans of its own yet').waitFor();
    await snap(page, 'finework-overview-empty');

    await page.getByRole('combobox', { name: 'App', exact: true }).fill('demo');
    await page.locator('.ant-select-item-option', { hasText: DEMO.title }).first().click();
    await page.waitForURL(`**/platformsettings?tab=finework&app=${demoId}`);
    const countries = page.getByTestId('finework-countries');
    await countries.getByText('No banned countries').waitFor();

    // ban Nigeria; the country is required
    await page.getByRole('button', { name: 'Ban countries' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText(`Ban countries for ${DEMO.title}`).waitFor();
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await dialog.getByText('Choose at least one country').waitFor();
    await chooseOption(
      dialog.getByRole('combobox', { name: 'Countries' }),
      'nigeria',
      page.locator('.ant-select-item-option:not(.ant-select-item-option-selected)', {
        hasText: 'Nigeria (NG)',
      }),
      dialog.locator('.ant-select-selection-item', { hasText: 'Nigeria (NG)' }),
    );
    await dialog.getByText(`Ban countries for ${DEMO.title}`).click(); // closes the list
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByText('1 country banned').waitFor();
    await countries.getByText('Nigeria').waitFor();
    await countries.getByText('root@example.com').waitFor();

    // ban Kenya 22:00 → 06:00 (next day) and a second window, after the form refuses an empty one
    await page.getByRole('button', { name: 'Add windows' }).click();
    dialog = page.getByRole('dialog');
    await chooseOption(
      dialog.getByRole('combobox', { name: 'Country', exact: true }),
      'kenya',
      page.locator('.ant-select-item-option', { hasText: 'Kenya (KE)' }),
      dialog.getByTitle('Kenya (KE)'),
    );
    await dialog.getByRole('textbox', { name: 'Start of window 1' }).fill('22:00');
    await dialog.getByRole('textbox', { name: 'End of window 1' }).fill('06:00');
    await dialog.getByTestId('window-row').first().getByText('next day').waitFor();
    await dialog.getByRole('button', { name: 'Another window' }).click();
    await dialog.getByRole('textbox', { name: 'Start of window 2' }).fill('7:00');
    await dialog.getByRole('textbox', { name: 'End of window 2' }).fill('07:00');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await dialog.getByText('Use HH:mm, 00:00 to 23:59').waitFor();
    await dialog.getByRole('textbox', { name: 'Start of window 2' }).fill('07:00');
    await dialog.getByText('The end must differ from the start').waitFor();
    await snap(page, 'finework-times-dialog');
    await dialog.getByRole('textbox', { name: 'End of window 2' }).fill('08:30');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByText('2 windows banned').waitFor();
    const times = page.getByTestId('finework-times');
    await times.getByText('Kenya (KE)').waitFor();
    await times.getByText('22:00 → 06:00 (next day)').waitFor();
    await times.getByText('07:00 → 08:30').waitFor();
    await page.waitForTimeout(300); // the success toast fades
    await snap(page, 'finework-app');

    // a repeat of a window already banned is refused before it reaches the server
    await times.getByRole('button', { name: 'Add window' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Start of window 1' }).fill('22:00');
    await dialog.getByRole('textbox', { name: 'End of window 1' }).fill('06:00');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await dialog.getByText('This window is already banned for this country').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // the audit log has both changes, old → new
    await page.getByRole('button', { name: 'Audit log' }).click();
    const audit = page.getByTestId('audit-table');
    await audit.getByText(`app ${demoId} country NG`).waitFor();
    await audit.getByText(`app ${demoId} times KE`).waitFor();
    await page.waitForTimeout(400);
    await snap(page, 'finework-audit');
    await page.keyboard.press('Escape');

    // the CSV downloads
    const countryCsv = await download(page, page.getByRole('link', { name: 'Countries CSV' }));
    expect(countryCsv.name).toBe(`forbid_countries_app${demoId}.csv`);
    const countryLines = countryCsv.text.trimEnd().split('\r\n');
    expect(countryLines[0]).toBe('scope,appId,app,pkg,countryCode,countryName,addedBy,addedAt');
    expect(countryLines.slice(1).map((l) => l.split(',').slice(0, 7).join(','))).toEqual([
      `app,${demoId},${DEMO.title},${DEMO.pkg},NG,Nigeria,${ADMIN.email}`,
    ]);
    const timeCsv = await download(page, page.getByRole('link', { name: 'Time windows CSV' }));
    expect(timeCsv.name).toBe(`forbid_times_app${demoId}.csv`);
    const timeLines = timeCsv.text.trimEnd().split('\r\n');
    expect(timeLines[0]).toBe('appId,app,pkg,countryCode,countryName,start,end,nextDay,addedBy,addedAt');
    expect(timeLines.slice(1).map((l) => l.split(',').slice(0, 9).join(','))).toEqual([
      `${demoId},${DEMO.title},${DEMO.pkg},KE,Kenya,07:00,08:30,0,${ADMIN.email}`,
      `${demoId},${DEMO.title},${DEMO.pkg},KE,Kenya,22:00,06:00,1,${ADMIN.email}`,
    ]);

    // the app's own control view shows the same bans
    await page.goto(`${beacon.url}/app/${demoId}/config/forbid`);
    await page.getByTestId('forbid-countries').getByText('Nigeria').waitFor();
    await page.getByTestId('forbid-countries').getByText('This app').waitFor();
    const view = page.getByTestId('forbid-times');
    await view.getByText('Kenya (KE)').waitFor();
    await view.getByText('22:00 → 06:00 (next day)').waitFor();
    await view.getByText('07:00 → 08:30').waitFor();
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    await snap(page, 'finework-control-view');
    await page.getByRole('button', { name: 'Edit the bans in Platform Admin › Fine-work' }).click();
    await page.waitForURL(`**/platformsettings?tab=finework&app=${demoId}`);
    await page.getByTestId('finework-times').getByText('Kenya (KE)').waitFor();
    await page.goto(`${beacon.url}/app/${demoId}/config/forbid?lang=zh`);
    await page.getByTestId('forbid-times').getByText('22:00 → 06:00（次日）').waitFor();
    await page.getByTestId('forbid-countries').getByText('尼日利亚').waitFor();
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    await snap(page, 'finework-control-view-zh');

    // the tab in Chinese and French
    await page.goto(`${beacon.url}/platformsettings?tab=finework&app=${demoId}&lang=zh`);
    await page.getByTestId('finework-times').getByText('22:00 → 06:00（次日）').waitFor();
    await page.getByTestId('finework-countries').getByText('尼日利亚').waitFor();
    await snap(page, 'finework-app-zh');
    await page.goto(`${beacon.url}/platformsettings?tab=finework&lang=fr`);
    await page.getByTestId('finework-overview').getByText(DEMO.title).waitFor();
    await page.getByText('Aucun pays n’est interdit pour toutes les applications.').waitFor();
    await snap(page, 'finework-overview-fr');

    // lifting the second window (after confirming) leaves the overnight one
    await page.goto(`${beacon.url}/platformsettings?tab=finework&app=${demoId}&lang=en`);
    await page.getByRole('button', { name: 'Lift the window 07:00 → 08:30' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('Window ban lifted').waitFor();
    await expect.poll(() => page.getByTestId('finework-times').getByTestId('interval').count()).toBe(1);
    await page.context().close();
  });

  it('a level-400 operator sees no fine-work tab, and the server refuses the fine-work calls with 1002', async () => {
    const page = await signIn(OPERATOR);
    expect(await page.getByRole('tab', { name: 'Platform Admin' }).count()).toBe(0);
    await page.goto(`${beacon.url}/platformsettings?tab=finework`);
    await page.getByText('Access denied').waitFor();
    expect(await page.getByTestId('finework-countries').count()).toBe(0);
    await snap(page, 'finework-refused');
    const statuses = [
      await callFromPage(page, 'GET', '/tcm/global/plat/app/forbid/summary'),
      await callFromPage(page, 'POST', '/tcm/global/plat/app/country/forbid/list', { appId: demoId }),
      await callFromPage(page, 'POST', '/tcm/global/plat/app/country/forbid/add', {
        appId: demoId,
        countryCodes: ['FR'],
      }),
      await callFromPage(page, 'POST', '/tcm/global/plat/app/country/forbid/delete', {
        appId: demoId,
        countryCode: 'NG',
      }),
      await callFromPage(page, 'POST', '/tcm/global/plat/app/time/forbid/add', {
        appId: demoId,
        countryCode: 'KE',
        intervalTimeList: [{ start: '01:00', end: '02:00' }],
      }),
      await callFromPage(page, 'POST', '/tcm/global/plat/country/forbid/add', { countryCodes: ['FR'] }),
      await callFromPage(page, 'GET', `/tcm/global/plat/app/country/forbid/download?appId=${demoId}`),
      await callFromPage(page, 'GET', '/tcm/global/plat/app/time/forbid/download'),
    ];
    expect(statuses).toEqual(Array(8).fill([403, 1002]));
    // the operator still reads the app's control view
    await page.goto(`${beacon.url}/app/${demoId}/config/forbid`);
    await page.getByTestId('forbid-countries').getByText('Nigeria').waitFor();
    expect(
      await page.getByRole('button', { name: 'Edit the bans in Platform Admin › Fine-work' }).count(),
    ).toBe(0);
    await page.context().close();
  });
});

describe('per-app sensitive words', () => {
  const message = (title: string) => ({
    msgType: 1,
    title: 'Words check',
    pushCount: 1,
    targetingType: 0,
    scheduleType: 1,
    data: {
      noti_type: 1,
      noti_title: title,
      noti_desc: 'See the app',
      noti_small_icon: '/files/icon.png',
      noti_ex_type: 1,
      noti_open_type: 1,
      noti_open_content: 'shop://home',
    },
  });

  it('the owner adds and imports words on config/sensitive; a message containing one is refused (60001 for an operator, 60003 for the owner)', async () => {
    const page = await signIn(OWNER);
    await page.goto(`${beacon.url}/app/${demoId}/config/forbid`);
    await page.getByRole('menuitem', { name: 'Sensitive words' }).click();
    await page.waitForURL(`**/app/${demoId}/config/sensitive`);
    const words = page.getByTestId('app-words');
    await words.getByText('No words yet').waitFor();

    await words.getByRole('textbox', { name: 'Word', exact: true }).fill('casino');
    await words.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Words added: 1').waitFor();
    await words.getByRole('cell', { name: 'casino', exact: true }).waitFor();

    await words.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Words' }).fill('Jackpot, lottery\nLOTTERY\ncasino');
    await dialog.getByText('3 distinct words to import').waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByText('2 words imported, 1 already listed').waitFor();
    await words.getByRole('cell', { name: 'Jackpot', exact: true }).waitFor();
    await words.getByText('Total: 3').waitFor();
    await page.waitForTimeout(300);
    await snap(page, 'finework-sensitive-words');

    // the owner may confirm a flagged message (60003); the platform list is not involved
    expect(
      await callFromPage(page, 'POST', `/tcm/v1/app/${demoId}/msg/save`, message('Casino night tonight')),
    ).toEqual([200, 60003]);
    await page.goto(`${beacon.url}/app/${demoId}/config/sensitive?lang=zh`);
    await page.getByTestId('app-words').getByText('Jackpot').waitFor();
    await snap(page, 'finework-sensitive-words-zh');
    await page.context().close();

    // an operator reads the list (no add, no remove) and cannot save a message containing a word of it
    const operator = await signIn(OPERATOR);
    await operator.goto(`${beacon.url}/app/${demoId}/config/sensitive`);
    const list = operator.getByTestId('app-words');
    await list.getByText('Read only').waitFor();
    await list.getByRole('cell', { name: 'lottery', exact: true }).waitFor();
    expect(await list.getByRole('button', { name: 'Add' }).count()).toBe(0);
    expect(await list.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    await snap(operator, 'finework-sensitive-words-operator');
    expect(
      await callFromPage(operator, 'POST', `/tcm/v1/app/${demoId}/msg/save`, message('Win the LOTTERY')),
    ).toEqual([200, 60001]);
    expect(
      await callFromPage(operator, 'POST', `/tcm/v1/app/${demoId}/sensitive/add`, { word: 'bonus' }),
    ).toEqual([403, 1002]);
    await operator.context().close();
  });
});
