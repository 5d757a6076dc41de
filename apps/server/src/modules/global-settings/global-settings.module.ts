import type { ModuleContext, ModuleParts } from '../context';
import { GlobalSettingsRepository } from './global-settings.repository';
import { registerGlobalSettingsRoutes } from './global-settings.routes';
import { GlobalSettingsService } from './global-settings.service';

/** The platform's daily settings and app limits. */
export function globalSettingsModule({ app, database }: ModuleContext): ModuleParts {
  const settings = new GlobalSettingsService(new GlobalSettingsRepository(database));
  return { routes: () => registerGlobalSettingsRoutes(app, settings) };
}
