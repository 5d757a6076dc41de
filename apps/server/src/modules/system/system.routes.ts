import type { FastifyInstance } from 'fastify';
import { userCalls, type SystemInfo } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';

export interface SystemRoutesDeps {
  info: SystemInfo;
  checkDatabase: () => Promise<void>;
}

/** Health check (database included) and the facts the console shows (version, sandbox, SSO). */
export function registerSystemRoutes(app: FastifyInstance, deps: SystemRoutesDeps): void {
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await deps.checkDatabase();
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  registerCall(app, userCalls.systemInfo, 'public', async () => deps.info);
}
