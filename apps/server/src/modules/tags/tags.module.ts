import type { ModuleContext, ModuleParts } from '../context';
import { TagsRepository } from './tags.repository';
import { registerTagsRoutes } from './tags.routes';
import { TagsService } from './tags.service';

/** The ids among `ids` that are tags of the app with the flag: what user-group conditions may name. */
export function existingTagIds(
  database: ModuleContext['database'],
): (appId: number, ids: number[], flag: 'LABEL' | 'GROUP') => Promise<Set<number>> {
  const tags = new TagsRepository(database);
  return (appId, ids, flag) => tags.existingIds(appId, ids, flag);
}

/** Tags: the service on the primary and, for its reads, the replica when there is one. */
export function tagsModule({ app, database, repos }: ModuleContext): ModuleParts {
  const tags = new TagsService(new TagsRepository(database), new TagsRepository(database.reads ?? database));
  return { routes: () => registerTagsRoutes(app, { tags, apps: repos.apps }) };
}
