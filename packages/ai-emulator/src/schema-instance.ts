import { codePoints, isPlainObject, resolveRef } from './json-schema';
import { type JsonSchema } from './types';

/** Beyond this nesting depth, objects keep only their required properties and arrays only their minItems. */
const MAX_DEPTH = 8;
/** The longest string derived from the text when the schema sets no maxLength. */
export const DEFAULT_MAX_STRING = 64;
const MAX_ARRAY_ITEMS = 3;

const FORMAT_VALUES: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
};

interface Context {
  root: JsonSchema;
  words: string;
}

/**
 * A JSON value valid against `schema`, derived deterministically from `text`: objects carry every property
 * (required ones always), arrays have min(maxItems, 3) items but at least minItems, strings are the first words of
 * `text` cut to maxLength (64 when unset) and padded to minLength, item i of an array (from 0) gets the suffix
 * ` ${i + 1}` when i > 0, numbers are the index clamped into [minimum, maximum], booleans are true, enum and
 * const give their first value. `pattern` is not honoured.
 */
export function schemaInstance(schema: JsonSchema, text: string): unknown {
  const words = text.trim().split(/\s+/).join(' ');
  return generate(schema, { root: schema, words: words === '' ? 'beacon' : words }, 0, 0);
}

function generate(raw: unknown, ctx: Context, depth: number, index: number): unknown {
  const schema = resolveRef(raw, ctx.root);
  if (typeof schema === 'boolean') return schema ? stringValue({}, ctx, index) : null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[index % schema.enum.length];
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches) && branches.length > 0)
    return generate(pickBranch(branches, ctx, depth), ctx, depth, index);
  if (Array.isArray(schema.allOf)) return generate(mergeAll(schema, ctx), ctx, depth, index);
  switch (pickType(schema, depth)) {
    case 'object':
      return objectValue(schema, ctx, depth);
    case 'array':
      return arrayValue(schema, ctx, depth);
    case 'integer':
      return numberValue(schema, true, index);
    case 'number':
      return numberValue(schema, false, index);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringValue(schema, ctx, index);
  }
}

/** The first branch that is not `null`; past MAX_DEPTH a `null` branch if there is one, to end recursion. */
function pickBranch(branches: unknown[], ctx: Context, depth: number): unknown {
  const isNull = (b: unknown): boolean => {
    const s = resolveRef(b, ctx.root);
    return typeof s === 'object' && s.type === 'null';
  };
  const preferred = depth >= MAX_DEPTH ? branches.find(isNull) : branches.find((b) => !isNull(b));
  return preferred ?? branches[0];
}

function mergeAll(schema: JsonSchema, ctx: Context): JsonSchema {
  const { allOf, ...rest } = schema;
  const merged: JsonSchema = { ...rest };
  for (const part of allOf as unknown[]) {
    const s = resolveRef(part, ctx.root);
    if (typeof s === 'boolean') continue;
    const properties = { ...(merged.properties as object), ...(s.properties as object) };
    const required = [...((merged.required as string[]) ?? []), ...((s.required as string[]) ?? [])];
    Object.assign(merged, s, { properties, required });
  }
  return merged;
}

function pickType(schema: JsonSchema, depth: number): string {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.length > 0) {
    const nonNull = type.filter((t) => t !== 'null');
    return depth >= MAX_DEPTH && type.includes('null') ? 'null' : String(nonNull[0] ?? 'null');
  }
  if ('properties' in schema || 'required' in schema) return 'object';
  if ('items' in schema || 'prefixItems' in schema) return 'array';
  if ('minimum' in schema || 'maximum' in schema) return 'number';
  return 'string';
}

function objectValue(schema: JsonSchema, ctx: Context, depth: number): Record<string, unknown> {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const keys = depth >= MAX_DEPTH ? required : [...new Set([...Object.keys(properties), ...required])];
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = generate(properties[key] ?? {}, ctx, depth + 1, 0);
  return out;
}

function arrayValue(schema: JsonSchema, ctx: Context, depth: number): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const count = depth >= MAX_DEPTH ? min : Math.max(min, Math.min(max, MAX_ARRAY_ITEMS, itemLimit(schema)));
  return Array.from({ length: count }, (_, i) =>
    generate(i < prefix.length ? prefix[i] : (schema.items ?? {}), ctx, depth + 1, i),
  );
}

/** `items: false` after prefixItems allows no more than the prefix. */
function itemLimit(schema: JsonSchema): number {
  return schema.items === false && Array.isArray(schema.prefixItems) ? schema.prefixItems.length : Infinity;
}

function stringValue(schema: JsonSchema, ctx: Context, index: number): string {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : DEFAULT_MAX_STRING;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const formatted = typeof schema.format === 'string' ? FORMAT_VALUES[schema.format] : undefined;
  if (formatted !== undefined) return formatted;
  const suffix = index > 0 ? ` ${index + 1}` : '';
  const value = cutToWords(ctx.words, Math.max(0, max - suffix.length)) + suffix;
  return padTo(codePoints(value).slice(0, max).join(''), min, ctx.words);
}

/** The longest prefix of `words` within `max` code points, ending at a word boundary when one exists. */
function cutToWords(words: string, max: number): string {
  const points = codePoints(words);
  if (points.length <= max) return words;
  const cut = points.slice(0, max).join('');
  const boundary = points[max] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return (boundary > 0 ? cut.slice(0, boundary) : cut).trimEnd();
}

function padTo(value: string, min: number, filler: string): string {
  let out = codePoints(value);
  while (out.length < min) out = out.concat(codePoints(out.length === 0 ? filler : ` ${filler}`));
  return out.slice(0, Math.max(min, codePoints(value).length)).join('');
}

function numberValue(schema: JsonSchema, isInteger: boolean, index: number): number {
  const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
  // draft 4 spells exclusive bounds as booleans beside minimum/maximum, later drafts as numbers
  const exLow =
    num(schema.exclusiveMinimum) ?? (schema.exclusiveMinimum === true ? num(schema.minimum) : undefined);
  const exHigh =
    num(schema.exclusiveMaximum) ?? (schema.exclusiveMaximum === true ? num(schema.maximum) : undefined);
  const low = exLow === undefined ? num(schema.minimum) : undefined;
  const high = exHigh === undefined ? num(schema.maximum) : undefined;
  if (isInteger) {
    const lo = exLow !== undefined ? Math.floor(exLow) + 1 : low !== undefined ? Math.ceil(low) : -Infinity;
    const hi =
      exHigh !== undefined ? Math.ceil(exHigh) - 1 : high !== undefined ? Math.floor(high) : Infinity;
    return applyMultipleOf(Math.min(Math.max(index, lo), hi), schema, lo, hi);
  }
  const lo = exLow ?? low ?? -Infinity;
  const hi = exHigh ?? high ?? Infinity;
  let v = index;
  if (v < lo || (exLow !== undefined && v <= lo))
    v = exLow === undefined ? lo : Number.isFinite(hi) ? (lo + hi) / 2 : lo + 1;
  if (v > hi || (exHigh !== undefined && v >= hi))
    v = exHigh === undefined ? hi : Number.isFinite(lo) ? (lo + hi) / 2 : hi - 1;
  return applyMultipleOf(v, schema, lo, hi);
}

function applyMultipleOf(v: number, schema: JsonSchema, lo: number, hi: number): number {
  const step = schema.multipleOf;
  if (typeof step !== 'number' || step <= 0) return v;
  const up = Math.ceil(v / step) * step;
  return up <= hi || Math.floor(v / step) * step < lo ? up : Math.floor(v / step) * step;
}
