import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { authPlugin, type AuthPluginOptions } from './auth';
import { compressionPlugin } from './compression';
import { errorEnvelopePlugin } from './error-envelope';
import { openapiPlugin } from './openapi';
import { readYourWritesPlugin } from './read-your-writes';
import { requestContextPlugin } from './request-context';
import { securityPlugin } from './security';
import { staticConsolePlugin } from './static-console';
import { docsPlugin } from './docs';

/** The plugins in their layers (external → app), before any route: cookies, security, bodies, language, errors, auth. */
export async function registerPlugins(
  app: FastifyInstance,
  opts: {
    config: Config;
    /** With a replica (DATABASE_READ_URL), its read-your-writes cookie (read-your-writes.ts). */
    database: Database;
    version: string;
    resolveSession: AuthPluginOptions['resolveSession'];
    /** The API keys (modules/api-keys): a request's bearer key, and what a key's call leaves behind. */
    keys?: AuthPluginOptions['keys'];
    /** Folder of the built console; omitted = API only. */
    consoleRoot?: string | undefined;
  },
): Promise<void> {
  const { config } = opts;
  const cookieSecret = createHash('sha256').update(config.secretKey).update('cookie').digest('hex');
  await app.register(cookie, { secret: cookieSecret });
  await app.register(readYourWritesPlugin, { database: opts.database });
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(compressionPlugin);
  await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(requestContextPlugin);
  await app.register(openapiPlugin, { version: opts.version });
  await app.register(errorEnvelopePlugin);
  await app.register(authPlugin, {
    resolveSession: opts.resolveSession,
    ...(opts.keys ? { keys: opts.keys } : {}),
  });
  await app.register(docsPlugin);
  if (opts.consoleRoot) await app.register(staticConsolePlugin, { root: opts.consoleRoot });
}
