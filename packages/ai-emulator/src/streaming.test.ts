import { type ChatCompletionChunk } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, type Harness, user } from './test-utils';

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const deltas = (chunks: ChatCompletionChunk[]): string[] =>
  chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? '')).filter((d) => d !== '');

describe('streaming', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('streams the answer token by token and ends with finish_reason stop', async () => {
    h = await harness();
    const stream = await h.client.chat.completions.create({
      model: 'm',
      messages: [user('the quick brown fox')],
      stream: true,
    });
    const chunks = await collect(stream);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(deltas(chunks)).toEqual(['Echo:', ' the', ' quick', ' brown', ' fox']);
    expect(deltas(chunks).join('')).toBe('Echo: the quick brown fox');
    const last = chunks.at(-1)!;
    expect(last.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.slice(0, -1).every((c) => c.choices[0]!.finish_reason === null)).toBe(true);
  });

  it('sends text/event-stream events and a final data: [DONE]', async () => {
    h = await harness();
    h.emu.script({ chunks: ['a', 'b'] });
    const response = await h.client.chat.completions
      .create({ model: 'm', messages: [user('x')], stream: true })
      .asResponse();
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    const events = text.split('\n\n').filter((e) => e !== '');
    expect(events.every((e) => e.startsWith('data: '))).toBe(true);
    expect(events.filter((e) => e === 'data: [DONE]')).toHaveLength(1);
    const parsed = events
      .slice(0, -1)
      .map((e) => JSON.parse(e.slice('data: '.length)) as ChatCompletionChunk);
    expect(parsed.map((c) => c.choices[0]!.delta.content ?? null)).toEqual(['', 'a', 'b', null]);
  });

  it('streams scripted chunks as exact deltas and honours finishReason', async () => {
    h = await harness();
    h.emu.script({ chunks: ['{"ti', 'tle":', '"x"}'], finishReason: 'length' });
    const chunks = await collect(
      await h.client.chat.completions.create({ model: 'm', messages: [user('x')], stream: true }),
    );
    expect(deltas(chunks)).toEqual(['{"ti', 'tle":', '"x"}']);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('length');
  });

  it('adds a usage chunk with stream_options.include_usage', async () => {
    h = await harness();
    const chunks = await collect(
      await h.client.chat.completions.create({
        model: 'm',
        messages: [user('one two')],
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ completion_tokens: 3 });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('works with the client stream helper', async () => {
    h = await harness();
    const runner = h.client.chat.completions.stream({ model: 'm', messages: [user('helper works')] });
    const seen: string[] = [];
    runner.on('content', (delta) => seen.push(delta));
    expect(await runner.finalContent()).toBe('Echo: helper works');
    expect(seen.join('')).toBe('Echo: helper works');
  });

  it('pauses tokenDelayMs between chunks', async () => {
    h = await harness({ tokenDelayMs: 40 });
    const start = Date.now();
    const chunks = await collect(
      await h.client.chat.completions.create({ model: 'm', messages: [user('a b c')], stream: true }),
    );
    expect(deltas(chunks)).toHaveLength(4);
    expect(Date.now() - start).toBeGreaterThanOrEqual(3 * 40 - 5);
  });

  it('breaks the stream after the scripted chunks with dropConnection', async () => {
    h = await harness();
    h.emu.script({ chunks: ['partial', ' answer'], dropConnection: true });
    const received: string[] = [];
    const stream = await h.client.chat.completions.create({
      model: 'm',
      messages: [user('x')],
      stream: true,
    });
    const consume = async (): Promise<void> => {
      for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
    };
    // the client surfaces a broken body as undici's own error, not an APIConnectionError
    await expect(consume()).rejects.toThrow('terminated');
    expect(received.join('')).toBe('partial answer');
  });

  it('holds a stream once the text sent contains holdAt.text, until its promise settles', async () => {
    h = await harness();
    let release = (): void => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    h.emu.script({ chunks: ['one', ' two', ' three', ' four'], holdAt: { text: 'one tw', until } });
    const received: string[] = [];
    const stream = await h.client.chat.completions.create({
      model: 'm',
      messages: [user('x')],
      stream: true,
    });
    let done = false;
    const consuming = (async () => {
      for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
      done = true;
    })();
    const deadline = Date.now() + 5_000;
    while (received.join('') !== 'one two' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    // held: nothing more arrives while the promise is pending
    await new Promise((r) => setTimeout(r, 100));
    expect(received.join('')).toBe('one two');
    expect(done).toBe(false);
    release();
    await consuming;
    expect(received.join('')).toBe('one two three four');
  });
});
