import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '@beacon/server/src/app';
import { loadConfig } from '@beacon/server/src/config';
import type { openDatabase } from '@beacon/server/src/db/client';
import { openPglite } from '@beacon/server/src/test/pglite-template';
import { createMailer } from '@beacon/server/src/mail/mailer';
import { SmtpCatcher } from '@beacon/server/src/test/smtp-catcher';
import type { UsersService } from '@beacon/server/src/modules/users/users.service';
import { gaid, sdkAuthOf, sdkDevice } from '@beacon/server/src/test/devices';
import { demoSmallIcon } from '@beacon/server/src/sandbox/demo-icon';
import type { FcmEmulator } from '@beacon/fcm-emulator';
import { IMAGE_RULES } from '@beacon/shared';
import { watchBrowser, watchPage, watchServer } from './on-failure';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BEACON_CONSOLE_DIST lets parallel work build the console into its own folder
const consoleDist = process.env.BEACON_CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist');
export const screenshotsDir = path.join(repoRoot, 'e2e/screenshots');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath}: npm test installs it (apt-get install chromium)`,
    );
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  // Every page reads as someone who asked for reduced motion (unless its context says otherwise): the console turns
  // antd's motion off for them (app/provider.tsx), so a dialog stands where it will stay the moment it shows. With the
  // zoom on, a click in its first frames on a busy machine could press where the button was and release where it had
  // moved: no click, no save, and a journey waiting 30 s for a request never sent (review.e2e in CI, twice; the
  // dialog open and its button idle at the failure).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  watchBrowser(browser);
  return browser;
}

export interface RunningBeacon {
  url: string;
  smtp: SmtpCatcher;
  users: UsersService;
  /** The core services and the database, for tests that set up data the console cannot (yet) create. */
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  database: Awaited<ReturnType<typeof openDatabase>>;
  /**
   * Starts the delivery workers now (with `runWorkers`), as `beacon serve` does at start, rather than at the first
   * send: for the modules' jobs that must run before anything is sent (the event streams' delivery loop).
   */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real Beacon server (built console, API, PGlite in memory) on 127.0.0.1, mailing to a local SMTP catcher. With
 * `runWorkers`, the delivery workers run too (pass `FCM_BASE_URL` in `env` to send to an FCM emulator).
 */
export async function startBeacon(
  env: Record<string, string> = {},
  opts: { runWorkers?: boolean } = {},
): Promise<RunningBeacon> {
  if (!existsSync(path.join(consoleDist, 'index.html')))
    throw new Error('the console is not built: run npm run build -w @beacon/console');
  const smtp = new SmtpCatcher();
  const smtpUrl = await smtp.start();
  const database = await openPglite(inject('pgliteTemplate'));
  // the public URL is only known after listening; mailed links are rewritten to the real port by the tests
  const config = loadConfig({
    BEACON_SECRET_KEY: 'cd'.repeat(32),
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    ...env,
  });
  const { app, services, delivery } = await buildApp({
    config,
    database,
    consoleRoot: consoleDist,
    logger: false,
    mailer: createMailer(smtpUrl, config.mailFrom, { info: () => undefined }),
    runWorkers: opts.runWorkers ?? false,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const unwatch = watchServer(address, app.server);
  return {
    url: address,
    smtp,
    users: services.users,
    services,
    database,
    startWorkers: async () => void (await delivery.engine()),
    close: async () => {
      unwatch();
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}

/**
 * Saves a screenshot under e2e/screenshots (kept out of git) for a person to look at, once no finite animation runs
 * (a dropdown opening, a dialog zooming in); with BEACON_SCREENSHOTS=0 (npm test: nobody looks at them there, and
 * they cost CPU the run needs) it only waits for that, so the steps after it meet the same settled page either way.
 */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  if (process.env.BEACON_SCREENSHOTS === '0') return;
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/**
 * Picks an option of an Ant select by typing `typed` into `combobox` and clicking `option`, until `chosen` (what the
 * choice shows, e.g. its tag) is there: Ant's option list re-renders while it filters, and a click in that moment
 * misses (seen in busy runs). For a multiple select, `option` must exclude options already selected
 * (`:not(.ant-select-item-option-selected)`), so that a repeat never takes the choice back.
 */
export async function chooseOption(
  combobox: Locator,
  typed: string,
  option: Locator,
  chosen: Locator,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await combobox.click();
    await combobox.fill(typed);
    await option.click();
    try {
      await chosen.waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Opens the antd Select `select` and picks the option titled `option` in the list it opened; waits until chosen. */
export async function chooseTitled(page: Page, select: Locator, option: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .last()
      .locator(`.ant-select-item-option[title="${option}"]`)
      .click();
    try {
      await select.filter({ hasText: option }).waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Closes an open drawer with its × and waits for it to go (the journey canvas's step and branch drawers). */
export async function closeDrawer(d: Locator): Promise<void> {
  await d.getByRole('button', { name: 'Close', exact: true }).click();
  await d.waitFor({ state: 'detached' });
}

/** The validation message under the form field that holds `#id` (not Ant's leaving animation copy). */
export const fieldError = (page: Page, id: string) =>
  page
    .locator('.ant-form-item', { has: page.locator(`#${id}`) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

/** A mailed link moved onto the running server's origin. */
export function onServer(link: string, serverUrl: string): string {
  const u = new URL(link);
  const s = new URL(serverUrl);
  u.protocol = s.protocol;
  u.host = s.host;
  return u.href;
}

/** A fresh page (1440×900, UTC clock, unless `context` says otherwise) signed in as `who`, on the dashboard. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  who: { email: string; password: string },
  context: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC', ...context })
  ).newPage();
  watchPage(page);
  await page.goto(`${baseUrl}/login`);
  await page.fill('#email', who.email);
  await page.fill('#password', who.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard**');
  return page;
}

/**
 * An app of an existing user that sends through the emulator's project `projectId` (a new service account of it),
 * with the demo's bell as its default small icon when `smallIcon`. Returns the app id, the SDK's Basic header and
 * the credentials in it (a fleet of the emulator signs its own calls with them).
 */
export async function appOnEmulator(
  beacon: RunningBeacon,
  emu: FcmEmulator,
  ownerEmail: string,
  o: { title: string; pkg: string; projectId: string; smallIcon?: boolean },
): Promise<{ appId: number; sdkAuth: string; appKey: string; appSecret: string }> {
  const [owner] = await beacon.database.query<{ id: number }>(
    'SELECT id::int AS id FROM users WHERE email = $1',
    [ownerEmail],
  );
  if (!owner) throw new Error(`no user ${ownerEmail}`);
  // token_uri on the emulator's h2c origin, the FCM_BASE_URL these journeys use (the only other origin a key may name)
  const sa = emu.createServiceAccount(o.projectId, { tokenUri: emu.tokenUri('h2c') });
  const { app, appSecret } = await beacon.services.apps.create({
    title: o.title,
    pkg: o.pkg,
    owner: { userId: owner.id, email: ownerEmail },
    serviceAccount: {
      json: JSON.stringify(sa),
      projectId: sa.project_id,
      clientEmail: sa.client_email,
      fileName: 'sa.json',
    },
  });
  if (o.smallIcon) {
    const icon = await beacon.services.files.storeImage(
      demoSmallIcon(),
      IMAGE_RULES.smallIcon,
      'icon',
      'bell.png',
      owner.id,
    );
    await beacon.database.query('UPDATE apps SET noti_small_icon = $2 WHERE id = $1', [app.id, icon.url]);
  }
  return { appId: app.id, sdkAuth: sdkAuthOf(app, appSecret), appKey: app.appKey, appSecret };
}

export { gaid, sdkAuthOf };

/** Creates the super admin root@example.com (100) and, through it, the plain user `user`; returns the user's id. */
export async function seedUser(
  beacon: RunningBeacon,
  user: { email: string; password: string },
): Promise<number> {
  await beacon.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
  const [root] = await beacon.database.query<{ id: number }>(
    `SELECT id FROM users WHERE email = 'root@example.com'`,
  );
  const actor = (await beacon.users.resolveSession(
    await beacon.users.openSession(root!.id, { ip: '', userAgent: '' }),
  ))!.user;
  return beacon.users.save(
    { email: user.email, source: 2, ulevel: 0, description: '', password: user.password },
    actor,
  );
}

/**
 * Registers device `i` (advertising id gaid(i), token `tok-i`) through the SDK API: sdkDevice's TECNO SPARK 10 in
 * Lagos with notifications on, here on app version 3.2.0, unless `fields` say otherwise.
 */
export async function registerSdkDevice(
  beacon: Pick<RunningBeacon, 'url'>,
  sdkAuth: string,
  i: number,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const res = await fetch(`${beacon.url}/sdk/v1/register`, {
    method: 'POST',
    headers: { authorization: sdkAuth, 'content-type': 'application/json' },
    body: JSON.stringify(sdkDevice(i, { appVersion: '3.2.0', appVersionCode: 320, ...fields })),
  });
  const answer = (await res.json()) as { status: number; msg?: string };
  if (answer.status !== 200) throw new Error(`register device ${i}: ${answer.status} ${answer.msg ?? ''}`);
}

/** registerSdkDevice with a new token of the emulator's project; returns the token. */
export async function registerDevice(
  beacon: RunningBeacon,
  emu: FcmEmulator,
  app: { sdkAuth: string; projectId: string; pkg: string },
  i: number,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const token = emu.registerDevice({ projectId: app.projectId, packageName: app.pkg });
  await registerSdkDevice(beacon, app.sdkAuth, i, { token, ...fields });
  return token;
}
