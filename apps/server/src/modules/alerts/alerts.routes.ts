import { alertCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { alertsPolicy } from './alerts.policy';
import type { AlertsService } from './alerts.service';

/** The header bell's admin alerts (`GET /tcm/v1/dashboard/alarm`) and resolving one. */
export function registerAlertsRoutes(app: FastifyInstance, alerts: AlertsService): void {
  registerCall(app, alertCalls.list, alertsPolicy.admins, ({ req }) => alerts.open(req.lang));

  registerCall(app, alertCalls.resolve, alertsPolicy.admins, async ({ params, session }) => {
    await alerts.resolve(params.id, session.user.id);
    return {};
  });
}
