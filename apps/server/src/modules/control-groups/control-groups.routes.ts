import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppIdParams, CONTROL_GROUP_EXPORT_PATH, controlGroupCalls } from '@beacon/shared';
import { registerCsvRoute } from '../../lib/csv-route';
import { registerCall } from '../../lib/register-call';
import type { ControlGroupsService } from './control-groups.service';
import { controlGroupsPolicy as policy } from './control-groups.policy';

export function registerControlGroupRoutes(app: FastifyInstance, service: ControlGroupsService): void {
  registerCall(app, controlGroupCalls.get, policy.settings, ({ params }) => service.get(params.appId));
  registerCall(app, controlGroupCalls.set, policy.settings, ({ params, body }) =>
    service.set(params.appId, body),
  );
  registerCall(app, controlGroupCalls.activity, policy.statistics, ({ params, query }) =>
    service.activity(params.appId, query),
  );
  registerCall(app, controlGroupCalls.lift, policy.message, ({ params }) =>
    service.lift(params.appId, params.msgId),
  );
  registerCsvRoute(
    app,
    {
      url: CONTROL_GROUP_EXPORT_PATH,
      summary: 'CSV of the advertising ids in the app’s global control group',
      access: policy.settings,
      params: AppIdParams,
      query: z.object({}),
    },
    async ({ params: { appId } }) => ({
      name: `control_group_${appId}.csv`,
      rows: [['gaid'], ...(await service.members(appId)).map((g) => [g])],
    }),
  );
}
