import { z } from 'zod';
import { PLATFORM_STAT_EXPORT_PATH, PlatDashboardExportQuery, type MessageStatRow } from '@beacon/shared';
import { parseOrThrow } from '../../lib/api-error';
import { csvOf, sendCsv, type CsvValue } from '../../lib/csv';
import { registerRawRoute } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { platformStatisticsPolicy } from './platform-statistics.policy';
import type { PlatformReportsService } from './platform-reports.service';

/** The columns of the statistics tab's CSV, in the table's order; conversion only with expand=1. */
const columns = (expand: boolean) =>
  [
    'push',
    'dispatch',
    'dispatchRate',
    'reach',
    'reachRate',
    'show',
    'showRate',
    'click',
    'clickRate',
    ...(expand ? (['conversion', 'conversionRate'] as const) : []),
    'noticeOff',
    'noticeOffRate',
  ] as const satisfies ReadonlyArray<keyof MessageStatRow>;

const ExportQuery = PlatDashboardExportQuery.extend({
  expand: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
});

/** GET /tcm/global/plat/dashboard/export: every message of the tab's range and app, in its order, and the total. */
export function registerPlatformStatisticsExport(
  { app }: ModuleContext,
  reports: PlatformReportsService,
): void {
  registerRawRoute(
    app,
    {
      method: 'GET',
      url: PLATFORM_STAT_EXPORT_PATH,
      summary: 'CSV of the platform statistics tab: its messages and their total (start, end, appId, expand)',
      access: platformStatisticsPolicy.platform,
    },
    async ({ req, reply }) => {
      const q = parseOrThrow(ExportQuery, req.query);
      const cols = columns(q.expand === '1');
      const r = await reports.dashboardRows(q);
      const rows: CsvValue[][] = [
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
      ];
      const scope = q.appId === undefined ? 'all' : `app${q.appId}`;
      return sendCsv(reply, `platform_${scope}_${r.start}_${r.end}.csv`, csvOf(rows));
    },
  );
}
