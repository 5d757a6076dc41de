import { isGlobalTagSwitchOn } from '../global-settings/global-settings.repository';
import { userGroupCalls } from '@beacon/shared';
import { AudienceEstimator } from '../../audience/audience-estimator';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { TagsRepository } from '../tags/tags.repository';
import { userGroupsPolicy } from './user-groups.policy';
import { UserGroupsRepository } from './user-groups.repository';
import { UserGroupsService } from './user-groups.service';

/** User-group routes: list (with live sizes), create, edit, delete, and the live size of conditions. */
export function registerUserGroupsModule({ app, database, repos }: ModuleContext): void {
  const estimator = new AudienceEstimator(database);
  const tags = new TagsRepository(database);
  const groups = new UserGroupsService({
    repo: new UserGroupsRepository(database.db),
    appAdvanceTarget: async (appId) => (await repos.apps.findById(appId))?.advanceTarget,
    tagSwitchOn: () => isGlobalTagSwitchOn(database),
    existingTagIds: (appId, ids, flag) => tags.existingIds(appId, ids, flag),
    countAudience: (appId, conditions) => estimator.count(appId, conditions),
  });
  const access = userGroupsPolicy.manageGroups;

  registerCall(app, userGroupCalls.list, access, ({ params, body }) => groups.list(params.appId, body));
  registerCall(app, userGroupCalls.create, access, ({ params, body, session }) => groups.create(params.appId, body, session.user.email));
  registerCall(app, userGroupCalls.edit, access, ({ params, body }) => groups.edit(params.appId, body));
  registerCall(app, userGroupCalls.remove, access, async ({ params, body }) => {
    await groups.remove(params.appId, body.id);
    return {};
  });
  registerCall(app, userGroupCalls.estimate, access, ({ params, body }) => groups.estimate(params.appId, body.conditions));
}
