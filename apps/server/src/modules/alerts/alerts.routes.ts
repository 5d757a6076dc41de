import { alertCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { alertsPolicy } from './alerts.policy';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';

/** The header bell's admin alerts (`GET /tcm/v1/dashboard/alarm`) and resolving one. */
export function registerAlertsModule({ app, database }: ModuleContext): void {
  const alerts = new AlertsService(new AlertsRepository(database));

  registerCall(app, alertCalls.list, alertsPolicy.admins, ({ req }) => alerts.open(req.lang));

  registerCall(app, alertCalls.resolve, alertsPolicy.admins, async ({ params, session }) => {
    await alerts.resolve(params.id, session.user.id);
    return {};
  });
}
