import type { FastifyInstance } from 'fastify';
import { pushRecoveryCalls, statisticsCalls as calls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import { registerStatisticsExports } from './statistics-export.routes';
import { statisticsPolicy as policy } from './statistics.policy';
import type { StatisticsService } from './statistics.service';

/** Statistics: a message's funnel, distribution, losses and reach; the app's reports and their CSV exports. */
export function registerStatisticsRoutes(app: FastifyInstance, service: StatisticsService): void {
  registerCall(app, calls.funnel, policy.message, ({ params }) => service.funnel(params.appId, params.msgId));
  registerCall(app, calls.distribution, policy.message, ({ params }) =>
    service.distribution(params.appId, params.msgId, params.dimension),
  );
  registerCall(app, calls.dispatchLoss, policy.message, ({ params }) =>
    service.dispatchLoss(params.appId, params.msgId),
  );
  registerCall(app, calls.showLoss, policy.message, ({ params }) =>
    service.showLoss(params.appId, params.msgId),
  );
  registerCall(app, pushRecoveryCalls.byModel, policy.message, ({ params }) =>
    service.recoveredByModel(params.appId, params.msgId),
  );
  registerCall(app, calls.reach, policy.message, ({ params }) => service.reach(params.appId, params.msgId));

  registerCall(app, calls.yesterday, policy.reports, ({ params, query }) =>
    service.yesterday(params.appId, query.type),
  );
  registerCall(app, calls.project, policy.reports, ({ params, query }) =>
    service.project(params.appId, query),
  );
  registerCall(app, calls.dimension, policy.reports, ({ params, query }) =>
    service.dimension(params.appId, query),
  );
  registerCall(app, calls.versionCountry, policy.reports, ({ params, query }) =>
    service.versionCountry(params.appId, query),
  );
  registerCall(app, calls.uninstalls, policy.reports, ({ params, query }) =>
    service.uninstalls(params.appId, query),
  );
  registerCall(app, calls.users, policy.reports, ({ params, query }) => service.users(params.appId, query));

  registerStatisticsExports(app, service);
}
