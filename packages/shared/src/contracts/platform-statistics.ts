import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';
import type { PeriodUnit } from '../stat-periods';
import { isDay } from '../stat-range';
import { singleLineText } from '../text';
import { ProjectQuery, ReportDay, ReportRow, StatCounts, StatRates, UserDay } from './statistics';
import { TRACKING_PAGE_SIZE, TrackingQuery, TrackingResult } from './platform-tracking';

export * from './platform-tracking';

/**
 * Platform statistics (spec part 1 §2 /statistics and the /platformsettings tabs statistics and report, §3
 * "Statistics rows", §7 "Admin dashboard GETs"): the app reports of contracts/statistics.ts across every app. Every
 * figure comes from the same rollups (stat_app_days, stat_uv_days, stat_user_days, stat_message_days and the
 * messages' counters) with the same definitions and rates (statRates), so an app's row here equals its own screens.
 *
 * Ranges are UTC days `YYYY-MM-DD`; a malformed day is refused (400 naming `start`/`end`), a range breaking the rule
 * of statRange('platform') (366 days, none in the future) falls back to the last 7 days ending yesterday (`fallback`).
 *
 * Per-app push row (`report/msg`): over the range, `push` = targeted devices, `avg` = push / days of the range (two
 * decimals), `max` = the largest push of one day and `date` its (first) day ('' without any push); `historyRate` =
 * dispatch / push in % over the app's whole history (every message's counters); `status`: `destroyed` the SDK was
 * destroyed, `failing` an open FCM-credentials alert (sends are lost with 35), `active` it pushed in the range,
 * `idle` it did not.
 */

/** Page sizes (part 1 §9: stats tables 20 or 10). */
export const PLATFORM_STAT_PAGE_SIZES = {
  messages: 10,
  apps: 10,
  countries: 10,
  report: 20,
  tracking: TRACKING_PAGE_SIZE,
} as const;

const RangeDay = z
  .string()
  .refine((s) => s === '' || isDay(s), 'must be a day YYYY-MM-DD')
  .optional()
  .transform((s) => s || undefined);

/** A report range ('' or absent: the default). */
export const PlatformRange = z.object({ start: RangeDay, end: RangeDay });
const Mode = ProjectQuery.shape.type;
const AppIdInput = numberInput(z.number().int().positive('must be a positive integer'), 'must be an app id');
/** A comma list of country codes ('' = every country). */
const CountryList = singleLineText({ max: 2000 }).optional().default('');

/** The range a report answered for, and whether the asked one was replaced by the default. */
const Answered = { start: z.string(), end: z.string(), fallback: z.boolean() };

export const AppStatStatus = z.enum(['active', 'idle', 'failing', 'destroyed']);
export type AppStatStatus = z.infer<typeof AppStatStatus>;

/** The per-app row of the push statistics (part 1 §3 "app stat"). */
export const AppPushRow = z.object({
  appId: z.number().int(),
  pkg: z.string(),
  title: z.string(),
  status: AppStatStatus,
  historyRate: z.number(),
  date: z.string(),
  push: z.number(),
  avg: z.number(),
  max: z.number(),
});
export type AppPushRow = z.infer<typeof AppPushRow>;

/** An app's figures in one country over the range. */
export const CountryAppRow = ReportRow.extend({ appId: z.number().int(), title: z.string() });
export type CountryAppRow = z.infer<typeof CountryAppRow>;

/** An app's users over the range: new devices, effective users of its last day and per day on average, devices now. */
export const AppUserRow = z.object({
  appId: z.number().int(),
  pkg: z.string(),
  title: z.string(),
  newUser: z.number(),
  effective: z.number(),
  avgEffective: z.number(),
  devices: z.number(),
});
export type AppUserRow = z.infer<typeof AppUserRow>;

/** The counts and rates of report rows without unique devices (a message-type filter has none). */
export const ReportCounts = StatCounts.omit({ showUv: true, clickUv: true });
export type ReportCounts = z.infer<typeof ReportCounts>;
export const ReportRates = StatRates.omit({ clickUvRate: true });
export type ReportRates = z.infer<typeof ReportRates>;

/** A message's figures over the range (the platform statistics tab). */
export const MessageStatRow = z
  .object({
    msgId: z.number().int(),
    appId: z.number().int(),
    appTitle: z.string(),
    title: z.string(),
    msgType: z.number().int(),
    deleted: z.boolean(),
    /** first and last day of the range it has figures on */
    firstDay: z.string(),
    lastDay: z.string(),
  })
  .extend(ReportCounts.shape)
  .extend(ReportRates.shape);
export type MessageStatRow = z.infer<typeof MessageStatRow>;

export const MESSAGE_STAT_SORTS = [
  'msgId',
  'push',
  'dispatch',
  'dispatchRate',
  'reach',
  'reachRate',
  'show',
  'showRate',
  'click',
  'clickRate',
] as const;
export type MessageStatSort = (typeof MESSAGE_STAT_SORTS)[number];

/** The platform statistics tab: an app (absent: every app), a range, a page of messages and its order. */
export const PlatDashboardBody = PlatformRange.extend({
  appId: AppIdInput.optional(),
  sort: z
    .enum(MESSAGE_STAT_SORTS, { error: `must be one of ${MESSAGE_STAT_SORTS.join(', ')}` })
    .default('push'),
  order: z.enum(['ascend', 'descend'], { error: 'must be ascend or descend' }).default('descend'),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(PLATFORM_STAT_PAGE_SIZES.messages),
});
export type PlatDashboardBody = z.output<typeof PlatDashboardBody>;
/** Its CSV (every message of the range in the table's order): the same filters as a query. */
export const PlatDashboardExportQuery = PlatDashboardBody.omit({ pageNo: true, pageSize: true });

/** Grouping of the report tab (spec "timeType": 1 day, 2 week, 3 month). */
export const ReportTimeType = { DAY: 1, WEEK: 2, MONTH: 3 } as const;
export type ReportTimeType = (typeof ReportTimeType)[keyof typeof ReportTimeType];
/** The days a report's rows group: timeType → its period unit (stat-periods.ts). */
export const REPORT_PERIOD_UNITS: Record<ReportTimeType, PeriodUnit> = { 1: 'day', 2: 'week', 3: 'month' };

const TIME_TYPE_MESSAGE = 'must be 1 (day), 2 (week) or 3 (month)';

/** The report tab's filters: app, countries, message type (1 notification, 2 pass-through), day, ISO week or month. */
export const GlobalReportBody = PlatformRange.extend({
  appId: AppIdInput.optional(),
  country: CountryList,
  msgType: numberInput(
    z.union([z.literal(1), z.literal(2)]),
    'must be 1 (notification) or 2 (pass-through)',
  ).optional(),
  timeType: numberInput(
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: TIME_TYPE_MESSAGE }),
    TIME_TYPE_MESSAGE,
  ).default(1),
});
export type GlobalReportBody = z.output<typeof GlobalReportBody>;
export const GlobalReportListBody = GlobalReportBody.extend({
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(PLATFORM_STAT_PAGE_SIZES.report),
});
export type GlobalReportListBody = z.output<typeof GlobalReportListBody>;

/**
 * A report row of one day (`2026-02-09`), ISO week (`2026-W07`) or month (`2026-02`), with the days of the range it
 * covers.
 */
export const PeriodRow = z
  .object({ period: z.string(), start: z.string(), end: z.string() })
  .extend(ReportCounts.shape)
  .extend(ReportRates.shape);
export type PeriodRow = z.infer<typeof PeriodRow>;
export const PeriodAppRow = PeriodRow.extend({ appId: z.number().int(), title: z.string() });
export type PeriodAppRow = z.infer<typeof PeriodAppRow>;

export const platformStatisticsCalls = {
  yesterday: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/report/yesterday',
    summary: 'Every app together: yesterday and the day before (level 100)',
    query: z.object({ type: Mode }),
    data: z.object({ yesterday: ReportDay, before: ReportDay }),
  }),
  push: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/report/msg',
    summary: 'Push statistics of every app: the trend by day and one row per app (level 100)',
    query: PlatformRange.extend({ type: Mode }),
    data: z.object({ dated: z.array(ReportDay), apps: z.array(AppPushRow), ...Answered }),
  }),
  users: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/user',
    summary: 'Effective and new users of every app by day, with yesterday and the day before (level 100)',
    query: PlatformRange,
    data: z.object({ yesterday: UserDay, before: UserDay, dated: z.array(UserDay), ...Answered }),
  }),
  countryApp: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/report/msg/country/app',
    summary: 'Push statistics by country (every app) and by country and app (level 100)',
    query: PlatformRange.extend({ type: Mode, country: CountryList, appId: AppIdInput.optional() }),
    data: z.object({ countries: z.array(ReportRow), rows: z.array(CountryAppRow), ...Answered }),
  }),
  userMetric: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/user/metric',
    summary: 'Users of each app over the range (level 100)',
    query: PlatformRange,
    data: z.object({ rows: z.array(AppUserRow), ...Answered }),
  }),
  meta: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/meta',
    summary: 'How many apps, console users and registered devices the platform has (level 100)',
    data: z.object({ apps: z.number().int(), users: z.number().int(), devices: z.number() }),
  }),
  tracking: defineCall({
    method: 'GET',
    path: '/tcm/v1/dashboard/tracking',
    summary: 'System tracking records, newest first, range ≤ 30 days (getUserActionTracking; level 100)',
    query: TrackingQuery,
    data: TrackingResult,
  }),
  platApps: defineCall({
    method: 'GET',
    path: '/tcm/global/plat/dashboard/apps',
    summary: 'Every app, for the app selectors of the statistics and report tabs (100, 150)',
    data: z.object({
      apps: z.array(z.object({ appId: z.number().int(), title: z.string(), pkg: z.string() })),
    }),
  }),
  platDashboard: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/dashboard',
    summary:
      'Platform statistics tab: the trend of an app (or every app) and its messages, 10 a page (100, 150)',
    body: PlatDashboardBody,
    data: z.object({
      dated: z.array(ReportDay),
      totalData: ReportDay,
      results: z.array(MessageStatRow),
      total: z.number().int(),
      ...Answered,
    }),
  }),
  msgStat: defineCall({
    method: 'POST',
    path: '/tcm/global/msg/stat',
    summary: 'Report tab: the figures by day, ISO week or month and their total (100, 150)',
    body: GlobalReportBody,
    data: z.object({ rows: z.array(PeriodRow), totalData: PeriodRow, ...Answered }),
  }),
  msgList: defineCall({
    method: 'POST',
    path: '/tcm/global/msg/list',
    summary: 'Report tab: one row per day, week or month and app, newest first, 20 a page (100, 150)',
    body: GlobalReportListBody,
    data: z.object({ results: z.array(PeriodAppRow), total: z.number().int(), ...Answered }),
  }),
};

/** The CSV download of the platform statistics tab (GET link: start, end, appId, sort, order). */
export const PLATFORM_STAT_EXPORT_PATH = '/tcm/global/plat/dashboard/export';
