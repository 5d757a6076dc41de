import type { ModuleContext, ModuleParts } from '../context';
import { TemplatesRepository } from './templates.repository';
import { registerTemplateRoutes } from './templates.routes';
import { TemplatesService } from './templates.service';

/** Personalised content (issue 33 §4): the compose preview's values; the checks and the render are @beacon/shared's. */
export function templatesModule({ app, database, templateValues }: ModuleContext): ModuleParts {
  const templates = new TemplatesService(new TemplatesRepository(database, templateValues), templateValues);
  return { routes: () => registerTemplateRoutes(app, templates) };
}
