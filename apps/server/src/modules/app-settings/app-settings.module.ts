import type { ModuleContext, ModuleParts } from '../context';
import { AppSettingsRepository } from './app-settings.repository';
import { registerAppSettingsRoutes } from './app-settings.routes';
import { AppSettingsService } from './app-settings.service';

/** /appsettings: every app's configuration switches. */
export function appSettingsModule({ app, database }: ModuleContext): ModuleParts {
  const settings = new AppSettingsService(new AppSettingsRepository(database));
  return { routes: () => registerAppSettingsRoutes(app, settings) };
}
