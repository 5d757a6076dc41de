import type { ModuleContext, ModuleParts } from '../context';
import { ControlGroupsRepository } from './control-groups.repository';
import { registerControlGroupRoutes } from './control-groups.routes';
import { ControlGroupsService } from './control-groups.service';

/**
 * Control groups (issue 34 §1): the app's global control group setting, its members' export and a message's lift.
 * The engine holds the members out (delivery/engine audience-source.ts holdoutsOf: loss 113).
 */
export function controlGroupsModule({ app, database, repos }: ModuleContext): ModuleParts {
  const service = new ControlGroupsService(repos.apps, new ControlGroupsRepository(database));
  return { routes: () => registerControlGroupRoutes(app, service) };
}
