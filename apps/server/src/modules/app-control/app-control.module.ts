import type { ModuleContext, ModuleParts } from '../context';
import { AppControlRepository } from './app-control.repository';
import { registerAppControlRoutes } from './app-control.routes';
import { AppControlService } from './app-control.service';

/** The notification-control and global-whitelist apps of /platformsettings. */
export function appControlModule({ app, database }: ModuleContext): ModuleParts {
  const control = new AppControlService(new AppControlRepository(database));
  return { routes: () => registerAppControlRoutes(app, control) };
}
