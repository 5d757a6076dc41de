import { appGroupCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { appGroupsPolicy } from './app-groups.policy';
import type { AppGroupsService } from './app-groups.service';

/** The Apps Group tab of /dashboard: list, the apps to pick from, save (create or edit) and delete. */
export function registerAppGroupsRoutes(app: FastifyInstance, groups: AppGroupsService): void {
  registerCall(app, appGroupCalls.list, appGroupsPolicy.signedIn, async ({ session }) => ({
    groups: await groups.list(session.user),
  }));

  registerCall(app, appGroupCalls.candidates, appGroupsPolicy.signedIn, async ({ session }) => ({
    apps: await groups.candidates(session.user),
  }));

  registerCall(app, appGroupCalls.save, appGroupsPolicy.signedIn, async ({ session, body }) => ({
    groupId: await groups.save(session.user, body),
  }));

  registerCall(app, appGroupCalls.remove, appGroupsPolicy.signedIn, async ({ session, params }) => {
    await groups.remove(session.user, params.groupId);
    return {};
  });
}
