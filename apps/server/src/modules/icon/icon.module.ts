import type { ModuleContext, ModuleParts } from '../context';
import { IconRepository } from './icon.repository';
import { registerIconRoutes } from './icon.routes';
import { IconService } from './icon.service';

/** The app's default notification icon: its repository and the stored files. */
export function iconModule({ app, database, services }: ModuleContext): ModuleParts {
  const icons = new IconService(new IconRepository(database.db), services.files);
  return { routes: () => registerIconRoutes(app, icons) };
}
