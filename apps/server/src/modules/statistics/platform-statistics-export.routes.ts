import { z } from 'zod';
import { PLATFORM_STAT_EXPORT_PATH, PlatDashboardExportQuery } from '@beacon/shared';
import { registerCsvRoute } from '../../lib/csv-route';
import type { FastifyInstance } from 'fastify';
import { platformStatisticsPolicy } from './platform-statistics.policy';
import type { PlatformReportsService } from './platform-reports.service';
import { funnelColumns } from './statistics-export.routes';

const ExportQuery = PlatDashboardExportQuery.extend({
  expand: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
});

/** GET /tcm/global/plat/dashboard/export: every message of the tab's range and app, in its order, and the total. */
export function registerPlatformStatisticsExport(
  app: FastifyInstance,
  reports: PlatformReportsService,
): void {
  registerCsvRoute(
    app,
    {
      url: PLATFORM_STAT_EXPORT_PATH,
      summary: 'CSV of the platform statistics tab: its messages and their total (start, end, appId, expand)',
      access: platformStatisticsPolicy.platform,
      params: z.object({}),
      query: ExportQuery,
    },
    async ({ query: q }) => {
      const cols = funnelColumns(q.expand === '1');
      const r = await reports.dashboardRows(q);
      const scope = q.appId === undefined ? 'all' : `app${q.appId}`;
      return {
        name: `platform_${scope}_${r.start}_${r.end}.csv`,
        rows: [
          ['msgId', 'appId', 'app', 'title', 'msgType', 'firstDay', 'lastDay', ...cols],
          ...r.rows.map((m) => [
            m.msgId,
            m.appId,
            m.appTitle,
            m.title,
            m.msgType,
            m.firstDay,
            m.lastDay,
            ...cols.map((c) => m[c]),
          ]),
          ['total', '', '', '', '', r.start, r.end, ...cols.map((c) => r.total[c])],
        ],
      };
    },
  );
}
