import { isGlobalTagSwitchOn } from '../../platform/platform-settings';
import { userGroupCalls } from '@beacon/shared';
import { compileAudience } from '../../audience/compile-conditions';
import { estimateAudience } from '../../audience/sampled-estimate';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { existingTagIds } from '../tags';
import { userGroupsPolicy } from './user-groups.policy';
import { UserGroupsRepository } from './user-groups.repository';
import { UserGroupsService } from './user-groups.service';

/** User-group routes: list (with live sizes), create, edit, delete, and the live size of conditions (sampled on large apps). */
export function registerUserGroupsModule({ app, database, repos }: ModuleContext): void {
  const groups = new UserGroupsService({
    repo: new UserGroupsRepository(database.db),
    appAdvanceTarget: async (appId) => (await repos.apps.findById(appId))?.advanceTarget,
    tagSwitchOn: () => isGlobalTagSwitchOn(database),
    existingTagIds: existingTagIds(database),
    // the compose estimate's sampler: exact below 100,000 devices, ±1–3 % from one index range above (bench/README.md)
    countAudience: async (appId, conditions) => {
      const { count, exact } = await estimateAudience(
        database.reads ?? database,
        compileAudience(appId, conditions),
      );
      return { count, exact };
    },
  });
  const access = userGroupsPolicy.manageGroups;

  registerCall(app, userGroupCalls.list, userGroupsPolicy.listGroups, ({ params, body }) =>
    groups.list(params.appId, body),
  );
  registerCall(app, userGroupCalls.create, access, ({ params, body, session }) =>
    groups.create(params.appId, body, session.user.email),
  );
  registerCall(app, userGroupCalls.edit, access, ({ params, body }) => groups.edit(params.appId, body));
  registerCall(app, userGroupCalls.remove, access, async ({ params, body }) => {
    await groups.remove(params.appId, body.id);
    return {};
  });
  registerCall(app, userGroupCalls.estimate, access, ({ params, body }) =>
    groups.estimate(params.appId, body.conditions),
  );
}
