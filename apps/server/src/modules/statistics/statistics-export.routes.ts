import { z } from 'zod';
import {
  AppIdParams,
  DimensionQuery,
  numberInput,
  ProjectQuery,
  RangeQuery,
  STAT_EXPORT_PATHS,
  type MessageStatRow,
  type ReportDay,
} from '@beacon/shared';
import { registerCsvRoute } from '../../lib/csv-route';
import type { CsvValue } from '../../lib/csv';
import type { FastifyInstance } from 'fastify';
import { statisticsPolicy } from './statistics.policy';
import type { StatisticsService } from './statistics.service';

/** The funnel's columns of every statistics CSV, in the screens' order; conversion columns only with expand. */
export const funnelColumns = (expand: boolean) =>
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
  ] as const satisfies ReadonlyArray<keyof ReportDay & keyof MessageStatRow>;

const dayCsv = (rows: ReportDay[], expand: boolean): CsvValue[][] => {
  const cols = [...funnelColumns(expand), 'showUv', 'clickUv', 'clickUvRate'] as const;
  return [['date', ...cols], ...rows.map((r) => [r.date, ...cols.map((c) => r[c])])];
};

export const ExpandQuery = z.object({ expand: z.string().optional() });

/** The statistics CSV downloads: the same service methods as the screens, so a CSV's totals are the table's. */
export function registerStatisticsExports(app: FastifyInstance, service: StatisticsService): void {
  const { reports, message } = statisticsPolicy;

  registerCsvRoute(
    app,
    {
      url: STAT_EXPORT_PATHS.trend,
      summary: 'CSV of the message trend (start, end, type)',
      access: reports,
      params: AppIdParams,
      query: ProjectQuery.extend(ExpandQuery.shape),
    },
    async ({ params: { appId }, query: q }) => {
      const r = await service.project(appId, q);
      return { name: `trend_${appId}_${r.start}_${r.end}.csv`, rows: dayCsv(r.dated, q.expand === '1') };
    },
  );

  registerCsvRoute(
    app,
    {
      url: STAT_EXPORT_PATHS.dimension,
      summary: 'CSV of the dimension report with its total and average rows',
      access: reports,
      params: AppIdParams,
      query: DimensionQuery.extend(ExpandQuery.shape),
    },
    async ({ params: { appId }, query: q }) => {
      const r = await service.dimension(appId, q);
      return {
        name: `report_${appId}_${r.start}_${r.end}.csv`,
        rows: dayCsv([...r.dated, r.totalData, r.avgData], q.expand === '1'),
      };
    },
  );

  registerCsvRoute(
    app,
    {
      url: STAT_EXPORT_PATHS.users,
      summary: 'CSV of the user report (type=user, start, end)',
      access: reports,
      params: AppIdParams,
      query: RangeQuery.extend({ type: z.literal('user', { error: 'must be user' }).optional() }),
    },
    async ({ params: { appId }, query: q }) => {
      const r = await service.users(appId, q);
      return {
        name: `users_${appId}_${r.start}_${r.end}.csv`,
        rows: [['date', 'effective', 'newUser'], ...r.dated.map((d) => [d.date, d.effective, d.newUser])],
      };
    },
  );

  registerCsvRoute(
    app,
    {
      url: STAT_EXPORT_PATHS.uninstalls,
      summary: 'CSV of the uninstalls (start, end): one row per day, then the messages that preceded them',
      access: reports,
      params: AppIdParams,
      query: RangeQuery,
    },
    async ({ params: { appId }, query: q }) => {
      const r = await service.uninstalls(appId, q);
      return {
        name: `uninstalls_${appId}_${r.start}_${r.end}.csv`,
        rows: [
          ['date', 'uninstalls'],
          ...r.dated.map((d) => [d.date, d.count]),
          ['total', r.total],
          [],
          ['msgId', 'title', 'msgType', 'dispatch', 'uninstalls', 'rate'],
          ...r.messages.map((m) => [m.msgId, m.title, m.msgType, m.dispatch, m.count, m.rate]),
        ],
      };
    },
  );

  registerCsvRoute(
    app,
    {
      url: STAT_EXPORT_PATHS.distribution,
      summary: 'CSV of a message distribution',
      access: message,
      params: AppIdParams.extend({
        msgId: numberInput(z.number().int().positive()),
        dimension: z.enum(['country', 'version']),
      }),
      query: z.object({}),
    },
    async ({ params: p }) => {
      const { rows } = await service.distribution(p.appId, p.msgId, p.dimension);
      const cols = ['dispatch', 'reach', 'reachRate', 'show', 'showRate', 'click', 'clickRate'] as const;
      return {
        name: `message_${p.msgId}_${p.dimension}.csv`,
        rows: [[p.dimension, ...cols], ...rows.map((r) => [r.key, ...cols.map((c) => r[c])])],
      };
    },
  );
}
