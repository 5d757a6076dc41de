import { isPlainObject } from './json-schema';
import { type JsonSchema } from './types';

type Context = (string | number)[];

/**
 * What OpenAI rejects in a `strict: true` json_schema, worded as OpenAI words it, or undefined: the root must be
 * an object, and every object must set `additionalProperties: false` and list all its properties in `required`.
 */
export function strictSchemaProblem(schema: JsonSchema): string | undefined {
  if (schema.type !== 'object')
    return `schema must be a JSON Schema of 'type: "object"', got 'type: ${JSON.stringify(schema.type ?? null)}'.`;
  return walk(schema, []);
}

function walk(schema: unknown, context: Context): string | undefined {
  if (!isPlainObject(schema)) return undefined;
  const isObject =
    schema.type === 'object' ||
    (Array.isArray(schema.type) && schema.type.includes('object')) ||
    'properties' in schema;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  if (isObject) {
    if (schema.additionalProperties !== false)
      return `In context=${tuple(context)}, 'additionalProperties' is required to be supplied and to be false.`;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing !== undefined || !Array.isArray(schema.required))
      return `In context=${tuple(context)}, 'required' is required to be supplied and to be an array including every key in properties.${missing === undefined ? '' : ` Missing '${missing}'.`}`;
  }
  const children: [unknown, Context][] = Object.entries(properties).map(([k, v]) => [
    v,
    [...context, 'properties', k],
  ]);
  if (schema.items !== undefined) children.push([schema.items, [...context, 'items']]);
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) branches.forEach((b, i) => children.push([b, [...context, key, i]]));
  }
  for (const key of ['$defs', 'definitions'] as const) {
    const defs = schema[key];
    if (isPlainObject(defs))
      for (const [name, def] of Object.entries(defs)) children.push([def, [...context, key, name]]);
  }
  for (const [child, childContext] of children) {
    const problem = walk(child, childContext);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** A Python tuple's repr, as OpenAI prints schema paths: (), ('items',), ('properties', 'a'). */
function tuple(context: Context): string {
  const parts = context.map((p) => (typeof p === 'number' ? String(p) : `'${p}'`));
  return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(', ')})`;
}
