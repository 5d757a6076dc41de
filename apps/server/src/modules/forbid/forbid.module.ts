import type { ModuleContext, ModuleParts } from '../context';
import { FineworkRepository } from './finework.repository';
import { registerFineworkRoutes } from './finework.routes';
import { FineworkService } from './finework.service';
import { ForbidRepository } from './forbid.repository';
import { registerForbidRoutes } from './forbid.routes';
import { ForbidService } from './forbid.service';

/** Bans: the fine-work tab of /platformsettings (edits), then an app's read-only control view (config/forbid). */
export function forbidModule({ app, database }: ModuleContext): ModuleParts {
  const finework = new FineworkService(new FineworkRepository(database));
  const forbid = new ForbidService(new ForbidRepository(database));
  return {
    routes: () => {
      registerFineworkRoutes(app, finework);
      registerForbidRoutes(app, forbid);
    },
  };
}
