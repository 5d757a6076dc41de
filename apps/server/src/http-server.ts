import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Logger, LoggerOptions } from 'pino';
import type { Config } from './config';
import { safeLoggerOption } from './lib/log-options';
import { validatorCompiler } from './lib/validator';

function isLogger(l: unknown): l is Logger {
  return typeof l === 'object' && l !== null && typeof (l as Logger).child === 'function';
}

/** The Fastify instance of buildApp: its logger, proxies, limits and the contracts' compilers. */
export function createHttpServer(
  config: Config,
  loggerOption: Logger | LoggerOptions | boolean | undefined,
): FastifyInstance {
  // secrets never reach the log: statement parameters, hashes, tokens, cookies, keys (lib/log-options.ts)
  const logger = safeLoggerOption(loggerOption, config.logLevel);
  const app: FastifyInstance = Fastify({
    ...(isLogger(logger) ? { loggerInstance: logger } : { logger }),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); else req.ip is the socket's
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // a plugin's start is timed from its load: on a busy two-core machine (the test run) Fastify's 10 s was exceeded
    // once by @fastify/cookie, which has nothing to wait for; a plugin that truly hangs still fails the start
    pluginTimeout: 60_000,
  }) as unknown as FastifyInstance;
  // the contracts' zod schemas, then no U+0000 in any input string (lib/validator.ts)
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
