import { z } from 'zod';

/**
 * The body of a call that takes none: nothing, or an empty object (what the console sends). A key is refused as an
 * unknown key of every other route is (a 400 naming it); the server gives it to every call without a body schema.
 */
export const EmptyBody = z.strictObject({}).nullish();

/** One API call: its method, path (Fastify style, `:param`), input schemas and the schema of `data`. */
export interface Call<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  data: D;
  /** true: the body is one multipart/form-data file part named `file` (uploads); otherwise JSON. */
  upload?: boolean;
  /** false: callable without a session (sign-in, registration). Default true. */
  auth?: boolean;
}

/** Declares a call; the server registers a route from it and the console calls it through it. */
export function defineCall<
  D extends z.ZodType,
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
>(call: Call<B, Q, P, D>): Call<B, Q, P, D> {
  return call;
}

/** Fills `:name` segments of a call path. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
