import { targetingVocabulary } from '../../audience/check-conditions';
import { compileAudience } from '../../audience/compile-conditions';
import { estimateAudience } from '../../audience/sampled-estimate';
import { isGlobalTagSwitchOn } from '../../platform/platform-settings';
import type { ModuleContext, ModuleParts } from '../context';
import { existingTagIds } from '../tags';
import { UserGroupsRepository } from './user-groups.repository';
import { registerUserGroupsRoutes } from './user-groups.routes';
import { UserGroupsService } from './user-groups.service';

/** User groups: the service with the app's targeting setting, the tag checks and the audience sampler. */
export function userGroupsModule({ app, database, repos }: ModuleContext): ModuleParts {
  const groups = new UserGroupsService({
    repo: new UserGroupsRepository(database.db),
    appAdvanceTarget: async (appId) => (await repos.apps.findById(appId))?.advanceTarget,
    tagSwitchOn: () => isGlobalTagSwitchOn(database),
    existingTagIds: existingTagIds(database),
    vocabularyOf: targetingVocabulary(database),
    // the compose estimate's sampler: exact below 100,000 devices, ±1–3 % from one index range above (bench/README.md)
    countAudience: async (appId, conditions) => {
      const { count, exact } = await estimateAudience(
        database.reads ?? database,
        compileAudience(appId, conditions),
      );
      return { count, exact };
    },
  });
  return { routes: () => registerUserGroupsRoutes(app, groups) };
}
