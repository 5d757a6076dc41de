import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  gaid,
  launchBrowser,
  registerDevice,
  snap,
  startBeacon,
  type RunningBeacon,
  signedInPage,
  fieldError,
} from './harness';

const PROJECT = 'files-project';
const PKG = 'com.example.files';
const OWNER = { email: 'owner@example.com', password: 'Owner#2024' };

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId: number;
const tokens: string[] = [];

const explain = (id: string) => fieldError(page, id);
const fileInput = () => page.locator('#fileList input[type=file]');
const txt = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(lines.join('\n')),
});

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await beacon.users.upsertAdmin(OWNER.email, OWNER.password, 150);
  let auth: string;
  ({ appId, sdkAuth: auth } = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Files',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  }));
  for (let i = 0; i < 5; i++) {
    tokens.push(await registerDevice(beacon, emu, { sdkAuth: auth, projectId: PROJECT, pkg: PKG }, i));
  }
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

describe('compose to an uploaded file of device ids', () => {
  it('shows refused lines, then sends to exactly the devices of the uploaded file', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    await page.fill('#description', 'Loyal buyers');
    await page.fill('#title', 'A gift for you');
    await page.fill('#desc', 'Open the app to claim it');
    await page.fill('#openContent', 'shop://gift');

    await page.getByText('Uploaded file of device IDs').click();
    await page.getByText(/Drop a \.txt file here/).waitFor();
    await fileInput().setInputFiles(txt('buyers.txt', [gaid(1), 'customer-42', gaid(3)]));
    await page.getByTestId('rejected-lines').getByText('customer-42').waitFor();
    await explain('fileList')
      .getByText('1 line is not an advertising ID (2 valid IDs): fix it and try again')
      .waitFor();
    await snap(page, 'targeting-file-refused');

    // devices 1 and 3, one repeated line, one id no device of the app has
    await fileInput().setInputFiles(txt('buyers.txt', [gaid(1), gaid(3), gaid(1), gaid(77)]));
    await page.getByTestId('gaid-list-summary').getByText('buyers.txt: 3 device IDs').waitFor();
    await expect.poll(() => page.getByTestId('rejected-lines').count()).toBe(0);
    await expect.poll(async () => page.inputValue('#pushCount')).toBe('2');
    await snap(page, 'targeting-file-uploaded');

    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Uploaded file of device IDs · buyers.txt · 3 devices').waitFor();
    await dialog.getByText('Push count: about 2 devices.', { exact: false }).waitFor();
    await snap(page, 'targeting-file-confirm');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`**/app/${appId}/data/push`);

    const [msg] = await beacon.database.query<{ id: number; targeting_type: number }>(
      'SELECT id::int AS id, targeting_type FROM messages WHERE app_id = $1',
      [appId],
    );
    expect(msg?.targeting_type).toBe(6);
    const delivered = () =>
      tokens.map(
        (tok) =>
          emu
            .inbox(tok)
            .filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(msg!.id)).length,
      );
    await expect.poll(delivered, { timeout: 30_000 }).toEqual([0, 1, 0, 1, 0]);
  });

  it('shows why a file link is refused at the field', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    await page.getByText('File link', { exact: true }).click();
    const link = page.getByPlaceholder('https://files.example.com/gaid.txt');
    await link.fill('http://127.0.0.1:9/gaid.txt');
    await explain('fileLink').getByText('Check the link to count its devices').waitFor();
    await page.getByRole('button', { name: /Check link/ }).click();
    await explain('fileLink')
      .getByText('This link points to a private or local network address, which Beacon does not fetch')
      .waitFor();
    await snap(page, 'targeting-link-refused');
  });
});
