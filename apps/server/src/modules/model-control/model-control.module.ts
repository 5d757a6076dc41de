import type { ModuleContext, ModuleParts } from '../context';
import { ModelControlRepository } from './model-control.repository';
import { registerModelControlRoutes } from './model-control.routes';
import { ModelControlService } from './model-control.service';

/** The "mobile models" tab of /platformsettings: the shielding lists' service on its repository. */
export function modelControlModule({ app, database }: ModuleContext): ModuleParts {
  const models = new ModelControlService(new ModelControlRepository(database));
  return { routes: () => registerModelControlRoutes(app, models) };
}
