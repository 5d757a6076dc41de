import {
  startAiEmulator,
  type AiEmulator,
  type RecordedRequest,
  type ScriptedReply,
} from '@beacon/ai-emulator';
import { Fleet, startEmulator, type FcmEmulator, type FleetDevice } from '@beacon/fcm-emulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@beacon/server/src/test/until';
import {
  appOnEmulator,
  chooseOption,
  launchBrowser,
  seedUser,
  signedInPage,
  snap,
  startBeacon,
  type RunningBeacon,
} from './harness';

/**
 * The AI assistant in the browser (issue 16: "open the assistant in compose, get suggestions streamed, use one,
 * translate it to fr and zh, send it to the demo fleet; the tracking records show ai, ai_use and ai_submit"). Beacon
 * talks to @beacon/ai-emulator (an OpenAI-compatible server) whose answers the test scripts: a streamed JSON answer
 * of suggestions for the assistant, real translations for the multi-language editor. A simulated fleet receives the
 * message from @beacon/fcm-emulator.
 */

const PROJECT = 'ai-e2e-project';
const PKG = 'com.example.aishop';
const OWNER = { email: 'iris@shop.example', password: 'Iris#2024xy' };
const ROOT = { email: 'root@example.com', password: 'Root#2024x' };
const FLEET = 40;
const NAME = 'Weekend sale (AI)';

const SUGGESTIONS = [
  { title: 'Weekend sale: 30% off everything', content: 'Only until Sunday night. Tap to shop.', button: '' },
  { title: 'Your weekend treat is here', content: 'Save 30% on every item this weekend.', button: '' },
];
const TRANSLATIONS: Record<string, { title: string; desc: string }> = {
  fr: {
    title: 'Soldes du week-end : -30 % sur tout',
    desc: 'Jusqu’à dimanche soir seulement. Touchez pour acheter.',
  },
  zh: { title: '周末大促：全场七折', desc: '仅限周日晚前。点按即可选购。' },
};

let beacon: RunningBeacon;
let emu: FcmEmulator;
let ai: AiEmulator;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let devices: readonly FleetDevice[];
let appId = 0;

/** The schema the server asked the model to answer with (assistant_answer or translations). */
const schemaOf = (req: RecordedRequest) =>
  (req.body.response_format as { json_schema?: { name?: string; schema?: unknown } } | undefined)
    ?.json_schema;

let lookedAtStream = (): void => {};
const streamLooked = new Promise<void>((resolve) => (lookedAtStream = resolve));

/** The model: suggestions for the assistant, the translations of the title and text for each language asked. */
function answer(req: RecordedRequest): string | ScriptedReply {
  const schema = schemaOf(req);
  if (schema?.name === 'translations') {
    const langs = (
      schema.schema as {
        properties: { translations: { items: { properties: { lang: { enum: string[] } } } } };
      }
    ).properties.translations.items.properties.lang.enum;
    const translations = langs.map((lang) => {
      const t = TRANSLATIONS[lang.split('_')[0] ?? ''] ?? {
        title: `[${lang}] title`,
        desc: `[${lang}] text`,
      };
      return { lang, title: t.title, desc: t.desc, extra: '', button: '', buttonExtra: [] };
    });
    return JSON.stringify({ translations });
  }
  // the stream stops after the first suggestion's title until the test has looked at the half-streamed answer
  return {
    content: JSON.stringify({ kind: 'suggestions', answer: '', suggestions: SUGGESTIONS }),
    holdAt: { text: `"title":"${SUGGESTIONS[0]!.title}"`, until: streamLooked },
  };
}

beforeAll(async () => {
  emu = await startEmulator({ tlsPort: null });
  // the answer arrives a word every 40 ms: the browser sees it streamed
  ai = await startAiEmulator({ apiKey: 'sk-e2e', tokenDelayMs: 40 });
  ai.respondWith(answer);
  beacon = await startBeacon(
    { FCM_BASE_URL: emu.h2cUrl, AI_BASE_URL: `${ai.url}/v1`, AI_API_KEY: 'sk-e2e', AI_MODEL: 'e2e-model' },
    { runWorkers: true },
  );
  browser = await launchBrowser();
  await seedUser(beacon, OWNER);
  const app = await appOnEmulator(beacon, emu, OWNER.email, {
    title: 'AI Shop',
    pkg: PKG,
    projectId: PROJECT,
    smallIcon: true,
  });
  appId = app.appId;
  await beacon.database.query('UPDATE apps SET multi_lang_enable = true WHERE id = $1', [appId]);
  fleet = new Fleet({
    emulator: emu,
    projectId: PROJECT,
    packageName: PKG,
    apiBaseUrl: beacon.url,
    appKey: app.appKey,
    appSecret: app.appSecret,
    count: FLEET,
    seed: 1616,
    offlinePct: 0,
    behaviour: { delayScale: 0.02, pShown: 0.9, pClicked: 0.3, pDismissed: 0.3 },
  });
  devices = fleet.devices();
  expect(await fleet.start()).toEqual({ registered: FLEET, failed: 0 });
  page = await signedInPage(browser, beacon.url, OWNER);
}, 120_000);

afterAll(async () => {
  lookedAtStream();
  await fleet?.stop();
  await browser?.close();
  await beacon?.close();
  await ai?.close();
  await emu?.close();
});

/** Adds a language to the multi-language editor by its name. */
async function chooseLanguage(name: string, code: string): Promise<void> {
  // checked by the language's tab
  await chooseOption(
    page.getByRole('combobox', { name: 'Languages' }),
    name,
    page
      .locator('.ant-select-item-option:not(.ant-select-item-option-selected)', { hasText: `(${code})` })
      .first(),
    page.getByRole('tab', { name: `(${code})` }),
  );
}

describe('the AI assistant in the browser', () => {
  let msgId = 0;

  it('streams suggestions in compose, uses one, translates it to fr and zh and sends it to the fleet', async () => {
    await page.goto(`${beacon.url}/app/${appId}/message/editpush?lang=en`);
    await page.getByRole('heading', { name: 'New notification' }).waitFor();
    await page.fill('#description', NAME);

    await page.locator('#compose-content').getByRole('button', { name: 'AI assistant' }).click();
    const assistant = page.getByTestId('ai-assistant');
    const input = assistant.getByRole('textbox', { name: 'Message to the assistant' });
    await expect.poll(() => input.isEnabled(), { timeout: 10_000 }).toBe(true);
    await input.fill('A weekend sale, 30% off everything, friendly tone');
    await input.press('Enter');
    // the answer arrives token by token: the first suggestion's title shows before the answer is complete
    const streaming = assistant.getByTestId('ai-streaming');
    await streaming.getByText(/^Weekend sale/).waitFor();
    expect(await input.isDisabled()).toBe(true);
    await snap(page, 'ai-assistant-streaming');
    lookedAtStream();
    await assistant.getByRole('button', { name: 'Use suggestion 2' }).waitFor({ timeout: 30_000 });
    expect(await assistant.getByTestId('ai-suggestion').count()).toBe(2);
    await expect.poll(() => input.isEnabled()).toBe(true);
    await snap(page, 'ai-assistant-suggestions');
    await assistant.getByRole('button', { name: 'Use suggestion 1' }).click();
    await assistant.waitFor({ state: 'detached' });
    expect(await page.inputValue('#title')).toBe(SUGGESTIONS[0]!.title);
    expect(await page.inputValue('#desc')).toBe(SUGGESTIONS[0]!.content);
    const chat = ai.requests.find((r) => schemaOf(r)?.name === 'assistant_answer');
    expect(chat?.body.stream).toBe(true);
    expect(chat?.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'A weekend sale, 30% off everything, friendly tone',
    });

    // the multi-language editor translates the suggestion into French and Chinese
    await page.locator('#multiLang').click();
    await chooseLanguage('French', 'fr');
    await chooseLanguage('Chinese', 'zh');
    await page.keyboard.press('Escape');
    const chosen = (await page.getByRole('tab').allInnerTexts()).map((t) => /\(([a-zA-Z_]+)\)/.exec(t)?.[1]);
    expect(chosen).toContain('fr');
    expect(chosen).toContain('zh');
    await page.getByRole('button', { name: 'Translate all' }).click();
    await expect
      .poll(() => page.inputValue('#langContent_fr_title'), { timeout: 30_000 })
      .toBe(TRANSLATIONS.fr!.title);
    expect(await page.inputValue('#langContent_fr_desc')).toBe(TRANSLATIONS.fr!.desc);
    expect(await page.inputValue('#langContent_zh_title')).toBe(TRANSLATIONS.zh!.title);
    expect(await page.inputValue('#langContent_zh_desc')).toBe(TRANSLATIONS.zh!.desc);
    await page.getByRole('tab', { name: /\(zh\)/ }).click();
    await snap(page, 'ai-assistant-translated');

    // sent to the fleet
    await page.fill('#openContent', 'shop://weekend-sale');
    await expect.poll(() => page.inputValue('#pushCount')).not.toBe('');
    await page.getByRole('button', { name: 'Review and send' }).click();
    const dialog = page.getByRole('dialog');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/app/${appId}/msg/save`));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const body = (await (await saved).json()) as { status: number; data: { id: number } };
    expect(body.status).toBe(200);
    msgId = body.data.id;
    await page.waitForURL(`**/app/${appId}/data/push`);

    const [row] = await beacon.database.query<{ content_create_type: number; title: string }>(
      'SELECT content_create_type, title FROM messages WHERE app_id = $1 AND id = $2',
      [appId, msgId],
    );
    expect(row).toEqual({ content_create_type: 1, title: NAME });

    // every installed device with notifications on gets it, in its language when the message has it
    const eligible = devices.filter((d) => !d.uninstalled && d.notificationsEnabled);
    const delivered = (d: FleetDevice) =>
      emu.inbox(d.token).find((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(msgId));
    await until(
      'the fleet to receive the message',
      async () => eligible.filter((d) => delivered(d)).length,
      (n) => n === eligible.length,
      30_000,
    );
    for (const d of eligible) {
      const data = delivered(d)!.message.data as Record<string, string>;
      const lang = d.attributes.language.split(/[-_]/)[0] ?? '';
      expect(data.noti_title).toBe(TRANSLATIONS[lang]?.title ?? SUGGESTIONS[0]!.title);
    }
  }, 180_000);

  it('shows ai, ai_use and ai_submit in the admin tracking tab', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const admin = await signedInPage(browser, beacon.url, ROOT);
    await admin.goto(`${beacon.url}/statistics?item=tracking&start=${today}&end=${today}&lang=en`);
    const table = admin.getByTestId('admin-tracking-table');
    const rows = table.locator('tbody tr.ant-table-row');
    // the two accounts of the test, then the assistant opened (ai), a suggestion used, the message sent
    await expect.poll(async () => rows.count()).toBe(5);
    for (const label of ['AI assistant opened', 'AI suggestion used', 'AI content sent']) {
      const row = rows.filter({ hasText: label });
      expect(await row.count()).toBe(1);
      const text = await row.innerText();
      expect(text).toContain('Push composer');
      expect(text).toContain(OWNER.email);
      expect(text).toContain(`(${appId})`);
    }
    expect(await admin.getByTestId('admin-tracking-counts').innerText()).toMatch(/AI content sent\s+1/);
    await snap(admin, 'ai-assistant-tracking');

    const records = await beacon.database.query<{ action: string; source: string }>(
      `SELECT action, source FROM tracking_events WHERE ev = 'action' ORDER BY id`,
    );
    expect(records).toEqual([
      { action: 'ai', source: 'push' },
      { action: 'ai_use', source: 'push' },
      { action: 'ai_submit', source: 'push' },
    ]);
  }, 60_000);
});
