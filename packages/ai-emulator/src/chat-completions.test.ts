import { BadRequestError, NotFoundError } from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness, user } from './test-utils';

describe('chat completions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.close());

  it('answers a plain completion with an echo of the last user message', async () => {
    const completion = await h.client.chat.completions.create({
      model: 'beacon-test-model',
      messages: [{ role: 'system', content: 'Be brief.' }, user('first'), user('Hello there')],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.model).toBe('beacon-test-model');
    expect(Math.abs(completion.created - Date.now() / 1000)).toBeLessThan(5);
    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]).toMatchObject({
      index: 0,
      message: { role: 'assistant', content: 'Echo: Hello there' },
      finish_reason: 'stop',
    });
    const usage = completion.usage!;
    expect(usage.completion_tokens).toBe(3);
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(completion._request_id).toMatch(/^req_/);
  });

  it('records every request: messages, parameters, headers and time', async () => {
    const before = Date.now();
    await h.client.chat.completions.create({
      model: 'm1',
      messages: [{ role: 'developer', content: 'rules' }, user('question')],
      temperature: 0.2,
      max_completion_tokens: 50,
    });
    expect(h.emu.requests).toHaveLength(1);
    const [recorded] = h.emu.requests;
    expect(recorded!.body).toMatchObject({
      model: 'm1',
      messages: [
        { role: 'developer', content: 'rules' },
        { role: 'user', content: 'question' },
      ],
      temperature: 0.2,
      max_completion_tokens: 50,
    });
    expect(recorded!.headers.authorization).toBe('Bearer sk-test-emulator-key');
    expect(recorded!.time.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('uses scripted replies in order, then falls back to the default responder', async () => {
    h.emu.script({ content: 'one' }, { content: 'two', finishReason: 'length' });
    const ask = () => h.client.chat.completions.create({ model: 'm', messages: [user('hi')] });
    expect((await ask()).choices[0]!.message.content).toBe('one');
    const second = await ask();
    expect(second.choices[0]).toMatchObject({ message: { content: 'two' }, finish_reason: 'length' });
    expect((await ask()).choices[0]!.message.content).toBe('Echo: hi');
  });

  it('answers unscripted requests with respondWith, until reset', async () => {
    h.emu.respondWith((req) => (req.body.messages.length > 1 ? { content: 'long' } : 'short'));
    const ask = (n: number) =>
      h.client.chat.completions.create({ model: 'm', messages: Array.from({ length: n }, () => user('x')) });
    expect((await ask(1)).choices[0]!.message.content).toBe('short');
    expect((await ask(2)).choices[0]!.message.content).toBe('long');
    h.emu.script({ content: 'scripted first' });
    expect((await ask(1)).choices[0]!.message.content).toBe('scripted first');
    h.emu.reset();
    expect(h.emu.requests).toHaveLength(0);
    expect((await ask(1)).choices[0]!.message.content).toBe('Echo: x');
  });

  it('takes the text parts of array content', async () => {
    const completion = await h.client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'part one' }] }],
    });
    expect(completion.choices[0]!.message.content).toBe('Echo: part one');
  });

  it('lists and retrieves the configured model', async () => {
    const models = await h.client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(['beacon-test-model']);
    expect((await h.client.models.retrieve('beacon-test-model')).object).toBe('model');
    await expect(h.client.models.retrieve('gpt-unknown')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('rejects invalid parameters like OpenAI, without using a scripted reply', async () => {
    h.emu.script({ content: 'kept' });
    const err = await h.client.chat.completions
      .create({ model: 'm', messages: [user('x')], temperature: 3 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).toMatchObject({ status: 400, param: 'temperature', code: 'decimal_above_max_value' });
    const empty = await h.client.chat.completions
      .create({ model: 'm', messages: [] })
      .catch((e: unknown) => e);
    expect(empty).toMatchObject({ status: 400, param: 'messages', code: 'empty_array' });
    const jsonWithoutWord = await h.client.chat.completions
      .create({ model: 'm', messages: [user('x')], response_format: { type: 'json_object' } })
      .catch((e: unknown) => e);
    expect((jsonWithoutWord as BadRequestError).message).toContain("must contain the word 'json'");
    expect(h.emu.requests).toHaveLength(3);
    const ok = await h.client.chat.completions.create({ model: 'm', messages: [user('x')] });
    expect(ok.choices[0]!.message.content).toBe('kept');
  });

  it('answers 404 for an unknown route', async () => {
    await expect(h.client.get('/nothing-here')).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('Invalid URL (GET /v1/nothing-here)') as unknown,
    });
  });
});
