import { platformStatisticsCalls as calls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { withCountsSettled } from './counts-settled';
import { registerPlatformStatisticsExport } from './platform-statistics-export.routes';
import { platformStatisticsPolicy as policy } from './platform-statistics.policy';
import { PlatformReportsRepository } from './platform-reports.repository';
import { PlatformReportsService } from './platform-reports.service';
import { PlatformStatisticsRepository } from './platform-statistics.repository';
import { PlatformStatisticsService } from './platform-statistics.service';
import { PlatformTrackingRepository } from './platform-tracking.repository';

/**
 * Platform statistics: the admin dashboard's reports and tracking (/tcm/v1/dashboard/*, level 100) and the
 * platform administrators' statistics and report tabs (/tcm/global/plat/dashboard, /tcm/global/msg/*, 100 and 150).
 */
export async function registerPlatformStatisticsModule(ctx: ModuleContext): Promise<void> {
  await withCountsSettled(ctx.app, ctx.counting, (app) => registerRoutes({ ...ctx, app }));
}

function registerRoutes(ctx: ModuleContext): void {
  const { app, config } = ctx;
  const database = ctx.database.reads ?? ctx.database; // reports only read: the replica's, when there is one
  const rollups = new PlatformStatisticsRepository(database);
  const stats = new PlatformStatisticsService(
    rollups,
    new PlatformTrackingRepository(database),
    new URL(config.publicUrl).host,
  );
  const reports = new PlatformReportsService(stats, rollups, new PlatformReportsRepository(database));
  const { dashboard, platform } = policy;

  registerCall(app, calls.yesterday, dashboard, ({ query }) => stats.yesterday(query.type));
  registerCall(app, calls.push, dashboard, ({ query }) => stats.push(query));
  registerCall(app, calls.users, dashboard, ({ query }) => stats.users(query));
  registerCall(app, calls.countryApp, dashboard, ({ query }) => stats.countryApp(query));
  registerCall(app, calls.userMetric, dashboard, ({ query }) => stats.userMetric(query));
  registerCall(app, calls.meta, dashboard, () => stats.meta());
  registerCall(app, calls.tracking, dashboard, ({ query }) => stats.trackingRecords(query));

  registerCall(app, calls.platApps, platform, async () => ({
    apps: (await stats.apps()).map(({ appId, title, pkg }) => ({ appId, title, pkg })),
  }));
  registerCall(app, calls.platDashboard, platform, ({ body }) => reports.dashboard(body));
  registerCall(app, calls.msgStat, platform, ({ body }) => reports.stat(body));
  registerCall(app, calls.msgList, platform, ({ body }) => reports.list(body));
  registerPlatformStatisticsExport(ctx, reports);
}
