import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appInfo,
  DICTS,
  errorOf,
  field,
  json,
  ok,
  restoreAfterEach,
  slow,
  stubApi,
} from '../../../test/screen-api';
import { renderAt } from '../../../test-utils';
import { ComposeScreen } from './compose-screen';

const LANGUAGES = [
  { code: 'fr', name: { en: 'French', zh: '法语', fr: 'français' } },
  { code: 'de', name: { en: 'German', zh: '德语', fr: 'allemand' } },
];

let configured = true;
let languages = LANGUAGES;
let answer: () => Response;
let asked: Array<Record<string, unknown>> = [];
let statusAnswered = false;

const translated = (lang: string, title: string, desc: string) => ({
  lang,
  title,
  desc,
  extra: '',
  button: '',
  buttonExtra: [],
});
/** The translation of French the server answers unless a test says otherwise. */
const ANSWER = { content: [translated('fr', 'Moitié prix', 'Jusqu’à minuit')], problems: [] };

beforeEach(() => {
  configured = true;
  languages = LANGUAGES;
  asked = [];
  statusAnswered = false;
  answer = () => ok(ANSWER);
  stubApi((url, init) => {
    if (url.endsWith('/app/1/info')) return ok(appInfo({ multiLangEnable: true }));
    if (url.endsWith('/app/1/icon')) return ok({ icon: '/files/icon.png', color: '' });
    if (url.includes('/dict/1/all')) return ok({ ...DICTS, languages });
    if (url.endsWith('/msg/target/max')) return ok({ newCount: 1234, exact: true });
    if (url.endsWith('/ai/status')) {
      statusAnswered = true;
      return ok({ configured, model: configured ? 'gpt-test' : '' });
    }
    if (url.endsWith('/app/1/msg/translate')) {
      asked.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return answer();
    }
    return undefined;
  });
});
restoreAfterEach();

/** Opens a new notification, fills its main content (unless empty) and chooses French and German. */
async function openWithLanguages(
  content: { title: string; desc: string } = { title: 'Half price', desc: 'Until midnight' },
) {
  renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
  await screen.findByText('New notification', {}, slow);
  fireEvent.change(field('title'), { target: { value: content.title } });
  fireEvent.change(field('desc'), { target: { value: content.desc } });
  fireEvent.click(await screen.findByRole('switch', { name: 'Multi-language content' }, slow));
  fireEvent.click(await screen.findByRole('button', { name: 'All languages' }, slow));
  await screen.findByRole('tab', { name: 'German (de)' }, slow);
}

const translateAll = () => screen.getByRole('button', { name: /Translate all/ });
const translateFrench = () => screen.getByRole('button', { name: /Translate French \(fr\)/ });

describe('multi-language machine translation', () => {
  it('translates one language from the main content and asks to check the translations', async () => {
    await openWithLanguages();
    await waitFor(() => expect(translateFrench()).toHaveProperty('disabled', false), slow);
    // the answer's body arrives when the test releases it: the button loads meanwhile
    let release = () => {};
    answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            release = () => {
              const body = { status: 200, msg: 'success', data: ANSWER };
              controller.enqueue(new TextEncoder().encode(JSON.stringify(body)));
              controller.close();
            };
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    translateFrench().focus(); // keyboard reachable
    expect(document.activeElement).toBe(translateFrench());
    fireEvent.click(translateFrench());
    await waitFor(() => expect(translateFrench().className).toContain('ant-btn-loading'), slow);
    expect(translateAll()).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(field('langContent_fr_title').value).toBe('Moitié prix'), slow);
    expect(translateFrench().className).not.toContain('ant-btn-loading');
    expect(field('langContent_fr_desc').value).toBe('Jusqu’à minuit');
    expect(field('langContent_de_title').value).toBe('');
    expect(asked).toEqual([
      {
        langs: ['fr'],
        content: { title: 'Half price', desc: 'Until midnight', extra: '', button: '', buttonExtra: [] },
        from: 'push',
      },
    ]);
    expect(await screen.findByText('Translated: check the translations before sending.')).toBeTruthy();
  }, 60_000);

  it('translates every chosen language, keeps over-long text and shows the problems at their fields', async () => {
    const long = 'T'.repeat(160);
    answer = () =>
      ok({
        content: [
          translated('fr', long, 'Jusqu’à minuit'),
          translated('de', 'Halber Preis', 'Bis Mitternacht'),
        ],
        problems: [
          { lang: 'fr', field: 'title', message: 'too long for 150' },
          { lang: 'de', field: 'desc', message: 'check this one' },
        ],
      });
    await openWithLanguages();
    await waitFor(() => expect(translateAll()).toHaveProperty('disabled', false), slow);
    fireEvent.click(translateAll());
    await waitFor(() => expect(field('langContent_de_title').value).toBe('Halber Preis'), slow);
    expect(asked[0]).toMatchObject({ langs: ['fr', 'de'] });
    expect(field('langContent_fr_title').value).toBe(long); // not cut
    expect(field('langContent_de_desc').value).toBe('Bis Mitternacht');
    await waitFor(() => expect(errorOf('langContent_fr_title')).toBe('At most 150 characters'), slow);
    expect(errorOf('langContent_de_desc')).toBe('check this one');
  }, 60_000);

  it('disables the buttons while AI is not configured, saying why', async () => {
    configured = false;
    await openWithLanguages();
    await waitFor(() => expect(statusAnswered).toBe(true), slow);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the status answer is read
    expect(translateAll()).toHaveProperty('disabled', true);
    expect(translateFrench()).toHaveProperty('disabled', true);
    fireEvent.mouseEnter(screen.getAllByTestId('ai-not-configured')[0] as HTMLElement);
    expect(await screen.findByText('AI is not configured — set AI_BASE_URL', {}, slow)).toBeTruthy();
    fireEvent.click(translateAll());
    expect(asked).toEqual([]);
  }, 60_000);

  it('asks to fill the content first when the main content is empty', async () => {
    await openWithLanguages({ title: '', desc: '' });
    await waitFor(() => expect(translateAll()).toHaveProperty('disabled', false), slow);
    fireEvent.click(translateAll());
    expect(await screen.findByText('Fill in the content to translate first.', {}, slow)).toBeTruthy();
    expect(asked).toEqual([]);
  }, 60_000);

  it('offers no "All languages" when the dictionary holds more than a message (80), and says so', async () => {
    languages = [
      ...LANGUAGES,
      ...Array.from({ length: 79 }, (_, i) => {
        const code = `x${String(i).padStart(2, '0')}`;
        return { code, name: { en: `Lang ${code}`, zh: code, fr: code } };
      }),
    ];
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', {}, slow);
    fireEvent.click(await screen.findByRole('switch', { name: 'Multi-language content' }, slow));
    expect(await screen.findByText('A message holds at most 80 languages.', {}, slow)).toBeTruthy();
    // choosing all 81 would only fail on "Review and send" ("At most 80"): languages are picked one by one, up to 80
    expect(screen.queryByRole('button', { name: 'All languages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  }, 60_000);

  it('lists the language whose code was typed first (“fr”: French before Afrikaans)', async () => {
    languages = [
      { code: 'af', name: { en: 'Afrikaans', zh: '南非荷兰语', fr: 'afrikaans' } },
      { code: 'fy', name: { en: 'Frisian', zh: '弗里西语', fr: 'frison' } },
      ...LANGUAGES,
    ];
    renderAt('/app/1/message/editpush', <ComposeScreen appId={1} />);
    await screen.findByText('New notification', {}, slow);
    fireEvent.click(await screen.findByRole('switch', { name: 'Multi-language content' }, slow));
    const box = await screen.findByRole('combobox', { name: 'Languages' }, slow);
    fireEvent.change(box, { target: { value: 'fr' } });
    await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-select-item-option')].map((o) =>
        o.getAttribute('title'),
      );
      // the code first, then the names that begin with it, then whatever holds it elsewhere
      expect(shown).toEqual(['French (fr)', 'Frisian (fy)', 'Afrikaans (af)']);
    }, slow);
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, which: 13 });
    expect(await screen.findByRole('tab', { name: 'French (fr)' }, slow)).toBeTruthy();
  }, 60_000);

  it('shows the server’s reason when the translation fails (25201)', async () => {
    answer = () => json(200, { status: 25201, msg: 'Translation failed: the model timed out', data: null });
    await openWithLanguages();
    await waitFor(() => expect(translateFrench()).toHaveProperty('disabled', false), slow);
    fireEvent.click(translateFrench());
    expect(await screen.findByText('Translation failed: the model timed out', {}, slow)).toBeTruthy();
    expect(field('langContent_fr_title').value).toBe('');
  }, 60_000);
});
