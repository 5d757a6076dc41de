import { codePoints, deepEqual, isPlainObject, jsonType, resolveRef } from './json-schema';
import { type JsonSchema } from './types';

/**
 * Why `value` is not valid against `schema`, one line per problem (empty when valid). Covers the keywords
 * schemaInstance understands plus `pattern`; `format` is not checked.
 */
export function schemaProblems(schema: JsonSchema, value: unknown): string[] {
  const out: string[] = [];
  check(schema, value, '$', schema, out);
  return out;
}

function check(raw: unknown, value: unknown, path: string, root: JsonSchema, out: string[]): void {
  const schema = resolveRef(raw, root);
  if (schema === true) return;
  if (schema === false) {
    out.push(`${path}: no value is allowed here`);
    return;
  }
  if ('const' in schema && !deepEqual(schema.const, value))
    out.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEqual(e, value)))
    out.push(`${path}: expected one of ${JSON.stringify(schema.enum)}`);
  if (!typeMatches(schema.type, value)) {
    out.push(`${path}: expected ${JSON.stringify(schema.type)}, got ${jsonType(value)}`);
    return;
  }
  checkCombinators(schema, value, path, root, out);
  if (typeof value === 'string') checkString(schema, value, path, out);
  else if (typeof value === 'number') checkNumber(schema, value, path, out);
  else if (Array.isArray(value)) checkArray(schema, value, path, root, out);
  else if (isPlainObject(value)) checkObject(schema, value, path, root, out);
}

function typeMatches(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  const actual = jsonType(value);
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

function checkCombinators(
  schema: JsonSchema,
  value: unknown,
  path: string,
  root: JsonSchema,
  out: string[],
): void {
  const passes = (branch: unknown): boolean => {
    const problems: string[] = [];
    check(branch, value, path, root, problems);
    return problems.length === 0;
  };
  if (Array.isArray(schema.allOf)) for (const branch of schema.allOf) check(branch, value, path, root, out);
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some(passes)) out.push(`${path}: matches no anyOf branch`);
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter(passes).length !== 1)
    out.push(`${path}: must match exactly one oneOf branch`);
}

function checkString(schema: JsonSchema, value: string, path: string, out: string[]): void {
  const length = codePoints(value).length;
  if (typeof schema.minLength === 'number' && length < schema.minLength)
    out.push(`${path}: shorter than ${schema.minLength}`);
  if (typeof schema.maxLength === 'number' && length > schema.maxLength)
    out.push(`${path}: longer than ${schema.maxLength}`);
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
    out.push(`${path}: does not match ${schema.pattern}`);
}

function checkNumber(schema: JsonSchema, value: number, path: string, out: string[]): void {
  const { minimum, maximum, exclusiveMinimum: exMin, exclusiveMaximum: exMax, multipleOf } = schema;
  if (typeof minimum === 'number' && (exMin === true ? value <= minimum : value < minimum))
    out.push(`${path}: below the minimum ${minimum}`);
  if (typeof maximum === 'number' && (exMax === true ? value >= maximum : value > maximum))
    out.push(`${path}: above the maximum ${maximum}`);
  if (typeof exMin === 'number' && value <= exMin) out.push(`${path}: not above ${exMin}`);
  if (typeof exMax === 'number' && value >= exMax) out.push(`${path}: not below ${exMax}`);
  if (typeof multipleOf === 'number' && Math.abs(value / multipleOf - Math.round(value / multipleOf)) > 1e-9)
    out.push(`${path}: not a multiple of ${multipleOf}`);
}

function checkArray(
  schema: JsonSchema,
  value: unknown[],
  path: string,
  root: JsonSchema,
  out: string[],
): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems)
    out.push(`${path}: fewer than ${schema.minItems} items`);
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
    out.push(`${path}: more than ${schema.maxItems} items`);
  if (schema.uniqueItems === true && value.some((v, i) => value.slice(0, i).some((w) => deepEqual(v, w))))
    out.push(`${path}: items are not unique`);
  const prefix: unknown[] = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  value.forEach((item, i) => {
    const itemSchema = i < prefix.length ? prefix[i] : schema.items;
    if (itemSchema !== undefined) check(itemSchema, item, `${path}[${i}]`, root, out);
  });
}

function checkObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: string,
  root: JsonSchema,
  out: string[],
): void {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required))
    for (const key of schema.required)
      if (!(String(key) in value)) out.push(`${path}: missing "${String(key)}"`);
  for (const [key, item] of Object.entries(value)) {
    if (key in properties) check(properties[key], item, `${path}.${key}`, root, out);
    else if (schema.additionalProperties === false) out.push(`${path}: unexpected property "${key}"`);
    else if (isPlainObject(schema.additionalProperties))
      check(schema.additionalProperties, item, `${path}.${key}`, root, out);
  }
}
