import type { ModuleContext, ModuleParts } from '../context';
import { AlertsRepository } from './alerts.repository';
import { registerAlertsRoutes } from './alerts.routes';
import { AlertsService } from './alerts.service';

/** The header bell's admin alerts: the service on its repository. */
export function alertsModule({ app, database }: ModuleContext): ModuleParts {
  const alerts = new AlertsService(new AlertsRepository(database));
  return { routes: () => registerAlertsRoutes(app, alerts) };
}
