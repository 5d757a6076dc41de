import path from 'node:path';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnEmulator,
  launchBrowser,
  registerDevice,
  screenshotsDir,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * An A/B test of three variants with the automatic winner and bandit mode, composed in the browser (issue 34 §2): the
 * third variant comes from "Add variant", the Winner section is set to automatic after 1 hour with early looks and
 * bandit rounds, the confirmation says so, and the test's detail shows three arms, the winner's status with the bandit
 * round, and a significance row per variant with its chance of being best. The database holds the first round's
 * even split: a quarter of the 3 × 1,000 buckets, 250 each, seeded by the test.
 */

const OWNER = { email: 'lena@shop.example', password: 'Lena#2024xy' };
const PROJECT = 'ab-variants-e2e-project';
const PKG = 'com.example.variants';
const DEVICES = 30;
const ARMS = {
  A: { title: 'Half price today', desc: 'Only until midnight', open: 'shop://sale' },
  B: { title: 'Free delivery today', desc: 'On every order, no minimum', open: 'shop://delivery' },
  C: { title: 'A gift with every order', desc: 'While stocks last', open: 'shop://gift' },
} as const;
type Tag = keyof typeof ARMS;
const TAGS: readonly Tag[] = ['A', 'B', 'C'];
const TITLE = 'Three offers, bandit';

let beacon: RunningBeacon;
let emu: FcmEmulator;
let browser: Browser;
let page: Page;
let appId = 0;
let testId = 0;

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  beacon = await startBeacon({ FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'Variant Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  });
  appId = app.appId;
  for (let i = 0; i < DEVICES; i++)
    await registerDevice(beacon, emu, { sdkAuth: app.sdkAuth, projectId: PROJECT, pkg: PKG }, i);
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  await emu?.close();
});

/** snap, and (when screenshots are kept) `box` alone beside it as `{name}-box.png`. */
async function snapBox(box: Locator, name: string): Promise<void> {
  await snap(page, name);
  if (process.env.BEACON_SCREENSHOTS !== '0')
    await box.screenshot({ path: path.join(screenshotsDir, `${name}-box.png`) });
}

describe('an A/B test of three variants, automatic winner, bandit mode', () => {
  it('composes three variants at 10 % each with the automatic winner and bandit rounds, and says so before saving', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editabtest?lang=en`);
    await page.getByRole('heading', { name: 'New A/B test' }).waitFor();
    await expect
      .poll(() => page.locator('#armA_groupPercent').textContent())
      .toBe(`10% of the audience, about ${DEVICES / 10} devices`);
    await page.fill('#description', TITLE);
    await page.getByTestId('ab-add-arm').click();
    await page.getByTestId('arm-tab-C').waitFor();
    for (const tag of TAGS) {
      await page.getByTestId(`arm-tab-${tag}`).click();
      await page.fill(`#arm${tag}_title`, ARMS[tag].title);
      await page.fill(`#arm${tag}_desc`, ARMS[tag].desc);
      await page.fill(`#arm${tag}_openContent`, ARMS[tag].open);
    }
    await page.fill('#abPercent', '');
    await page.fill('#abPercent', '10');
    await page
      .getByText(`Each variant gets 10% of the audience, about ${DEVICES / 10} devices (at most 33.33% with`)
      .waitFor();

    const winner = page.getByTestId('ab-winner');
    await winner.getByText('Automatic: the best variant goes to everyone else').click();
    const hours = winner.getByRole('spinbutton', { name: 'Decide after' });
    await hours.fill('1');
    await hours.press('Tab');
    const early = winner.getByRole('checkbox', {
      name: 'Decide early when one variant is significantly best',
    });
    expect(await early.isChecked()).toBe(true);
    await page.getByTestId('ab-winner-bandit').click();
    await winner.getByTestId('ab-winner-help').waitFor();
    await snapBox(winner, 'ab-variants-winner');

    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Check the test before sending').waitFor();
    for (const tag of TAGS) {
      expect(await dialog.getByTestId(`confirm-share-${tag}`).textContent()).toBe(
        `10% of the audience · about ${DEVICES / 10} devices`,
      );
      await dialog.getByTestId(`confirm-arm-${tag}`).getByText(ARMS[tag].title).waitFor();
    }
    expect(await dialog.getByTestId('confirm-winner').textContent()).toBe(
      'Winner: sent automatically once the last bandit round has sent — the variant at least 95% likely to be best, ' +
        'or the most likely at the deadline. Bandit mode: the variants go out in 4 rounds over 1 h, each shifted ' +
        'toward the one most likely best.',
    );
    await snapBox(dialog, 'ab-variants-confirm');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/app/${appId}/msg/abtest/create`));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = (await (await saved).json()) as { status: number; data: { id: number } };
    expect(answer.status).toBe(200);
    testId = answer.data.id;
    await page.waitForURL(`**/app/${appId}/data/abtest`);
  }, 60_000);

  it('stores three arms splitting the first quarter of the buckets evenly, seeded by the test', async () => {
    const arms = await beacon.database.query<{
      tag: string;
      seed: string;
      from: number;
      to: number;
      round: number;
      percent: number;
    }>(
      `SELECT group_tag AS tag, split_seed::text AS seed, split_from AS "from", split_to AS "to", ab_round AS round,
              group_percent::float AS percent
       FROM messages WHERE parent_msg_id = $1 ORDER BY group_tag`,
      [testId],
    );
    // bandit mode, round 1 of 4 (ab_round 0, the first): 3 × 1,000 buckets / 4 = 750, split evenly
    expect(arms).toEqual([
      { tag: 'A', seed: String(testId), from: 0, to: 250, round: 0, percent: 10 },
      { tag: 'B', seed: String(testId), from: 250, to: 500, round: 0, percent: 10 },
      { tag: 'C', seed: String(testId), from: 500, to: 750, round: 0, percent: 10 },
    ]);
    const [parent] = await beacon.database.query<{ winner: unknown; rounds: number }>(
      'SELECT ab_winner AS winner, ab_rounds AS rounds FROM messages WHERE id = $1',
      [testId],
    );
    expect(parent).toEqual({
      winner: { auto: true, afterHours: 1, early: true, bandit: true },
      rounds: 1,
    });
  });

  it('shows the three arms, the winner status with the bandit round and the chance of being best', async () => {
    await page.getByTestId(`ab-title-${testId}`).click();
    const body = page.getByTestId('ab-detail-body');
    for (const tag of TAGS)
      await body.getByTestId(`ab-arm-${tag}`).getByText('10% of the audience', { exact: true }).waitFor();
    expect(await body.getByTestId('ab-arm-D').count()).toBe(0);
    expect(await body.getByTestId('ab-winner-mode').textContent()).toBe(
      'Automatic: the variant at least 95% likely to be best once the last round has sent, else the most likely at the deadline',
    );
    expect(await body.getByTestId('ab-winner-rounds').textContent()).toBe('Round 1 of 4 planned');
    await body.getByTestId('ab-winner-status').getByText('Bandit mode', { exact: true }).waitFor();

    const sig = body.getByTestId('ab-significance');
    await sig.getByRole('columnheader', { name: 'Chance of being best' }).waitFor();
    for (const tag of TAGS) {
      await sig.getByTestId(`sig-arm-${tag}`).waitFor();
      expect(await sig.getByTestId(`chance-${tag}`).textContent()).toMatch(/^(\d+(\.\d+)?%|–)$/);
    }
    await expect.poll(() => sig.locator('tbody tr.ant-table-row').count()).toBe(TAGS.length);
    await snapBox(body, 'ab-variants-detail');
  }, 60_000);
});
