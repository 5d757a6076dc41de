import { describe, expect, it } from 'vitest';
import { strictSchemaProblem } from './strict-schema';

const leaf = { type: 'string' };

describe('strictSchemaProblem', () => {
  it('accepts a schema that follows the strict rules', () => {
    const item = { type: 'object', properties: { a: leaf }, required: ['a'], additionalProperties: false };
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: item }, ref: { $ref: '#/$defs/x' } },
      required: ['list', 'ref'],
      additionalProperties: false,
      $defs: { x: item },
    };
    expect(strictSchemaProblem(schema)).toBeUndefined();
  });

  it('requires an object root', () => {
    expect(strictSchemaProblem({ type: 'array', items: leaf })).toBe(
      `schema must be a JSON Schema of 'type: "object"', got 'type: "array"'.`,
    );
  });

  it('requires additionalProperties: false, naming the path like OpenAI', () => {
    expect(strictSchemaProblem({ type: 'object', properties: {}, required: [] })).toBe(
      "In context=(), 'additionalProperties' is required to be supplied and to be false.",
    );
    const nested = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'object', properties: {}, required: [] } } },
      required: ['list'],
      additionalProperties: false,
    };
    expect(strictSchemaProblem(nested)).toBe(
      "In context=('properties', 'list', 'items'), 'additionalProperties' is required to be supplied and to be false.",
    );
  });

  it('requires every property in required', () => {
    const schema = {
      type: 'object',
      properties: { a: leaf, b: leaf },
      required: ['a'],
      additionalProperties: false,
    };
    expect(strictSchemaProblem(schema)).toBe(
      "In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'b'.",
    );
  });

  it('checks $defs and anyOf branches', () => {
    const schema = {
      type: 'object',
      properties: { x: { anyOf: [{ type: 'null' }, { type: 'object', properties: {} }] } },
      required: ['x'],
      additionalProperties: false,
    };
    expect(strictSchemaProblem(schema)).toBe(
      "In context=('properties', 'x', 'anyOf', 1), 'additionalProperties' is required to be supplied and to be false.",
    );
    const defs = { ...schema, properties: {}, required: [], $defs: { d: { type: 'object' } } };
    expect(strictSchemaProblem(defs)).toBe(
      "In context=('$defs', 'd'), 'additionalProperties' is required to be supplied and to be false.",
    );
  });
});
