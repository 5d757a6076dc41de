import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
} from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, clientFor, harness, type Harness, user } from './test-utils';

const ask = (h: Harness, client = h.client) =>
  client.chat.completions.create({ model: 'm', messages: [user('hello')] });

describe('scripted faults', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('surfaces a scripted 500 as an InternalServerError with its message', async () => {
    h = await harness();
    h.emu.script({ status: 500, errorMessage: 'The model crashed' });
    const err = await ask(h).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err).toBeInstanceOf(APIError);
    expect(err).toMatchObject({ status: 500, type: 'server_error', code: null, param: null });
    expect((err as APIError).message).toBe('500 The model crashed');
    expect((err as APIError).error).toEqual({
      message: 'The model crashed',
      type: 'server_error',
      param: null,
      code: null,
    });
  });

  it('surfaces a scripted 400 as a BadRequestError with its type and code', async () => {
    h = await harness();
    h.emu.script({ status: 400, errorMessage: 'Bad prompt', errorCode: 'context_length_exceeded' });
    const err = await ask(h).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).toMatchObject({
      status: 400,
      message: '400 Bad prompt',
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
    });
  });

  it('sends retry-after headers on a 429', async () => {
    h = await harness();
    h.emu.script({ status: 429, retryAfterSeconds: 1.5 });
    const err = await ask(h).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    expect((err as RateLimitError).headers.get('retry-after')).toBe('2');
    expect((err as RateLimitError).headers.get('retry-after-ms')).toBe('1500');
  });

  it('lets the client retry a 429 after retry-after, then succeeds with the next reply', async () => {
    h = await harness({}, { maxRetries: 1 });
    h.emu.script({ status: 429, retryAfterSeconds: 0.05 }, { content: 'after the retry' });
    const completion = await ask(h);
    expect(completion.choices[0]!.message.content).toBe('after the retry');
    expect(h.emu.requests).toHaveLength(2);
    const [first, second] = h.emu.requests;
    expect(second!.time.getTime() - first!.time.getTime()).toBeGreaterThanOrEqual(40);
    expect(second!.headers['x-stainless-retry-count']).toBe('1');
  });

  it('times the client out when delayMs exceeds its timeout', async () => {
    h = await harness({}, { timeout: 150 });
    h.emu.script({ delayMs: 5_000, content: 'too late' });
    const start = Date.now();
    await expect(ask(h)).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - start).toBeLessThan(2_000);
    expect((await ask(h)).choices[0]!.message.content).toBe('Echo: hello');
  });

  it('answers after delayMs when the client waits long enough', async () => {
    h = await harness();
    h.emu.script({ delayMs: 100, content: 'slow' });
    const start = Date.now();
    expect((await ask(h)).choices[0]!.message.content).toBe('slow');
    expect(Date.now() - start).toBeGreaterThanOrEqual(95);
  });

  it('answers 401 invalid_api_key for a wrong key', async () => {
    h = await harness({ apiKey: API_KEY });
    const wrong = clientFor(h.emu, { apiKey: 'sk-wrong-key-123456' });
    const err = await ask(h, wrong).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect((err as AuthenticationError).message).toContain('Incorrect API key provided: sk-************3456');
    await expect(wrong.models.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect((await ask(h)).choices[0]!.message.content).toBe('Echo: hello');
  });

  it('turns dropConnection into an APIConnectionError', async () => {
    h = await harness();
    h.emu.script({ dropConnection: true });
    const err = await ask(h).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect(h.emu.requests).toHaveLength(1);
  });

  it('lets the client retry a dropped connection with the next reply', async () => {
    h = await harness({}, { maxRetries: 1 });
    h.emu.script({ dropConnection: true }, { content: 'second try' });
    expect((await ask(h)).choices[0]!.message.content).toBe('second try');
    expect(h.emu.requests).toHaveLength(2);
  });

  it('floods a JSON answer of totalBytes, written as it goes, that parses whole', async () => {
    h = await harness();
    h.emu.script({ flood: { totalBytes: 300_000, chunkBytes: 50_000 } });
    const completion = await ask(h);
    expect(completion.choices[0]!.message.content).toBe('x'.repeat(300_000));
    expect(completion.choices[0]!.finish_reason).toBe('stop');
  });

  it('floods a streamed answer in pieces of chunkBytes, then finishes it', async () => {
    h = await harness();
    h.emu.script({ flood: { totalBytes: 25, chunkBytes: 10 } });
    const stream = await h.client.chat.completions.create({
      model: 'm',
      messages: [user('hello')],
      stream: true,
    });
    const deltas: string[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) deltas.push(chunk.choices[0].delta.content);
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(deltas).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(finish).toBe('stop');
  });

  it('floods endlessly and slowly until the client goes away', async () => {
    h = await harness();
    h.emu.script({ flood: { chunkBytes: 100, intervalMs: 20 } });
    const controller = new AbortController();
    const stream = await h.client.chat.completions.create(
      { model: 'm', messages: [user('hello')], stream: true },
      { signal: controller.signal },
    );
    let received = 0;
    const start = Date.now();
    for await (const chunk of stream) {
      received += chunk.choices[0]?.delta.content?.length ?? 0;
      if (received >= 500) controller.abort();
    }
    // five pieces of 100, four pauses of 20 ms between them: slow, and still going when the client left
    expect(received).toBe(500);
    expect(Date.now() - start).toBeGreaterThanOrEqual(4 * 20);
    // the emulator noticed and stopped: the next request is answered normally
    expect((await ask(h)).choices[0]!.message.content).toBe('Echo: hello');
  });
});
