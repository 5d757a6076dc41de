import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  launchBrowser,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * The app's missed-push recovery in the browser (issue 32 §1): the owner turns it on, meets the shared rule's error on
 * a bound out of range (nothing saved), saves bounds that outlive a reload; the card and its errors in French.
 */

const OWNER = { email: 'rita@shop.example', password: 'Rita#2024x' };

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Recovering Shop',
    pkg: 'com.example.recovery',
    projectId: 'recovery-e2e-project',
  });
  appId = app.appId;
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

async function stored(): Promise<unknown> {
  const [row] = await beacon.database.query<{ push_recovery: unknown }>(
    'SELECT push_recovery FROM apps WHERE id = $1',
    [appId],
  );
  return row?.push_recovery;
}

const card = () => page.getByTestId('push-recovery-card');

describe('missed-push recovery in the browser', () => {
  it('turns recovery on with its bounds, refusing one out of range', async () => {
    await page.goto(`${beacon.url}/app/${appId}/config/project`);
    await card().getByText('Missed-push recovery', { exact: true }).waitFor();
    expect(await card().getByLabel('At most per app open').inputValue()).toBe('3');
    await card().getByRole('switch', { name: 'Recover missed notifications' }).click();
    await card().getByLabel('At most per app open').fill('11');
    await card()
      .getByRole('alert')
      .getByText('At most per app open must be a whole number from 1 to 10')
      .waitFor();
    await card().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Correct the highlighted fields first').waitFor();
    expect(await stored()).toEqual({ enabled: false, maxAgeHours: 12, maxCount: 3 });
    await card().getByLabel('At most per app open').fill('5');
    await card().getByLabel('At most hours old').fill('6');
    const saved = page.waitForResponse((r) => r.url().endsWith('/push-recovery/save'));
    await card().getByRole('button', { name: 'Save' }).click();
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);
    await page.getByText('Missed-push recovery saved').waitFor();
    expect(await stored()).toEqual({ enabled: true, maxAgeHours: 6, maxCount: 5 });
    await snap(page, 'push-recovery-saved');
    await page.reload();
    await card().getByText('Missed-push recovery', { exact: true }).waitFor();
    expect(await card().getByLabel('At most hours old').inputValue()).toBe('6');
    expect(await card().getByRole('switch').getAttribute('aria-checked')).toBe('true');
  }, 120_000);

  it('shows the card and its field errors in French', async () => {
    await page.getByTestId('lang-picker').click();
    await page.locator('.ant-select-item-option', { hasText: 'Français' }).click();
    await card().getByText('Récupération des notifications manquées', { exact: true }).waitFor();
    await card().getByLabel('Âge maximal (heures)').fill('13');
    await card()
      .getByRole('alert')
      .getByText('Âge maximal (heures) doit être un nombre entier de 1 à 12')
      .waitFor();
    await snap(page, 'push-recovery-fr');
    expect(await stored()).toEqual({ enabled: true, maxAgeHours: 6, maxCount: 5 });
  });
});
