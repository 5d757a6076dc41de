import type { FastifyInstance } from 'fastify';
import { systemStatusCalls, userCalls, type SystemInfo } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { SystemStatusService } from './system-status.service';
import { systemPolicy } from './system.policy';

export interface SystemRoutesDeps {
  info: SystemInfo;
  checkDatabase: () => Promise<void>;
  status: SystemStatusService;
}

/**
 * Health check (database included), the facts the console shows (version, sandbox, SSO), and the platform's System
 * status (the deployment's processes, database, events log and FCM projects) for platform admins.
 */
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

  registerCall(app, systemStatusCalls.status, systemPolicy.platformAdmins, () => deps.status.status());
}
