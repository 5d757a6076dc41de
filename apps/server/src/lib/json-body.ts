import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@beacon/shared';

/** The error a body nesting deeper than LIMITS.jsonDepthMax is refused with (a 400 naming the body). */
export class JsonTooDeepError extends Error {
  readonly code = 'BEACON_JSON_TOO_DEEP';
  readonly statusCode = 400;
  constructor(readonly max: number) {
    super(`body nests deeper than ${max} levels`);
  }
}

/**
 * Whether JSON text opens more than `max` objects or arrays inside one another. One pass over the text, no
 * recursion: brackets inside strings (with their escapes) do not count. Invalid JSON is left to the parser.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype and constructor poisoning refused) behind the
 * depth check, for every route of the instance: the console API, the device API and the files.
 */
export function useDepthLimitedJson(app: FastifyInstance, max: number = LIMITS.jsonDepthMax): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, max)) return done(new JsonTooDeepError(max), undefined);
    void parse(req, text, done);
  });
}
