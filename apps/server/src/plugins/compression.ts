import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/** JSON (`application/json`, `…+json`); @fastify/compress also compresses what mime-db calls compressible. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/;

/**
 * The console API's routes are the ones compressed (their answers are JSON). Every other route has no compression
 * hooks at all: the device API /sdk (answers of a few bytes, the ingest hot path), /files (images), /healthz, /metrics,
 * the console's files (compressed at build time), the FCM sandbox.
 */
const COMPRESSED_PREFIX = '/tcm/';

/**
 * br or gzip for the console API's JSON answers over 1 kB, error envelopes included, as the client accepts
 * (@fastify/compress; brotli at its quality 4, fast enough per request). Left alone: the routes outside /tcm (above),
 * and /tcm's raw routes (lib/register-call.ts registerRawRoute: they opt out): downloads (CSV, Excel) keep their bytes
 * and Content-Length, and the assistant's Server-Sent Events (a raw route that takes the response over) are never
 * buffered. Registered before the routes: @fastify/compress attaches its hooks to the routes registered after it.
 */
export const compressionPlugin = fp(async (app) => {
  // before @fastify/compress's own onRoute hook, which reads `compress`
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(COMPRESSED_PREFIX)) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPE,
    // a request body is never compressed by our clients: no inflating of uploads
    globalDecompression: false,
  });
});
