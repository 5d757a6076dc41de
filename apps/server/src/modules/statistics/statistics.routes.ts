import { statisticsCalls as calls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { withCountsSettled } from './counts-settled';
import { registerStatisticsExports } from './statistics-export.routes';
import { statisticsPolicy as policy } from './statistics.policy';
import { StatisticsRepository } from './statistics.repository';
import { StatisticsService } from './statistics.service';

/** Statistics: a message's funnel, distribution, losses and reach; the app's reports and their CSV exports. */
export async function registerStatisticsModule(ctx: ModuleContext): Promise<void> {
  const service = new StatisticsService(new StatisticsRepository(ctx.database.reads ?? ctx.database));
  await withCountsSettled(ctx.app, ctx.counting, (app) => registerRoutes({ ...ctx, app }, service));
}

function registerRoutes(ctx: ModuleContext, service: StatisticsService): void {
  const { app } = ctx;

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
  registerCall(app, calls.users, policy.reports, ({ params, query }) => service.users(params.appId, query));

  registerStatisticsExports(ctx, service);
}
