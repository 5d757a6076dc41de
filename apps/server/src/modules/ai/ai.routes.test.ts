import type { AiEmulator } from '@beacon/ai-emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AI_API_KEY as API_KEY,
  startAiTestApp,
  textOf,
  TRANSLATE_SOURCE as source,
  type AiTestApp,
  type Envelope,
} from '../../test/ai';
import { backends } from '../../test/databases';
import { seedDevices } from '../../test/devices';
import { NOTIFICATION } from '../../test/messaging';
import { seedTeamClients, type TeamFixture } from '../../test/fixtures/team';
import { startTestApp, type TestApp } from '../../test/test-app';
interface Item {
  showType: number;
  originContent?: string;
  msgType?: number;
  title?: string;
  content?: string;
  button?: string;
  problems?: Array<{ field: string; list: string; words: string[] }>;
}

const ask = (content: string) => ({ messages: [{ role: 'user', content }], msgType: 1, from: 'push' });
const answer = (a: { kind?: string; answer?: string; suggestions?: Array<Record<string, string>> }) =>
  JSON.stringify({ kind: 'suggestions', answer: '', suggestions: [], ...a });
const suggestion = (title: string, content = 'Fresh deals every day', button = 'Open') => ({
  title,
  content,
  button,
});

interface SseData {
  text?: string;
  list?: Item[];
  status?: number;
  msg?: string;
}

/** The events of a text/event-stream body, in order. */
function sseEvents(body: string): Array<{ event: string; data: SseData }> {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as SseData };
    });
}

describe.each(backends('one'))('AI assistant [$name]', (backend) => {
  let ai: AiTestApp;
  let emu: AiEmulator;
  let t: TestApp;
  let f: TeamFixture;
  let base: string;
  let post: AiTestApp['post'];

  beforeAll(async () => {
    ai = await startAiTestApp(backend);
    ({ emu, t, f, base, post } = ai);
    // device languages: en 5, pt_BR 4, fr 3, es_US 2, ar_MA 1, hi 1 (the top 5 stop at ar_MA)
    await seedDevices(t, f.appId, 1, 16);
    for (const [from, to, lang] of [
      [6, 9, 'pt_BR'],
      [10, 12, 'fr'],
      [13, 14, 'es_US'],
      [15, 15, 'ar_MA'],
      [16, 16, 'hi'],
    ] as const)
      await t.database.query(
        `UPDATE devices SET language = $2 WHERE app_id = $1
           AND gaid BETWEEN ('00000000-0000-4000-8000-' || lpad($3::text, 12, '0'))::uuid
                        AND ('00000000-0000-4000-8000-' || lpad($4::text, 12, '0'))::uuid`,
        [f.appId, lang, from, to],
      );
  });
  afterAll(async () => ai?.close());
  beforeEach(async () => {
    emu.reset();
    await t.database.query('DELETE FROM tracking_events');
  });

  const trackingRows = () =>
    t.database.query<{ action: string; source: string; app_id: number; title: string; email: string }>(
      "SELECT action, source, app_id, title, email FROM tracking_events WHERE ev = 'action' ORDER BY id",
    );

  it('says AI is configured, with its model, to any signed-in user', async () => {
    const res = await f.clients.stranger.call('GET', '/tcm/v1/ai/status');
    expect(res.json()).toMatchObject({ status: 200, data: { configured: true, model: 'beacon-test-model' } });
  });

  it('asks for suggestions with a prompt that knows the app, its top languages and the limits; tracks ai', async () => {
    const res = await post<{ list: Item[] }>(
      'operator',
      `${base}/assistant/chat`,
      ask('Spring sale starts tomorrow'),
    );
    expect(res.status).toBe(200);
    expect(res.data.list).toHaveLength(3);
    for (const item of res.data.list) {
      expect(item).toMatchObject({ showType: 0, msgType: 1 });
      expect(item.title).toContain('Spring sale');
      expect(item.problems).toBeUndefined();
    }
    expect(emu.requests).toHaveLength(1);
    const sent = emu.requests[0]!.body;
    expect(sent.model).toBe('beacon-test-model');
    expect(emu.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const system = textOf(sent.messages[0]);
    expect(sent.messages[0]?.role).toBe('system');
    expect(system).toContain('"Audience"');
    expect(system).toContain('com.example.audience');
    expect(system).toContain(
      'English (en), Portuguese (Brazil) (pt_BR), French (fr), Spanish (United States) (es_US), Arabic (Morocco) (ar_MA)',
    );
    expect(system).not.toContain('(hi)');
    expect(system).toMatch(/title of at most 150 .* description of at most 100 .* at most 20/);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Spring sale starts tomorrow' });
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(await trackingRows()).toEqual([
      { action: 'ai', source: 'push', app_id: f.appId, title: 'Audience', email: 'operator@example.com' },
    ]);
  });

  it('tells the cross-message limits for msgType 2', async () => {
    const res = await post('owner', `${base}/assistant/chat`, {
      ...ask('A banner for new levels'),
      msgType: 2,
      from: 'material',
    });
    expect(res.status).toBe(200);
    expect(textOf(emu.requests[0]!.body.messages[0])).toContain('cross message');
    expect((await trackingRows())[0]).toMatchObject({ action: 'ai', source: 'material' });
  });

  it('answers a question in plain text (showType 1)', async () => {
    emu.script({ content: answer({ kind: 'answer', answer: 'Start the title with a verb.' }) });
    const res = await post<{ list: Item[] }>(
      'owner',
      `${base}/assistant/chat`,
      ask('How do I write a good title?'),
    );
    expect(res.data.list).toEqual([{ showType: 1, originContent: 'Start the title with a verb.' }]);
  });

  it('asks again once when a suggestion breaks a limit, then accepts the valid answer', async () => {
    emu.script(
      { content: answer({ suggestions: [suggestion('x'.repeat(151))] }) },
      { content: answer({ suggestions: [suggestion('Spring sale')] }) },
    );
    const res = await post<{ list: Item[] }>('owner', `${base}/assistant/chat`, ask('Spring sale'));
    expect(res.status).toBe(200);
    expect(res.data.list.map((i) => i.title)).toEqual(['Spring sale']);
    expect(emu.requests).toHaveLength(2);
    const retry = emu.requests[1]!.body.messages;
    expect(retry.at(-2)?.role).toBe('assistant');
    expect(textOf(retry.at(-1))).toMatch(/suggestions\.0\.title/);
  });

  it('fails with 1062 after two invalid answers, and tracks ai_error', async () => {
    emu.script({ content: 'not json' }, { content: answer({ suggestions: [suggestion('y'.repeat(200))] }) });
    const res = await post('manager', `${base}/assistant/chat`, ask('Spring sale'));
    expect(res.status).toBe(1062);
    expect(res.msg).toMatch(/^The AI provider failed: invalid answer twice: .*title/);
    expect((await trackingRows()).map((r) => r.action)).toEqual(['ai', 'ai_error']);
  });

  it('reports sensitive words in a suggestion instead of passing it silently', async () => {
    expect((await post('owner', `${base}/sensitive/add`, { word: 'casino' })).status).toBe(200);
    emu.script({
      content: answer({
        suggestions: [suggestion('Big casino night'), suggestion('Fresh picks', 'New arrivals', 'Casino')],
      }),
    });
    const res = await post<{ list: Item[] }>('owner', `${base}/assistant/chat`, ask('A night event'));
    expect(res.data.list.map((i) => i.problems?.map((p) => [p.field, p.list, p.words]))).toEqual([
      [['title', 'app', ['casino']]],
      [['button', 'app', ['casino']]],
    ]);
  });

  it('retries a 429 once after its Retry-After, then succeeds', async () => {
    emu.script(
      { status: 429, retryAfterSeconds: 0.05 },
      { content: answer({ suggestions: [suggestion('Ok')] }) },
    );
    const res = await post<{ list: Item[] }>('owner', `${base}/assistant/chat`, ask('hi'));
    expect(res.status).toBe(200);
    expect(res.data.list[0]?.title).toBe('Ok');
    expect(emu.requests).toHaveLength(2);
  });

  it('fails at once with the 429 when its Retry-After ends past the deadline', async () => {
    emu.script(
      { status: 429, retryAfterSeconds: 30 },
      { content: answer({ suggestions: [suggestion('Late')] }) },
    );
    const started = Date.now();
    const res = await post('owner', `${base}/assistant/chat`, ask('hi'));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(res.status).toBe(1062);
    expect(res.msg).toContain('HTTP 429');
    expect(emu.requests).toHaveLength(1);
  });

  it('fails with the provider’s reason on 500 twice, tracking ai_error', async () => {
    emu.script(
      { status: 500, errorMessage: 'model crashed' },
      { status: 500, errorMessage: 'model crashed' },
    );
    const res = await post('owner', `${base}/assistant/chat`, ask('hi'));
    expect(res.status).toBe(1062);
    expect(res.msg).toContain('HTTP 500');
    expect(res.msg).toContain('model crashed');
    expect(emu.requests).toHaveLength(2);
    expect((await trackingRows()).map((r) => r.action)).toEqual(['ai', 'ai_error']);
  });

  // AI_TIMEOUT_SECONDS is 2 here: one deadline for the whole exchange (headers, body, the one retry), so the
  // answer comes a little after 2 s whatever the provider does; the bound leaves room for a loaded machine
  const DEADLINE_BOUND_MS = 3_500;

  it('gives up on an answer slower than AI_TIMEOUT_SECONDS, without a retry past the deadline', async () => {
    emu.script({ delayMs: 2600 }, { delayMs: 2600 });
    const started = Date.now();
    const res = await post('owner', `${base}/assistant/chat`, ask('hi'));
    expect(Date.now() - started).toBeLessThan(DEADLINE_BOUND_MS);
    expect(res.status).toBe(1062);
    expect(res.msg).toContain('no answer within 2 s');
    expect(emu.requests).toHaveLength(1);
    expect((await trackingRows()).map((r) => r.action)).toEqual(['ai', 'ai_error']);
  });

  it(
    'gives up within AI_TIMEOUT_SECONDS on a JSON answer whose body never ends',
    { timeout: 15_000 },
    async () => {
      emu.script({ flood: { chunkBytes: 64, intervalMs: 50 } });
      const started = Date.now();
      const res = await post('owner', `${base}/assistant/chat`, ask('hi'));
      expect(Date.now() - started).toBeLessThan(DEADLINE_BOUND_MS);
      expect(res.status).toBe(1062);
      expect(res.msg).toContain('no answer within 2 s');
      expect(emu.requests).toHaveLength(1);
    },
  );

  it(
    'ends the stream with 1062 within AI_TIMEOUT_SECONDS when the streamed answer never ends',
    { timeout: 15_000 },
    async () => {
      emu.script({ flood: { chunkBytes: 64, intervalMs: 50 } });
      const started = Date.now();
      const events = sseEvents((await f.clients.owner.post(`${base}/assistant/chat/stream`, ask('x'))).body);
      expect(Date.now() - started).toBeLessThan(DEADLINE_BOUND_MS);
      expect(events.length).toBeGreaterThan(1);
      expect(events.slice(0, -1).every((e) => e.event === 'token')).toBe(true);
      expect(events.at(-1)).toMatchObject({ event: 'error', data: { status: 1062 } });
      expect(events.at(-1)!.data.msg).toContain('no answer within 2 s');
      expect(emu.requests).toHaveLength(1);
      expect((await trackingRows()).map((r) => r.action)).toEqual(['ai', 'ai_error']);
    },
  );

  it(
    'refuses a JSON answer larger than AI_ANSWER_MAX_BYTES, without asking again',
    { timeout: 15_000 },
    async () => {
      // without the cap the 5 MB filler would be read whole, found invalid and asked again (the valid second reply)
      emu.script(
        { flood: { totalBytes: 5 * 1024 * 1024 } },
        { content: answer({ suggestions: [suggestion('Too late')] }) },
      );
      const res = await post('owner', `${base}/assistant/chat`, ask('hi'));
      expect(res.status).toBe(1062);
      expect(res.msg).toContain('larger than 4 MB');
      expect(emu.requests).toHaveLength(1);
    },
  );

  it(
    'ends the stream with 1062 when the streamed answer passes AI_ANSWER_MAX_BYTES',
    { timeout: 15_000 },
    async () => {
      emu.script(
        { flood: { totalBytes: 5 * 1024 * 1024 } },
        { content: answer({ suggestions: [suggestion('Too late')] }) },
      );
      const events = sseEvents((await f.clients.owner.post(`${base}/assistant/chat/stream`, ask('x'))).body);
      expect(events.at(-1)).toMatchObject({ event: 'error', data: { status: 1062 } });
      expect(events.at(-1)!.data.msg).toContain('larger than 4 MB');
      const streamed = events.reduce((n, e) => n + (e.data.text?.length ?? 0), 0);
      expect(streamed).toBeLessThanOrEqual(4 * 1024 * 1024);
      expect(emu.requests).toHaveLength(1);
    },
  );

  it('streams the answer as Server-Sent Events: tokens in order, then done with the list', async () => {
    const json = answer({ suggestions: [suggestion('Spring sale'), suggestion('Last day')] });
    const chunks = [json.slice(0, 10), json.slice(10, 40), json.slice(40)];
    emu.script({ chunks });
    const res = await f.clients.operator.post(`${base}/assistant/chat/stream`, ask('Spring sale'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = sseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['token', 'token', 'token', 'done']);
    expect(events.slice(0, 3).map((e) => e.data.text)).toEqual(chunks);
    expect(events[3]!.data.list!.map((i) => i.title)).toEqual(['Spring sale', 'Last day']);
    expect(emu.requests[0]!.body.stream).toBe(true);
    expect((await trackingRows()).map((r) => r.action)).toEqual(['ai']);
  });

  it('writes each event as it comes to a browser that accepts br and gzip: not compressed, not buffered', async () => {
    const json = answer({ suggestions: [suggestion('Spring sale')] });
    const chunks = [json.slice(0, 12), json.slice(12)];
    let release = (): void => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    // the provider holds the rest of its answer until the first token has reached the browser
    emu.script({ chunks, holdAt: { text: chunks[0]!, until } });
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${origin}${base}/assistant/chat/stream`, {
      method: 'POST',
      headers: {
        cookie: f.clients.operator.cookie,
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
      },
      body: JSON.stringify(ask('Spring sale')),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const firstToken = (async () => {
      while (!text.includes('event: token')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    })();
    const timeout = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000));
    const first = await Promise.race([firstToken.then(() => 'arrived' as const), timeout]);
    release();
    expect(first, 'the first token before the provider finished').toBe('arrived');
    expect(text).not.toContain('event: done');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(sseEvents(text).map((e) => e.event)).toEqual(['token', 'token', 'done']);
  });

  it('asks again (not streamed) when the streamed answer is invalid', async () => {
    emu.script(
      { chunks: ['{"kind":', '"oops"}'] },
      { content: answer({ suggestions: [suggestion('Fixed')] }) },
    );
    const events = sseEvents((await f.clients.owner.post(`${base}/assistant/chat/stream`, ask('x'))).body);
    expect(events.map((e) => e.event)).toEqual(['token', 'token', 'done']);
    expect(events.at(-1)!.data.list![0]!.title).toBe('Fixed');
    expect(emu.requests.map((r) => Boolean(r.body.stream))).toEqual([true, false]);
  });

  it('ends the stream with an error event when the provider fails', async () => {
    emu.script({ status: 503 }, { status: 503 });
    const events = sseEvents((await f.clients.owner.post(`${base}/assistant/chat/stream`, ask('x'))).body);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'error', data: { status: 1062 } });
    expect(events[0]!.data.msg).toContain('HTTP 503');
    expect((await trackingRows()).map((r) => r.action)).toEqual(['ai', 'ai_error']);
  });

  it('records ai_use and ai_submit reported by the console', async () => {
    expect(
      (await post('operator', `${base}/assistant/track`, { action: 'ai_use', from: 'push' })).status,
    ).toBe(200);
    expect(
      (
        await post('operator', `${base}/assistant/track`, {
          action: 'ai_submit',
          from: 'material',
          title: 'Spring',
        })
      ).status,
    ).toBe(200);
    expect(await trackingRows()).toEqual([
      { action: 'ai_use', source: 'push', app_id: f.appId, title: 'Audience', email: 'operator@example.com' },
      {
        action: 'ai_submit',
        source: 'material',
        app_id: f.appId,
        title: 'Spring',
        email: 'operator@example.com',
      },
    ]);
  });

  it('stores contentCreateType 1 of a message saved from AI content, 0 when absent; an edit that omits it keeps it', async () => {
    const tomorrow = `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)} 12:00:00`;
    const save = (body: Record<string, unknown>) =>
      post<{ id: number }>('owner', `${base}/msg/save`, {
        msgType: 1,
        data: NOTIFICATION,
        title: 'Spring',
        pushCount: 1,
        targetingType: 0,
        scheduleType: 2,
        scheduleDate: tomorrow,
        ...body,
      });
    const stored = async (id: number) =>
      (
        await t.database.query<{ c: number }>('SELECT content_create_type AS c FROM messages WHERE id = $1', [
          id,
        ])
      )[0]?.c;
    const ai = await save({ contentCreateType: 1 });
    expect(ai.status, ai.msg).toBe(200);
    expect(await stored(ai.data.id)).toBe(1);
    expect((await save({ id: ai.data.id })).status).toBe(200);
    expect(await stored(ai.data.id)).toBe(1);
    expect((await save({ id: ai.data.id, contentCreateType: 0 })).status).toBe(200);
    expect(await stored(ai.data.id)).toBe(0);
    expect((await save({ id: ai.data.id, contentCreateType: 1 })).status).toBe(200);
    expect(await stored(ai.data.id)).toBe(1);
    // another title: the same message again within a day would be a twin (21030)
    const typed = await save({ title: 'Spring, typed' });
    expect(await stored(typed.data.id)).toBe(0);
    expect((await save({ contentCreateType: 2 })).msg).toContain('contentCreateType');
  });

  it('downloads a conversation as a text attachment', async () => {
    const res = await f.clients.owner.post(`${base}/assistant/download`, {
      contents: [
        { role: 'user', content: 'Spring sale', date: '2025-03-01 10:00' },
        { role: 'assistant', content: 'Spring sale starts now!' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="assistant-chat-\d+-\d{8}-\d{4}\.txt"$/,
    );
    expect(res.body).toContain('[2025-03-01 10:00] You:\nSpring sale');
    expect(res.body).toContain('Assistant:\nSpring sale starts now!');
  });

  it('refuses bad input naming the field, before asking the provider', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: 'x',
    }));
    for (const [url, body, field] of [
      [`${base}/assistant/chat`, { ...ask('x'), messages: eleven }, 'messages'],
      [`${base}/assistant/chat`, { ...ask('x'), msgType: 3 }, 'msgType'],
      [`${base}/assistant/chat`, ask('x'.repeat(4001)), 'messages.0.content'],
      [`${base}/assistant/chat/stream`, { ...ask('x'), messages: eleven }, 'messages'],
      [`${base}/msg/translate`, { langs: ['fr', 'xx_QQ'], content: source, from: 'push' }, 'langs.1'],
      [`${base}/msg/translate`, { langs: [], content: source, from: 'push' }, 'langs'],
      [
        `${base}/msg/translate`,
        { langs: ['fr'], content: { ...source, title: 't'.repeat(151) }, from: 'push' },
        'content.title',
      ],
      [`${base}/msg/translate`, { langs: ['fr'], content: { title: ' ' }, from: 'push' }, 'content'],
      [`${base}/msg/translate`, { langs: ['fr'], content: source, from: 'mail' }, 'from'],
      [`${base}/assistant/track`, { action: 'ai', from: 'push' }, 'action'],
      [`${base}/assistant/download`, { contents: [] }, 'contents'],
    ] as const) {
      const res = await post('owner', url, body);
      expect([url, res.status], JSON.stringify(body).slice(0, 80)).toEqual([url, 400]);
      expect(res.msg).toContain(field);
    }
    expect(emu.requests).toHaveLength(0);
  });

  it('refuses testers (500) and strangers on the app', async () => {
    for (const who of ['tester', 'stranger'] as const)
      for (const [url, body] of [
        [`${base}/assistant/chat`, ask('x')],
        [`${base}/assistant/chat/stream`, ask('x')],
        [`${base}/msg/translate`, { langs: ['fr'], content: source, from: 'push' }],
        [`${base}/assistant/track`, { action: 'ai_use', from: 'push' }],
        [`${base}/assistant/download`, { contents: [{ role: 'user', content: 'x' }] }],
      ] as const)
        expect([who, url, (await post(who, url, body)).status]).toEqual([who, url, 1002]);
    expect(emu.requests).toHaveLength(0);
    expect(await trackingRows()).toEqual([]);
  });
});

describe.each(backends('one'))('AI not configured [$name]', (backend) => {
  let t: TestApp;
  let f: TeamFixture;

  beforeAll(async () => {
    t = await startTestApp(backend, { AI_BASE_URL: '' });
    f = await seedTeamClients(t);
  });
  afterAll(async () => t?.close());

  it('says configured: false, answers 1061 to chat, stream and translate, and still records tracking', async () => {
    const status = await f.clients.operator.call('GET', '/tcm/v1/ai/status');
    expect(status.json()).toEqual({ status: 200, msg: 'success', data: { configured: false, model: '' } });
    const base = `/tcm/v1/app/${f.appId}`;
    for (const [url, body] of [
      [`${base}/assistant/chat`, ask('x')],
      [`${base}/assistant/chat/stream`, ask('x')],
      [`${base}/msg/translate`, { langs: ['fr'], content: { title: 'Hi' }, from: 'push' }],
    ] as const) {
      const res = (await f.clients.owner.post(url, body)).json<Envelope>();
      expect([url, res.status, res.msg]).toEqual([url, 1061, 'AI is not configured — set AI_BASE_URL']);
    }
    expect(
      (
        await f.clients.owner.post(`${base}/assistant/track`, { action: 'ai_use', from: 'push' })
      ).json<Envelope>().status,
    ).toBe(200);
  });
});
