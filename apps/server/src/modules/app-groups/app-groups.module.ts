import type { ModuleContext, ModuleParts } from '../context';
import { AppGroupsRepository } from './app-groups.repository';
import { registerAppGroupsRoutes } from './app-groups.routes';
import { AppGroupsService } from './app-groups.service';

/** The Apps Group tab of /dashboard. */
export function appGroupsModule({ app, database }: ModuleContext): ModuleParts {
  const groups = new AppGroupsService(new AppGroupsRepository(database));
  return { routes: () => registerAppGroupsRoutes(app, groups) };
}
