import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { textOfBase64 } from '@beacon/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  launchBrowser,
  registerDevice,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
  fieldError,
} from './harness';

/**
 * Cross (transparent) and pull-up messages composed in the browser (issue 13, "How it is checked"): the JSON editor's
 * syntax error at its line and column, the reserved keys dropped, the push-preview confirmation, what the emulated
 * devices receive, and the data/cross records with their kind filter.
 */

const PROJECT = 'cross-e2e-project';
const PKG = 'com.example.shop';
const OWNER = { email: 'cleo@shop.example', password: 'Cleo#2024x' };
/** The keys every message's data carries, whatever its content. */
const TCM_KEYS = ['tcm_msg_id', 'tcm_msg_pkg', 'tcm_msg_timestamp', 'tcm_msg_ttl', 'tcm_msg_type'];

/** Typed line by line: CodeMirror indents each new line itself. Line 3 lacks its comma, so line 4 is the error. */
const BROKEN_LINES = [
  '{',
  '"offer": "spring-sale",',
  '"discount": 30',
  '"tcm_msg_id": "123",',
  '"items": [1, 2, 3]',
  '}',
];
/** What the devices get once the comma is added: the content without the reserved tcm_msg_id. */
const SENT = { offer: 'spring-sale', discount: 30, items: [1, 2, 3] };
const EXTRAS = { screen: 'offers', tab: 2 };

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let appId = 0;
const tokens: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, { title: 'Shop', pkg: PKG, projectId: PROJECT });
  appId = app.appId;
  for (let i = 0; i < 3; i++)
    tokens.push(await registerDevice(beacon, emu, { sdkAuth: app.sdkAuth, projectId: PROJECT, pkg: PKG }, i));
});
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

/** A signed-in page on a compose screen (editcross, editpullup), once the estimate has set the count. */
async function composePage(screen: 'editcross' | 'editpullup', lang?: string): Promise<Page> {
  const page = await signedInPage(browser, beacon.url, OWNER);
  await page.goto(`${beacon.url}/app/${appId}/message/${screen}${lang ? `?lang=${lang}` : ''}`);
  await page.locator('.cm-content').first().waitFor();
  await expect.poll(() => page.inputValue('#pushCount')).toBe('3');
  return page;
}

/** The error line of the form item holding the control `#id`. */
const explain = fieldError;

/** Types into a CodeMirror editor as a person does: a click, then each line and Enter (the editor indents). */
async function typeLines(page: Page, editor: Locator, lines: string[]): Promise<void> {
  await editor.click();
  for (const [i, line] of lines.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
}

/**
 * snap once the page is still: scrolled to the top (a full-page capture of a scrolled window draws the fixed header
 * mid-page), no table loading, and no finite animation running (dialogs zoom in, error lines slide in).
 */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
  // snap itself waits until no finite animation runs
  await snap(page, name);
}

/** Fixes BROKEN_LINES: a comma at the end of line 3. */
async function addMissingComma(page: Page, editor: Locator): Promise<void> {
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.type(',');
}

/** The deliveries of message `id` on each device (one expected on each), as their data. */
function received(id: number): Array<Record<string, string>> | undefined {
  const got = tokens.map((tok) =>
    emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id)),
  );
  if (got.some((g) => g.length !== 1)) return undefined;
  return got.map((g) => g[0]!.message.data as Record<string, string>);
}

async function deliveredData(id: number): Promise<Array<Record<string, string>>> {
  await expect.poll(() => received(id) !== undefined, { timeout: 30_000, interval: 250 }).toBe(true);
  return received(id)!;
}

const decoded = (b64: string | undefined): unknown => JSON.parse(textOfBase64(b64 ?? '') ?? 'null');

/** Confirms the open push-preview dialog and answers the saved message's id. */
async function confirmSend(page: Page, button: string): Promise<number> {
  const saved = page.waitForResponse((r) => r.url().endsWith(`/app/${appId}/msg/save`));
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  const answer = (await (await saved).json()) as { status: number; data: { id: number } };
  expect(answer.status).toBe(200);
  await page.waitForURL(`**/app/${appId}/data/cross`);
  return answer.data.id;
}

describe('cross and pull-up messages in the browser', () => {
  let crossId = 0;
  let pullUpId = 0;

  it('composes and sends a cross message with a JSON error fixed on the way', async () => {
    const page = await composePage('editcross');
    await page.getByRole('heading', { name: 'New transparent message' }).waitFor();
    await page.fill('#description', 'Spring sale sync');
    const editor = page.getByRole('textbox', { name: 'Content (JSON)' });
    await typeLines(page, editor, BROKEN_LINES);
    expect(await editor.locator('.cm-line').allInnerTexts()).toHaveLength(BROKEN_LINES.length);

    // the lint marker, the side card and, on submit, the field's error line with the line and column
    await page.locator('.cm-lint-marker-error').waitFor();
    await page.getByText('The content is not valid JSON yet.').waitFor();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await explain(page, 'crossJson').getByText('Line 4, column 3: "," or "}" expected').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'cross-compose-error');

    await addMissingComma(page, editor);
    await explain(page, 'crossJson').waitFor({ state: 'detached' });
    expect(await page.getByTestId('json-dropped').innerText()).toBe(
      'This reserved key will be dropped before sending: tcm_msg_id',
    );
    await page.getByTestId('cross-size').waitFor();

    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Check before sending').waitFor();
    expect(await dialog.getByTestId('confirm-content').innerText()).toBe(JSON.stringify(SENT, null, 2));
    await dialog.getByText('Spring sale sync').waitFor();
    await dialog.getByTestId('confirm-forecast').waitFor();
    await shot(page, 'cross-preview');
    crossId = await confirmSend(page, 'Send');

    for (const data of await deliveredData(crossId)) {
      expect(Object.keys(data).sort()).toEqual([...TCM_KEYS, 'trans_data'].sort());
      expect(data.tcm_msg_type).toBe('2');
      expect(decoded(data.trans_data)).toEqual(SENT);
    }

    // the record, and its detail with the JSON as sent
    await page.getByTestId(`title-${crossId}`).click();
    const detail = page.getByTestId('message-detail-body');
    const content = detail.getByTestId('cross-content');
    await content.waitFor();
    expect(await content.innerText()).toBe(JSON.stringify(SENT, null, 2));
    await shot(page, 'cross-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });

  it('sends a pull-up of the app’s own activity with intent extras', async () => {
    const page = await composePage('editpullup');
    await page.getByRole('heading', { name: 'New pull-up message' }).waitFor();
    // the package starts as the app's own; chosen again from the suggestions
    expect(await page.inputValue('#enlivePackage')).toBe(PKG);
    await page.fill('#enlivePackage', '');
    await page.locator('#enlivePackage').click();
    await page.locator('.ant-select-item-option', { hasText: `${PKG} (This app)` }).click();
    expect(await page.inputValue('#enlivePackage')).toBe(PKG);
    await page.fill('#enliveActivity', '.MainActivity');
    await typeLines(page, page.getByRole('textbox', { name: 'Intent extras (JSON)' }), [
      JSON.stringify(EXTRAS),
    ]);
    await page.fill('#description', 'Bring the offers forward');
    await page.getByText(`The SDK opens .MainActivity of ${PKG}.`).waitFor();
    await shot(page, 'pullup-compose');

    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Check before sending').waitFor();
    await dialog.getByText('.MainActivity').waitFor();
    expect(await dialog.getByTestId('confirm-content').innerText()).toBe('{}');
    await shot(page, 'pullup-preview');
    pullUpId = await confirmSend(page, 'Send');

    for (const data of await deliveredData(pullUpId)) {
      expect(Object.keys(data).sort()).toEqual(
        [...TCM_KEYS, 'enlive_activity', 'enlive_data', 'enlive_package', 'trans_data'].sort(),
      );
      expect(data.enlive_package).toBe(PKG);
      expect(data.enlive_activity).toBe('.MainActivity');
      expect(decoded(data.enlive_data)).toEqual(EXTRAS);
      expect(decoded(data.trans_data)).toEqual({});
    }

    // the kind filter: Pull-up shows it, not the cross message
    await page.getByTestId(`title-${crossId}`).waitFor();
    await page.getByTestId('filter-kind').click();
    await page.locator('.ant-select-item-option', { hasText: 'Pull-up' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/kind=pullup/);
    await page.getByTestId(`title-${crossId}`).waitFor({ state: 'detached' });
    await page.getByTestId(`title-${pullUpId}`).waitFor();
    await shot(page, 'cross-list-pullup');
    await page.getByTestId(`title-${pullUpId}`).click();
    const detail = page.getByTestId('message-detail-body');
    expect(await detail.getByTestId('pullup-extras').innerText()).toBe(JSON.stringify(EXTRAS, null, 2));
    await page.keyboard.press('Escape');
    await page.goto(`${beacon.url}/app/${appId}/data/cross`);
    await page.getByTestId(`title-${crossId}`).waitFor();
    await page.getByTestId(`title-${pullUpId}`).waitFor();
    await shot(page, 'cross-list');
  });

  it('shows the cross screens in French', async () => {
    const page = await composePage('editcross', 'fr');
    const editor = page.locator('.cm-content').first();
    await typeLines(page, editor, BROKEN_LINES);
    await page.locator('button[type=submit]').click();
    await explain(page, 'crossJson')
      .getByText(/Ligne 4, colonne 3/)
      .waitFor();
    await shot(page, 'cross-compose-error-fr');
    await addMissingComma(page, editor);
    await page.fill('#description', 'Synchro des soldes');
    await page.locator('button[type=submit]').click();
    await page.getByRole('dialog').getByTestId('confirm-forecast').waitFor();
    await shot(page, 'cross-preview-fr');
    await page.keyboard.press('Escape');

    await page.goto(`${beacon.url}/app/${appId}/message/editpullup?lang=fr`);
    await page.locator('#enliveActivity').waitFor();
    await page.fill('#enliveActivity', '.MainActivity');
    await typeLines(page, page.locator('.cm-content').first(), [JSON.stringify(EXTRAS)]);
    await shot(page, 'pullup-compose-fr');

    await page.goto(`${beacon.url}/app/${appId}/data/cross?lang=fr`);
    await page.getByTestId(`title-${pullUpId}`).waitFor();
    await shot(page, 'cross-list-fr');
    await page.goto(`${beacon.url}/app/${appId}/data/cross?lang=en`);
  });
});
