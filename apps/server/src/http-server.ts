import { createServer, type Server, type ServerOptions } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Logger, LoggerOptions } from 'pino';
import type { Config } from './config';
import { FrontDoor } from './lib/front-door';
import { safeLoggerOption } from './lib/log-options';
import { validatorCompiler } from './lib/validator';

function isLogger(l: unknown): l is Logger {
  return typeof l === 'object' && l !== null && typeof (l as Logger).child === 'function';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes answered before Fastify (lib/front-door.ts): the device API's hottest calls. */
    frontDoor: FrontDoor;
  }
}

const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The Fastify instance of buildApp: its logger, proxies, limits and the contracts' compilers; its HTTP server's
 * requests pass the front door first.
 */
export function createHttpServer(
  config: Config,
  loggerOption: Logger | LoggerOptions | boolean | undefined,
): FastifyInstance {
  // secrets never reach the log: statement parameters, hashes, tokens, cookies, keys (lib/log-options.ts)
  const logger = safeLoggerOption(loggerOption, config.logLevel);
  const door = new FrontDoor(BODY_LIMIT);
  // Fastify's own HTTP/1 server (lib/server.js), its request listener behind the front door
  const serverFactory: FastifyServerFactory = (handler, options) => {
    // the options with Fastify's defaults filled in
    const opts = options as {
      http?: ServerOptions;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
    };
    const server: Server = createServer(opts.http ?? {}, (req, res) => door.dispatch(req, res, handler));
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = opts.requestTimeout ?? 0;
    server.setTimeout(opts.connectionTimeout ?? 0);
    return server;
  };
  const app: FastifyInstance = Fastify({
    serverFactory,
    ...(isLogger(logger) ? { loggerInstance: logger } : { logger }),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); else req.ip is the socket's
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    // a plugin's start is timed from its load: on a busy two-core machine (the test run) Fastify's 10 s was exceeded
    // once by @fastify/cookie, which has nothing to wait for; a plugin that truly hangs still fails the start
    pluginTimeout: 60_000,
  }) as unknown as FastifyInstance;
  door.attach(app);
  app.decorate('frontDoor', door);
  // a closing server's calls go to Fastify, which answers 503 while it closes
  app.addHook('preClose', (done) => {
    door.closing = true;
    done();
  });
  // the contracts' zod schemas, then no U+0000 in any input string (lib/validator.ts)
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
