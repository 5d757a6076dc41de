import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/tcm/', '/sdk/', '/files/', '/healthz', '/metrics', '/emulator/'];

/**
 * Serves the built console with SPA fallback: any GET that is not an API path answers index.html, so the
 * console's router shows the screen (or its own not-found page). API paths keep the JSON 404. A browser that accepts
 * br or gzip gets the `.br` / `.gz` copy the console's build wrote beside a file (apps/console/vite.config.ts), else the
 * file as it is; every answer says it varies with Accept-Encoding, so a cache keeps the copies apart.
 */
export const staticConsolePlugin = fp<{ root: string }>(async (app, opts) => {
  const index = path.join(opts.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'console build not found: run `npm run build -w @beacon/console`');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    // file.js.br / file.js.gz when the request accepts them (br first), the file itself otherwise
    preCompressed: true,
    // our own cache-control only (send's `public, max-age=0` replaced the no-cache of index.html)
    cacheControl: false,
    // `file` is the one sent: `….js.br` for a compressed copy
    setHeaders: (res, file) => {
      res.setHeader('vary', 'accept-encoding');
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('consoleIndex', true);
});

declare module 'fastify' {
  interface FastifyInstance {
    consoleIndex?: boolean;
  }
}

/**
 * Whether a not-found GET (or HEAD: a monitor's or a link preview's check of a console address) should answer the
 * console's index.html (any path that is not an API path).
 */
export function isConsolePath(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !API_PREFIXES.some((p) => url.startsWith(p));
}
