import type { ModuleContext, ModuleParts } from '../context';
import { withCountsSettled } from './counts-settled';
import { PlatformReportsRepository } from './platform-reports.repository';
import { PlatformReportsService } from './platform-reports.service';
import { registerPlatformStatisticsRoutes } from './platform-statistics.routes';
import { PlatformStatisticsRepository } from './platform-statistics.repository';
import { PlatformStatisticsService } from './platform-statistics.service';
import { PlatformTrackingRepository } from './platform-tracking.repository';
import { registerStatisticsRoutes } from './statistics.routes';
import { StatisticsRepository } from './statistics.repository';
import { StatisticsService } from './statistics.service';

/**
 * An app's statistics (a message's funnel, distribution, losses and reach; the reports and their CSV exports), read
 * from the replica when there is one, in a scope whose requests first wait for the events this process counts.
 */
export function statisticsModule({ app, database, counting }: ModuleContext): ModuleParts {
  const service = new StatisticsService(new StatisticsRepository(database.reads ?? database));
  return {
    routes: () => withCountsSettled(app, counting, (scope) => registerStatisticsRoutes(scope, service)),
  };
}

/**
 * Platform statistics: the admin dashboard's reports and tracking (/tcm/v1/dashboard/*, level 100) and the
 * platform administrators' statistics and report tabs (/tcm/global/plat/dashboard, /tcm/global/msg/*, 100 and 150).
 */
export function platformStatisticsModule({ app, config, counting, ...ctx }: ModuleContext): ModuleParts {
  const database = ctx.database.reads ?? ctx.database; // reports only read: the replica's, when there is one
  const rollups = new PlatformStatisticsRepository(database);
  const stats = new PlatformStatisticsService(
    rollups,
    new PlatformTrackingRepository(database),
    new URL(config.publicUrl).host,
  );
  const reports = new PlatformReportsService(stats, rollups, new PlatformReportsRepository(database));
  return {
    routes: () =>
      withCountsSettled(app, counting, (scope) =>
        registerPlatformStatisticsRoutes(scope, { stats, reports }),
      ),
  };
}
