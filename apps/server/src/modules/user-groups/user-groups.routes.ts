import { userGroupCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { userGroupsPolicy } from './user-groups.policy';
import type { UserGroupsService } from './user-groups.service';

/** User-group routes: list (with live sizes), create, edit, delete, and the live size of conditions (sampled on large apps). */
export function registerUserGroupsRoutes(app: FastifyInstance, groups: UserGroupsService): void {
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
