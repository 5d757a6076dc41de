import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@beacon/server/src/test/until';
import { WebhookReceiver } from '@beacon/server/src/test/webhook-receiver';
import {
  appOnEmulator,
  fieldError,
  launchBrowser,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * The app's event streams card in the browser (issue 34 §3): the owner meets the URL field's error, sets a local HTTPS
 * receiver and the event types, sees the signing secret once (not after a reload), watches the backlog and the failed
 * posts while the receiver is down, presses Retry now once it is back (everything arrives, signed with that secret),
 * replays the last hour (the same events again), and reads the card in Chinese.
 */

const OWNER = { email: 'sofia@shop.example', password: 'Sofia#2024x' };
const EVENTS = 30;

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
const receiver = new WebhookReceiver();

let dir = '';
beforeAll(async () => {
  await receiver.start();
  dir = mkdtempSync(path.join(tmpdir(), 'beacon-streams-e2e-'));
  writeFileSync(path.join(dir, 'ca.pem'), receiver.tls.caPem);
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon(
    {
      FCM_BASE_URL: emu.h2cUrl,
      BEACON_STREAMS_CA_FILE: path.join(dir, 'ca.pem'),
      BEACON_STREAMS_POLL_MS: '100',
      BEACON_STREAMS_BACKOFF_BASE_MS: '50',
      BEACON_STREAMS_BACKOFF_MAX_SECONDS: '1',
      BEACON_EXPORT_DIR: path.join(dir, 'exports'),
    },
    { runWorkers: true },
  );
  await beacon.startWorkers();
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  ({ appId } = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Streaming Shop',
    pkg: 'com.example.streaming',
    projectId: 'streams-e2e-project',
  }));
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
  await receiver.down();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const card = () => page.getByTestId('event-streams-card');
const backlog = () => card().getByTestId('event-streams-backlog');

async function openCard(): Promise<void> {
  await page.goto(`${beacon.url}/app/${appId}/config/project`);
  await card().waitFor();
  await card().scrollIntoViewIfNeeded();
}

/** The stored row of the app's streams. */
const stored = async () =>
  (
    await beacon.database.query<{ enabled: boolean; url: string; types: number; delivered: number }>(
      'SELECT enabled, url, types, delivered::int AS delivered FROM app_event_streams WHERE app_id = $1',
      [appId],
    )
  )[0];

describe('event streams card', () => {
  it('refuses a webhook URL that is not https at the field, saving nothing', async () => {
    await openCard();
    await card().getByLabel('Enabled').click();
    await page.fill('#url', 'http://example.com/hook');
    await card().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => fieldError(page, 'url').innerText())
      .toBe('must be an https:// address (http:// only to 127.0.0.1 or localhost)');
    expect(await stored()).toBeUndefined();
    await snap(page, 'event-streams-bad-url');
  });

  it('saves the receiver and the types, and shows the secret once', async () => {
    await page.fill('#url', receiver.url);
    await page.press('#url', 'Tab');
    await expect.poll(() => fieldError(page, 'url').count()).toBe(0);
    await card().getByRole('checkbox', { name: 'Uninstalled' }).uncheck();
    await card().getByRole('button', { name: 'Save' }).click();
    const secret = card().getByTestId('event-streams-secret');
    await secret.waitFor();
    receiver.secret = (await secret.innerText()).trim();
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await stored()).toMatchObject({ enabled: true, url: receiver.url, types: 63 });
    await snap(page, 'event-streams-secret');
    // never shown again
    await openCard();
    await card().getByText('No failures').waitFor();
    expect(await card().getByTestId('event-streams-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(receiver.secret);
  });

  it('shows the backlog and the failures while the receiver is down, and delivers on Retry now', async () => {
    await receiver.down();
    await beacon.database.query(
      `INSERT INTO stream_events (app_id, type, message_id, device_ids)
       SELECT $1, 1 + g % 5, 77, ARRAY[g::bigint] FROM generate_series(1, $2) g`,
      [appId, EVENTS],
    );
    await until(
      'failed posts',
      async () =>
        (await beacon.database.query('SELECT 1 FROM stream_failures WHERE app_id = $1', [appId])).length,
      (n) => n >= 2,
    );
    // a receiver down a while: its next attempt an hour away (twice, after any attempt in flight recorded its failure)
    for (let i = 0; i < 2; i++) {
      await beacon.database.query(
        `UPDATE app_event_streams SET next_attempt_at = now() + interval '1 hour' WHERE app_id = $1`,
        [appId],
      );
      await new Promise((r) => setTimeout(r, 500));
    }
    await openCard();
    await expect.poll(() => backlog().innerText()).toBe(String(EVENTS));
    const failures = card().locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => failures.count()).toBeGreaterThanOrEqual(2);
    expect(await failures.first().innerText()).toMatch(/ECONNREFUSED/);
    expect(await failures.first().innerText()).toContain(String(EVENTS));
    await snap(page, 'event-streams-down');

    await receiver.up();
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.events.size).toBe(0);
    await card().getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => backlog().innerText(), { timeout: 15_000 }).toBe('0');
    expect(receiver.events.size).toBe(EVENTS);
    expect(receiver.badSignatures).toBe(0);
    expect((await stored())?.delivered).toBe(EVENTS);
  });

  it('replays the last hour: the same events again, with their ids', async () => {
    await card().getByRole('button', { name: 'Replay' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('.ant-modal-confirm-title', { hasText: 'Post again every event of the last hour?' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Replay' }).click();
    await page.getByText(`${EVENTS} events queued again`).waitFor();
    await until(
      'replayed',
      async () => receiver.duplicates,
      (n) => n === EVENTS,
      15_000,
    );
    expect(receiver.events.size).toBe(EVENTS);
    expect(receiver.mismatched).toBe(0);
  });

  it('reads in Chinese', async () => {
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: '中文' }).click();
    await card().getByText('事件流', { exact: true }).waitFor();
    for (const text of ['Webhook 地址', '事件类型', '积压', '最近失败', '已送达'])
      await card().getByText(text, { exact: true }).first().waitFor();
    // (Ant spaces a button's two Chinese characters apart)
    for (const name of ['立即重试', /^重\s*放$/, '轮换密钥'])
      await card().getByRole('button', { name }).waitFor();
    // the field's error in Chinese, not the server's English rule text. Filled and saved again while no error shows:
    // on a loaded machine the card's reload after the switch of language answered after the fill and put the saved
    // address back, so the save went through and no error ever came (a 30 s timeout in a full local run)
    const error = fieldError(page, 'url');
    await expect
      .poll(
        async () => {
          if ((await error.count()) > 0) return error.first().innerText();
          await page.fill('#url', 'ftp://example.com');
          await card()
            .getByRole('button', { name: /保\s*存/ })
            .click();
          return '';
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toMatch(/^(?!must be)\S/);
    await snap(page, 'event-streams-zh');
  });
});
