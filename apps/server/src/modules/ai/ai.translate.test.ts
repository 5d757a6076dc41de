import type { AiEmulator } from '@beacon/ai-emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiTestApp, textOf, TRANSLATE_SOURCE, type AiTestApp } from '../../test/ai';
import { backends } from '../../test/databases';

interface Translated {
  content: Array<{
    lang: string;
    title: string;
    desc: string;
    extra: string;
    button: string;
    buttonExtra: string[];
  }>;
  problems: Array<{ lang: string; field: string; index?: number; message: string }>;
}

/** Machine translation (translateToLanguage) against the OpenAI-compatible emulator. */
describe.each(backends('one'))('AI translation [$name]', (backend) => {
  let ai: AiTestApp;
  let emu: AiEmulator;
  let base: string;
  let post: AiTestApp['post'];

  beforeAll(async () => {
    ai = await startAiTestApp(backend);
    ({ emu, base, post } = ai);
  });
  afterAll(async () => ai?.close());
  beforeEach(() => emu.reset());

  const source = TRANSLATE_SOURCE;
  const translated = (lang: string, over: Record<string, unknown> = {}) => ({
    lang,
    title: `[${lang}] {name} 🚚`,
    desc: `[${lang}] shop://orders/42`,
    extra: '',
    button: `[${lang}] Track`,
    buttonExtra: [`[${lang}] Later`],
    ...over,
  });

  it('translates into fr, zh and pt_BR in one request, keeping placeholders and deep links', async () => {
    emu.script({
      content: JSON.stringify({ translations: ['fr', 'zh', 'pt_BR'].map((l) => translated(l)) }),
    });
    const res = await post<Translated>('operator', `${base}/msg/translate`, {
      langs: ['fr', 'zh', 'pt_BR'],
      content: source,
      from: 'push',
    });
    expect(res.status).toBe(200);
    expect(res.data.content.map((c) => c.lang)).toEqual(['fr', 'zh', 'pt_BR']);
    expect(res.data.content[2]).toEqual(translated('pt_BR'));
    expect(res.data.problems).toEqual([]);
    expect(emu.requests).toHaveLength(1);
    const prompt = emu.requests[0]!.body.messages.map(textOf).join('\n');
    expect(prompt).toContain('pt_BR: Portuguese (Brazil)');
    expect(prompt).toContain('zh: Chinese');
    expect(prompt).toContain('{name}');
    const format = JSON.parse(JSON.stringify(emu.requests[0]!.body.response_format));
    expect(format.json_schema.schema.properties.translations.items.properties.lang.enum).toEqual([
      'fr',
      'zh',
      'pt_BR',
    ]);
  });

  it('asks again when a translation drops a placeholder, and fails with 25201 naming the language the second time', async () => {
    const lost = JSON.stringify({
      translations: [translated('fr', { title: 'Bonjour, commande expédiée' })],
    });
    emu.script({ content: lost }, { content: JSON.stringify({ translations: [translated('fr')] }) });
    const ok = await post<Translated>('owner', `${base}/msg/translate`, {
      langs: ['fr'],
      content: source,
      from: 'material',
    });
    expect(ok.status).toBe(200);
    expect(ok.data.content[0]?.title).toBe('[fr] {name} 🚚');
    expect(emu.requests).toHaveLength(2);
    expect(textOf(emu.requests[1]!.body.messages.at(-1))).toContain('fr: title must keep "{name}"');

    emu.reset();
    emu.script({ content: lost }, { content: lost });
    const failed = await post('owner', `${base}/msg/translate`, {
      langs: ['fr'],
      content: source,
      from: 'material',
    });
    expect(failed.status).toBe(25201);
    expect(failed.msg).toMatch(/^Translation failed: .*fr: title must keep "\{name\}"/);
  });

  it('returns an over-long translated field as is with a problem on that field', async () => {
    const long = `{name} ${'très long '.repeat(20)}🚚`;
    emu.script({
      content: JSON.stringify({
        translations: [translated('fr', { title: long, buttonExtra: ['Plus tard, peut-être demain'] })],
      }),
    });
    const res = await post<Translated>('owner', `${base}/msg/translate`, {
      langs: ['fr'],
      content: source,
      from: 'push',
    });
    expect(res.status).toBe(200);
    expect(res.data.content[0]?.title).toBe(long.trim());
    expect(res.data.problems).toEqual([
      { lang: 'fr', field: 'title', message: 'must be at most 150 characters' },
      { lang: 'fr', field: 'buttonExtra', index: 0, message: 'must be at most 20 characters' },
    ]);
  });

  it('fails a translation with 25201 and the provider’s reason', async () => {
    emu.script({ status: 500, errorMessage: 'boom' }, { status: 500, errorMessage: 'boom' });
    const res = await post('owner', `${base}/msg/translate`, {
      langs: ['fr'],
      content: source,
      from: 'push',
    });
    expect(res.status).toBe(25201);
    expect(res.msg).toContain('HTTP 500');
  });
});
