import { describe, expect, it } from 'vitest';
import { schemaProblems } from './schema-check';
import { DEFAULT_MAX_STRING, schemaInstance } from './schema-instance';
import { type JsonSchema } from './types';

const TEXT = 'Remind users about the spring sale on Friday';

const SCHEMAS: Record<string, JsonSchema> = {
  'string bounds': { type: 'string', minLength: 3, maxLength: 10 },
  'long minLength': { type: 'string', minLength: 120 },
  'tiny maxLength': { type: 'string', maxLength: 1 },
  'zero maxLength': { type: 'string', maxLength: 0 },
  enum: { type: 'string', enum: ['low', 'high'] },
  const: { const: { fixed: [1, 2] } },
  'integer bounds': { type: 'integer', minimum: 3, maximum: 9 },
  'negative integer': { type: 'integer', maximum: -4 },
  'exclusive integer': { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 2 },
  'draft 4 exclusive': { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1 },
  'exclusive number': { type: 'number', exclusiveMinimum: 0.5, exclusiveMaximum: 0.75 },
  'safe integers': { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
  multipleOf: { type: 'integer', minimum: 7, multipleOf: 5 },
  boolean: { type: 'boolean' },
  null: { type: 'null' },
  'nullable type list': { type: ['string', 'null'], maxLength: 5 },
  'arrays of every size': {
    type: 'object',
    properties: {
      none: { type: 'array', items: { type: 'string' }, maxItems: 0 },
      one: { type: 'array', items: { type: 'integer' }, maxItems: 1 },
      many: { type: 'array', items: { type: 'string', maxLength: 8 }, minItems: 5 },
      unique: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      tuple: { type: 'array', prefixItems: [{ type: 'boolean' }, { type: 'integer' }], items: false },
    },
    required: ['none', 'one', 'many', 'unique', 'tuple'],
    additionalProperties: false,
  },
  'nested strict object': {
    type: 'object',
    properties: {
      message: {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 40 },
          variants: {
            type: 'array',
            items: {
              type: 'object',
              properties: { body: { type: 'string' }, locale: { type: 'string', enum: ['en', 'fr'] } },
              required: ['body', 'locale'],
              additionalProperties: false,
            },
          },
        },
        required: ['title', 'variants'],
        additionalProperties: false,
      },
    },
    required: ['message'],
    additionalProperties: false,
  },
  'optional properties': {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'integer' } },
    required: ['a'],
  },
  'anyOf and oneOf': {
    type: 'object',
    properties: {
      nullableFirst: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 2 }] },
      choice: { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'boolean' }] },
    },
    required: ['nullableFirst', 'choice'],
  },
  allOf: {
    allOf: [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { properties: { b: { type: 'integer', minimum: 4 } }, required: ['b'] },
    ],
  },
  '$defs and recursion': {
    type: 'object',
    properties: { root: { $ref: '#/$defs/node' } },
    required: ['root'],
    additionalProperties: false,
    $defs: {
      node: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 6 },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
          parent: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] },
        },
        required: ['name', 'children', 'parent'],
        additionalProperties: false,
      },
    },
  },
  formats: {
    type: 'object',
    properties: {
      at: { type: 'string', format: 'date-time' },
      email: { type: 'string', format: 'email' },
      id: { type: 'string', format: 'uuid' },
    },
    required: ['at', 'email', 'id'],
  },
  'no type at all': {},
};

describe('schemaInstance', () => {
  it.each(Object.entries(SCHEMAS))('gives a valid instance for %s', (_name, schema) => {
    const value = schemaInstance(schema, TEXT);
    expect(schemaProblems(schema, value)).toEqual([]);
  });

  it('is deterministic', () => {
    for (const schema of Object.values(SCHEMAS))
      expect(schemaInstance(schema, TEXT)).toEqual(schemaInstance(schema, TEXT));
  });

  it('derives strings from the first words of the text, cut at a word boundary', () => {
    expect(schemaInstance({ type: 'string', maxLength: 24 }, TEXT)).toBe('Remind users about the');
    expect(schemaInstance({ type: 'string', maxLength: 4 }, TEXT)).toBe('Remi');
    expect(schemaInstance({ type: 'string' }, TEXT)).toBe(TEXT);
    expect(schemaInstance({ type: 'string' }, '  many   spaces\nand lines ')).toBe('many spaces and lines');
    const long = 'word '.repeat(40);
    expect(schemaInstance({ type: 'string' }, long)).toBe('word '.repeat(13).trim());
    expect((schemaInstance({ type: 'string' }, long) as string).length).toBeLessThanOrEqual(
      DEFAULT_MAX_STRING,
    );
    expect(schemaInstance({ type: 'string' }, '')).toBe('beacon');
  });

  it('pads strings to minLength with the text', () => {
    expect(schemaInstance({ type: 'string', minLength: 7 }, 'hi')).toBe('hi hi h');
    expect(schemaInstance({ type: 'string', minLength: 2, maxLength: 2 }, 'a')).toBe('a ');
  });

  it('counts lengths in code points', () => {
    const value = schemaInstance({ type: 'string', maxLength: 3 }, '🔔🔔🔔🔔') as string;
    expect(Array.from(value)).toHaveLength(3);
  });

  it('gives arrays min(maxItems, 3) items, at least minItems, numbered after the first', () => {
    const items = { type: 'string', maxLength: 12 };
    expect(schemaInstance({ type: 'array', items }, 'Big news today')).toEqual([
      'Big news',
      'Big news 2',
      'Big news 3',
    ]);
    expect(schemaInstance({ type: 'array', items, maxItems: 2 }, 'x')).toEqual(['x', 'x 2']);
    expect(schemaInstance({ type: 'array', items, minItems: 4 }, 'x')).toHaveLength(4);
    expect(schemaInstance({ type: 'array', items: { type: 'integer' } }, 'x')).toEqual([0, 1, 2]);
  });

  it('keeps numbers at zero when the bounds allow it, else the nearest bound', () => {
    expect(schemaInstance({ type: 'number' }, TEXT)).toBe(0);
    expect(schemaInstance({ type: 'integer', minimum: 3 }, TEXT)).toBe(3);
    expect(schemaInstance({ type: 'integer', maximum: -4 }, TEXT)).toBe(-4);
    expect(schemaInstance({ type: 'integer', exclusiveMinimum: 1.5 }, TEXT)).toBe(2);
    expect(schemaInstance({ type: 'number', exclusiveMinimum: 1, exclusiveMaximum: 2 }, TEXT)).toBe(1.5);
  });

  it('includes optional properties and every required one', () => {
    const schema = { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a', 'extra'] };
    expect(schemaInstance(schema, 'x')).toEqual({ a: true, extra: 'x' });
  });

  it('ends recursion through nullable branches and required-only objects', () => {
    const value = schemaInstance(SCHEMAS['$defs and recursion']!, 'tree') as { root: { name: string } };
    expect(value.root.name).toBe('tree');
    expect(JSON.stringify(value).length).toBeLessThan(100_000);
  });
});

describe('schemaProblems', () => {
  it('reports what makes a value invalid', () => {
    const schema = SCHEMAS['nested strict object']!;
    expect(
      schemaProblems(schema, { message: { title: 3, variants: [{ body: 'b', locale: 'de' }] } }),
    ).toEqual([
      '$.message.title: expected "string", got integer',
      '$.message.variants[0].locale: expected one of ["en","fr"]',
    ]);
    expect(schemaProblems(schema, { message: { title: 't', variants: [] }, extra: 1 })).toEqual([
      '$: unexpected property "extra"',
    ]);
    expect(schemaProblems(schema, {})).toEqual(['$: missing "message"']);
    expect(schemaProblems({ type: 'string', maxLength: 2, pattern: '^a' }, 'bcd')).toEqual([
      '$: longer than 2',
      '$: does not match ^a',
    ]);
    expect(schemaProblems({ type: 'array', minItems: 1, uniqueItems: true }, [])).toEqual([
      '$: fewer than 1 items',
    ]);
    expect(schemaProblems({ type: 'integer', minimum: 1 }, 0.5)).toEqual([
      '$: expected "integer", got number',
    ]);
    expect(schemaProblems({ anyOf: [{ type: 'string' }, { type: 'null' }] }, 1)).toEqual([
      '$: matches no anyOf branch',
    ]);
  });
});
