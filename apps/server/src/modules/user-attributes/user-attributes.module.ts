import type { ModuleContext, ModuleParts } from '../context';
import { UserAttributesRepository } from './user-attributes.repository';
import { registerUserAttributesRoutes } from './user-attributes.routes';
import { AttributeSettingsService } from './user-attributes.settings';

/**
 * The app settings' attributes card (/tcm). The device API's writes (UserAttributesService) are built by app.ts with
 * the devices module, whose /sdk/v1 scope serves them.
 */
export function userAttributesModule({ app, database }: ModuleContext): ModuleParts {
  const settings = new AttributeSettingsService(new UserAttributesRepository(database));
  return { routes: () => registerUserAttributesRoutes(app, settings) };
}
