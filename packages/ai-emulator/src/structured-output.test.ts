import { BadRequestError } from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schemaProblems } from './schema-check';
import { harness, type Harness, user } from './test-utils';
import { type JsonSchema } from './types';

const SUGGESTION: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 20 },
    body: { type: 'string', minLength: 1, maxLength: 200 },
    tone: { type: 'string', enum: ['friendly', 'formal'] },
    priority: { type: 'integer', minimum: 1, maximum: 5 },
    score: { type: 'number', minimum: 0, maximum: 1 },
    urgent: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', maxLength: 12 }, minItems: 1, maxItems: 2 },
    link: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['title', 'body', 'tone', 'priority', 'score', 'urgent', 'tags', 'link'],
  additionalProperties: false,
};

const format = (schema: JsonSchema, strict = true) =>
  ({ type: 'json_schema', json_schema: { name: 'suggestion', schema, strict } }) as const;

describe('structured output', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.close());

  it('answers a json_schema request with an instance valid against the schema', async () => {
    const completion = await h.client.chat.completions.create({
      model: 'm',
      messages: [
        { role: 'system', content: 'Write a push message.' },
        user('Spring sale starts tomorrow morning'),
      ],
      response_format: format(SUGGESTION),
    });
    const value = JSON.parse(completion.choices[0]!.message.content!) as Record<string, unknown>;
    expect(schemaProblems(SUGGESTION, value)).toEqual([]);
    expect(value).toMatchObject({
      title: 'Spring sale starts',
      body: 'Spring sale starts tomorrow morning',
      tone: 'friendly',
      priority: 1,
      score: 0,
      urgent: true,
      tags: ['Spring sale', 'Spring 2'],
      link: 'Spring sale starts tomorrow morning',
    });
  });

  it('parses with the client parse helper and streams the same JSON', async () => {
    const request = { model: 'm', messages: [user('Weekly digest')], response_format: format(SUGGESTION) };
    const parsed = await h.client.chat.completions.parse(request);
    const value = parsed.choices[0]!.message.parsed;
    expect(schemaProblems(SUGGESTION, value)).toEqual([]);
    const stream = await h.client.chat.completions.create({ ...request, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(JSON.parse(text)).toEqual(value);
  });

  it('answers json_object with a small JSON object', async () => {
    const completion = await h.client.chat.completions.create({
      model: 'm',
      messages: [user('Reply in JSON: hi')],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ echo: 'Reply in JSON: hi' });
  });

  it('rejects a strict schema OpenAI would reject, with its message', async () => {
    const loose: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] } },
      required: ['a'],
      additionalProperties: false,
    };
    const err = await h.client.chat.completions
      .create({ model: 'm', messages: [user('x')], response_format: format(loose) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).message).toBe(
      "400 Invalid schema for response_format 'suggestion': In context=('properties', 'a'), 'additionalProperties' is required to be supplied and to be false.",
    );
    expect((err as BadRequestError).param).toBe('response_format');
    const ok = await h.client.chat.completions.create({
      model: 'm',
      messages: [user('x')],
      response_format: format(loose, false),
    });
    expect(schemaProblems(loose, JSON.parse(ok.choices[0]!.message.content!))).toEqual([]);
  });
});
