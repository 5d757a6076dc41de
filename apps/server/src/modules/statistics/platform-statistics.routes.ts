import type { FastifyInstance } from 'fastify';
import { platformStatisticsCalls as calls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import { registerPlatformStatisticsExport } from './platform-statistics-export.routes';
import { platformStatisticsPolicy as policy } from './platform-statistics.policy';
import type { PlatformReportsService } from './platform-reports.service';
import type { PlatformStatisticsService } from './platform-statistics.service';

/**
 * Platform statistics: the admin dashboard's reports and tracking (/tcm/v1/dashboard/*, level 100) and the
 * platform administrators' statistics and report tabs (/tcm/global/plat/dashboard, /tcm/global/msg/*, 100 and 150).
 */
export function registerPlatformStatisticsRoutes(
  app: FastifyInstance,
  { stats, reports }: { stats: PlatformStatisticsService; reports: PlatformReportsService },
): void {
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
  registerPlatformStatisticsExport(app, reports);
}
