import { type JsonSchema } from './types';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type name of a value, as JSON Schema's `type` spells it ('integer' for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Follows `$ref`s of the form `#/...` (JSON pointers into the root schema); anything else resolves to `{}`. */
export function resolveRef(schema: unknown, root: JsonSchema): JsonSchema | boolean {
  let current = schema;
  for (let hops = 0; hops < 32; hops++) {
    if (typeof current === 'boolean') return current;
    if (!isPlainObject(current)) return {};
    const ref = current.$ref;
    if (typeof ref !== 'string') return current;
    if (!ref.startsWith('#')) return {};
    current = ref
      .slice(1)
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), root);
  }
  return {};
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

/** Unicode code points, the unit of JSON Schema's minLength and maxLength. */
export function codePoints(s: string): string[] {
  return Array.from(s);
}
