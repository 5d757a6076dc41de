import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { fastParserOf, hasNul, TEXT_PROBLEM_MESSAGES } from '@beacon/shared';
import type { z } from 'zod';

/**
 * The path of the first string (or object key) in `value` that holds U+0000, or undefined when there is none. It runs
 * on every request's body, query and params: the walk allocates nothing unless it finds one (a path array copied at
 * every level was ≈ 3 % of a device API call's CPU).
 */
export function nulPath(value: unknown): Array<string | number> | undefined {
  if (typeof value === 'string') return hasNul(value) ? [] : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i]);
      if (found) {
        found.unshift(i);
        return found;
      }
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      // a bad key is named by its object: the key itself cannot be shown
      if (hasNul(key)) return [];
      const found = nulPath((value as Record<string, unknown>)[key]);
      if (found) {
        found.unshift(key);
        return found;
      }
    }
  }
  return undefined;
}

/**
 * The route validator: the contract's zod schema (fastify-type-provider-zod), then a safety net for whatever a
 * contract lets through: a string anywhere in the body, query or params holding U+0000 (PostgreSQL cannot store it)
 * is refused like a zod issue, so the error handler answers 400 naming the field. It runs in Fastify's validation
 * phase, after the access check of the preValidation hook.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  // the device API's events and heartbeats: the shared fast path answers the schema's own value for the bodies SDKs
  // send (devices-fast.ts), and leaves the others to it. What it takes holds no U+0000: its strings are all of fixed
  // patterns (the gaid, the message id, the event type)
  const fast = route.httpPart === 'body' ? fastParserOf(route.schema) : undefined;
  if (fast)
    return (data: unknown) => {
      const value = fast(data);
      return value === undefined ? checked(validate, data) : { value };
    };
  return (data: unknown) => checked(validate, data);
};

/** The schema's answer, refused like a zod issue when a string holds U+0000. */
function checked(validate: (data: unknown) => unknown, data: unknown) {
  const result = validate(data) as { error?: Error | FastifySchemaValidationError[]; value?: unknown };
  if (result.error) return result;
  const path = nulPath(data);
  if (!path) return result;
  const issue: FastifySchemaValidationError = {
    keyword: 'custom',
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/custom`,
    message: TEXT_PROBLEM_MESSAGES.control,
    params: {},
  };
  return { error: [issue] };
}

/**
 * A body the route validator would accept for `schema`, as the value it would give the handler, or undefined when it
 * would refuse it (the device API's front door then leaves the call to the Fastify route, which names the field): the
 * shared fast path when the schema has one, else the schema and the U+0000 check.
 */
export function acceptedBody<S extends z.ZodType>(schema: S): (body: unknown) => z.output<S> | undefined {
  const fast = fastParserOf(schema) as ((body: unknown) => z.output<S> | undefined) | undefined;
  return (body) => {
    const value = fast?.(body);
    if (value !== undefined) return value;
    const parsed = schema.safeParse(body);
    return parsed.success && nulPath(body) === undefined ? parsed.data : undefined;
  };
}
