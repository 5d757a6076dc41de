import { z } from 'zod';
import {
  AppIdParams,
  DimensionQuery,
  numberInput,
  ProjectQuery,
  RangeQuery,
  STAT_EXPORT_PATHS,
  type ReportDay,
} from '@beacon/shared';
import { parseOrThrow } from '../../lib/api-error';
import { csvOf, sendCsv, type CsvValue } from '../../lib/csv';
import { registerRawRoute, type Access } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { statisticsPolicy } from './statistics.policy';
import type { StatisticsService } from './statistics.service';

/** The report columns of the CSVs, in the screens' order; conversion columns only with expand. */
const DAY_COLUMNS = (expand: boolean) =>
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
    'showUv',
    'clickUv',
    'clickUvRate',
  ] as const satisfies ReadonlyArray<keyof ReportDay>;

const dayCsv = (rows: ReportDay[], expand: boolean): CsvValue[][] => {
  const cols = DAY_COLUMNS(expand);
  return [['date', ...cols], ...rows.map((r) => [r.date, ...cols.map((c) => r[c])])];
};

const ExpandQuery = z.object({ expand: z.string().optional() });

/** The statistics CSV downloads: the same service methods as the screens, so a CSV's totals are the table's. */
export function registerStatisticsExports({ app }: ModuleContext, service: StatisticsService): void {
  const route = (url: string, summary: string, access: Access) => ({
    method: 'GET' as const,
    url,
    summary,
    access,
  });
  const reports = statisticsPolicy.reports;

  registerRawRoute(
    app,
    route(STAT_EXPORT_PATHS.trend, 'CSV of the message trend (start, end, type)', reports),
    async ({ req, reply }) => {
      const { appId } = parseOrThrow(AppIdParams, req.params);
      const q = parseOrThrow(ProjectQuery.extend(ExpandQuery.shape), req.query);
      const r = await service.project(appId, q);
      return sendCsv(
        reply,
        `trend_${appId}_${r.start}_${r.end}.csv`,
        csvOf(dayCsv(r.dated, q.expand === '1')),
      );
    },
  );

  registerRawRoute(
    app,
    route(
      STAT_EXPORT_PATHS.dimension,
      'CSV of the dimension report with its total and average rows',
      reports,
    ),
    async ({ req, reply }) => {
      const { appId } = parseOrThrow(AppIdParams, req.params);
      const q = parseOrThrow(DimensionQuery.extend(ExpandQuery.shape), req.query);
      const r = await service.dimension(appId, q);
      const rows = dayCsv([...r.dated, r.totalData, r.avgData], q.expand === '1');
      return sendCsv(reply, `report_${appId}_${r.start}_${r.end}.csv`, csvOf(rows));
    },
  );

  registerRawRoute(
    app,
    route(STAT_EXPORT_PATHS.users, 'CSV of the user report (type=user, start, end)', reports),
    async ({ req, reply }) => {
      const { appId } = parseOrThrow(AppIdParams, req.params);
      const q = parseOrThrow(
        RangeQuery.extend({ type: z.literal('user', { error: 'must be user' }).optional() }),
        req.query,
      );
      const r = await service.users(appId, q);
      const rows: CsvValue[][] = [
        ['date', 'effective', 'newUser'],
        ...r.dated.map((d) => [d.date, d.effective, d.newUser]),
      ];
      return sendCsv(reply, `users_${appId}_${r.start}_${r.end}.csv`, csvOf(rows));
    },
  );

  registerRawRoute(
    app,
    route(STAT_EXPORT_PATHS.distribution, 'CSV of a message distribution', statisticsPolicy.message),
    async ({ req, reply }) => {
      const { appId } = parseOrThrow(AppIdParams, req.params);
      const p = parseOrThrow(
        z.object({
          msgId: numberInput(z.number().int().positive()),
          dimension: z.enum(['country', 'version']),
        }),
        req.params,
      );
      const { rows } = await service.distribution(appId, p.msgId, p.dimension);
      const cols = ['dispatch', 'reach', 'reachRate', 'show', 'showRate', 'click', 'clickRate'] as const;
      const body = csvOf([[p.dimension, ...cols], ...rows.map((r) => [r.key, ...cols.map((c) => r[c])])]);
      return sendCsv(reply, `message_${p.msgId}_${p.dimension}.csv`, body);
    },
  );
}
