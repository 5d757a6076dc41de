import { z } from 'zod';
import { defineCall } from '../call';
import { MessageType } from '../message-kinds';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';
import { AppIdParams } from './apps';

/**
 * Statistics (spec part 2 §2, §3, §5, §7; DESIGN §7): per-message funnel, distribution, losses and reach over time;
 * the app's project trend, dimension report and user report; their CSV exports. Every figure comes from the
 * statistics domain's counters, so every screen and export shows the same number.
 *
 * Definitions (DESIGN §7): push = targeted devices (dispatched + every dispatch loss); dispatch = accepted by FCM;
 * reach = received; rates are over the step before, among the messages the step applies to (docs/statistics.md):
 * dispatchRate = dispatch/push, reachRate = reach/dispatch, showRate = shows of the messages that can be shown / their
 * reach (notifications: a cross or pull-up message is received, never shown), clickRate = click/show,
 * conversionRate = conversion/click, noticeOffRate = noticeOff/push, clickUvRate = clickUv/showUv, all in % with two
 * decimals (statRates, the one definition). Days are UTC days, and a device's counts belong to the day it was sent.
 */

/** Statistics modes (spec: 0 all, 1 backend push, 2 AI push all, 3 AI push), by the messages' content origin. */
export const StatMode = {
  /** every message */
  ALL: 0,
  /** messages written without the AI assistant (content create type 0) */
  BACKEND: 1,
  /** messages whose content came from the AI assistant, every kind (notification, cross, A/B, journey) */
  AI_ALL: 2,
  /** AI-content notifications (message type 1) */
  AI_PUSH: 3,
} as const;
export type StatMode = (typeof StatMode)[keyof typeof StatMode];
export const STAT_MODES = [StatMode.ALL, StatMode.BACKEND, StatMode.AI_ALL, StatMode.AI_PUSH] as const;

/** Page sizes of part 2 §9: dimension tables, sub-report and distribution 10; user report 20. */
export const STAT_PAGE_SIZES = { dimension: 10, subReport: 10, distribution: 10, user: 20 } as const;

/** The counters of a report row, without rates (whole numbers, except in an average row). */
export const StatCounts = z.object({
  push: z.number(),
  dispatch: z.number(),
  reach: z.number(),
  show: z.number(),
  click: z.number(),
  conversion: z.number(),
  noticeOff: z.number(),
  /**
   * reach and show of the messages that can be shown (notifications and notification previews; not cross or pull-up
   * messages, whose data is handed to the app): the show rate's terms (showableMessage)
   */
  showableReach: z.number(),
  showableShow: z.number(),
  showUv: z.number(),
  clickUv: z.number(),
});
export type StatCounts = z.infer<typeof StatCounts>;

export const StatRates = z.object({
  dispatchRate: z.number(),
  reachRate: z.number(),
  showRate: z.number(),
  clickRate: z.number(),
  conversionRate: z.number(),
  noticeOffRate: z.number(),
  clickUvRate: z.number(),
});
export type StatRates = z.infer<typeof StatRates>;

/** A rate in % with two decimals; 0 when there is nothing to divide by. */
export function statRate(n: number, d: number): number {
  return d > 0 ? Math.round((n / d) * 10000) / 100 : 0;
}

/**
 * Whether a message can be shown on a device, by its stored type (and a preview's content): a notification, or the
 * preview of one. A cross (pass-through) or pull-up message hands its data to the app and is never shown; a recall
 * takes a notification back. Only these messages count in the show rate (showableReach, showableShow).
 */
export function showableMessage(msgType: number, data?: { trans_data?: unknown }): boolean {
  if (msgType === MessageType.PREVIEW) return typeof data?.trans_data !== 'string';
  return msgType === MessageType.NOTIFICATION;
}

/**
 * The show rate: shows over reach, of the messages that can be shown only (showableMessage) — a cross message's reach
 * would dilute it (47 % for a day whose every notification showed at 95 %).
 */
export function showRate(c: { showableShow: number; showableReach: number }): number {
  return statRate(c.showableShow, c.showableReach);
}

/** The rates of a row of counts (docs/statistics.md: each over the step before, among the messages it applies to). */
export function statRates(c: StatCounts): StatRates {
  return {
    dispatchRate: statRate(c.dispatch, c.push),
    reachRate: statRate(c.reach, c.dispatch),
    showRate: showRate(c),
    clickRate: statRate(c.click, c.show),
    conversionRate: statRate(c.conversion, c.click),
    noticeOffRate: statRate(c.noticeOff, c.push),
    clickUvRate: statRate(c.clickUv, c.showUv),
  };
}

/** Report day row (part 2 §3). */
export const ReportDay = z.object({ date: z.string() }).extend(StatCounts.shape).extend(StatRates.shape);
export type ReportDay = z.infer<typeof ReportDay>;

/** A row of a report by key (a country, an app version, a date): counts and rates. */
export const ReportRow = z.object({ key: z.string() }).extend(StatCounts.shape).extend(StatRates.shape);
export type ReportRow = z.infer<typeof ReportRow>;

/** User report row: effective (active that day) and new devices. */
export const UserDay = z.object({ date: z.string(), effective: z.number().int(), newUser: z.number().int() });
export type UserDay = z.infer<typeof UserDay>;

const Day = z.string().optional();
/** A report range; a missing or invalid one falls back to the last 7 days ending yesterday (see statRange). */
export const RangeQuery = z.object({ start: Day, end: Day });
const ModeQuery = numberInput(z.union(STAT_MODES.map((m) => z.literal(m))), 'must be 0, 1, 2 or 3')
  .optional()
  .default(StatMode.ALL);
/** A comma list of countries or app versions ('' = all). */
const KeyList = singleLineText({ max: 2000 }).optional().default('');

export const ProjectQuery = RangeQuery.extend({ type: ModeQuery });
export const DimensionQuery = RangeQuery.extend({ type: ModeQuery, country: KeyList, version: KeyList });
export type DimensionQuery = z.infer<typeof DimensionQuery>;

/** The range a report answered for (after the range rule) and whether it fell back to the default. */
const Answered = { start: z.string(), end: z.string(), fallback: z.boolean() };

export const Funnel = z.object({
  push: z.number(),
  channelReach: z.number(),
  targetReceive: z.number(),
  targetReach: z.number(),
  show: z.number(),
  click: z.number(),
  /** of targetReach, the deliveries won back by missed-push recovery (received only once the app opened) */
  recovered: z.number().int().optional().default(0),
  /** selected devices not sent yet because they wait: for their country's allowed hours (banned window) or an FCM retry */
  waiting: z.number().int(),
  /** when the next of them is due (ISO), null when none waits */
  waitingNext: z.string().nullable(),
});
export const DistributionRow = z.object({
  key: z.string(),
  dispatch: z.number(),
  reach: z.number(),
  reachRate: z.number(),
  show: z.number(),
  showRate: z.number(),
  click: z.number(),
  clickRate: z.number(),
});
export type DistributionRow = z.infer<typeof DistributionRow>;
export const LossRow = z.object({ type: z.number().int(), count: z.number().int(), loseRate: z.number() });
export const ShowLossRow = z.object({
  damageType: z.number().int(),
  damageCount: z.number().int(),
  damageRate: z.number(),
});

/**
 * Uninstalls (issue 32 §4): devices FCM answered UNREGISTERED for, each counted once, when it is marked uninstalled,
 * on the UTC day of that answer and under the message that preceded it — the last message of the app's reports
 * (not a test preview or recall) FCM accepted for that device before the send that was refused (docs/statistics.md).
 */
export const UninstallDay = z.object({ date: z.string(), count: z.number().int() });
export type UninstallDay = z.infer<typeof UninstallDay>;
/** The uninstalls that followed one message over the range; msgId 0: none preceded them (never sent to before). */
export const UninstallMessage = z.object({
  msgId: z.number().int(),
  title: z.string(),
  msgType: z.number().int(),
  /** devices the message was dispatched to (its own counter, every day): the rate's denominator */
  dispatch: z.number().int(),
  count: z.number().int(),
  /** uninstalls following it per 100 of its dispatched devices, two decimals (statRate) */
  rate: z.number(),
});
export type UninstallMessage = z.infer<typeof UninstallMessage>;
/** How many messages the uninstall report lists, most uninstalls first. */
export const UNINSTALL_TOP_MESSAGES = 20;

const MsgParams = AppIdParams.extend({ msgId: numberInput(z.number().int().positive()) });

export const statisticsCalls = {
  funnel: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/:msgId/funnel',
    summary: 'Funnel: push, channel reach, target receive, target reach, show, click (getMessageFunnel)',
    params: MsgParams,
    data: Funnel,
  }),
  distribution: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/:msgId/distribution/:dimension',
    summary: 'Counts of a message by country or app version',
    params: MsgParams.extend({ dimension: z.enum(['country', 'version']) }),
    data: z.object({ rows: z.array(DistributionRow) }),
  }),
  dispatchLoss: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/:msgId/lose',
    summary: 'Dispatch losses by code (getDispatchLose); total = push (targeted)',
    params: MsgParams,
    data: z.object({
      messageDistributionLoseList: z.array(LossRow),
      total: z.number().int(),
      /** dispatched sends the device missed and missed-push recovery won back (not a loss: beside the list) */
      recovered: z.number().int().optional().default(0),
    }),
  }),
  showLoss: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/:msgId/showCount',
    summary: 'Show losses by reason',
    params: MsgParams,
    data: z.object({ damageShowCountList: z.array(ShowLossRow) }),
  }),
  reach: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/:msgId/reach',
    summary: 'Reach over time: minutes for the first hour, then hours',
    params: MsgParams,
    data: z.object({ minutes_nums: z.array(z.number()), hours_nums: z.array(z.number()) }),
  }),
  yesterday: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/report/yesterday',
    summary: 'Yesterday and the day before, for the cards (getMessageReportTypeYesterday)',
    params: AppIdParams,
    query: z.object({ type: ModeQuery }),
    data: z.object({ yesterday: ReportDay, before: ReportDay }),
  }),
  project: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/report/project',
    summary: 'Message trend, one row per day, range ≤ 1 year (getMessageReportTypeProject)',
    params: AppIdParams,
    query: ProjectQuery,
    data: z.object({ dated: z.array(ReportDay), ...Answered }),
  }),
  dimension: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/report/dimension',
    summary:
      'Dimension report by day for countries and versions, range ≤ 31 days (getMessageReportTypeDimension)',
    params: AppIdParams,
    query: DimensionQuery,
    data: z.object({ dated: z.array(ReportDay), totalData: ReportDay, avgData: ReportDay, ...Answered }),
  }),
  versionCountry: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/report/version-country',
    summary: 'The sub-report by country and by app version over the range (getMessageReportVersionCountry)',
    params: AppIdParams,
    query: DimensionQuery,
    data: z.object({ countries: z.array(ReportRow), versions: z.array(ReportRow), ...Answered }),
  }),
  uninstalls: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/report/uninstalls',
    summary:
      'Uninstalls detected from FCM’s UNREGISTERED answers: per day, and the messages that preceded them (≤ 1 year)',
    params: AppIdParams,
    query: RangeQuery,
    data: z.object({
      dated: z.array(UninstallDay),
      total: z.number().int(),
      messages: z.array(UninstallMessage),
      ...Answered,
    }),
  }),
  users: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/report/user',
    summary:
      'Effective and new users per day, with yesterday and the day before (getMessageReport type=user)',
    params: AppIdParams,
    query: RangeQuery,
    data: z.object({ yesterday: UserDay, before: UserDay, dated: z.array(UserDay), ...Answered }),
  }),
};

/** The CSV downloads (GET links; part 2 §7): the same access and the same figures as the screens. */
export const STAT_EXPORT_PATHS = {
  /** user report: type=user, start, end, expand */
  users: '/tcm/v1/app/:appId/report/export',
  /** project trend: start, end, type */
  trend: '/tcm/v1/app/:appId/report/trend/export',
  /** dimension report: start, end, country, version, expand (conversion columns), type */
  dimension: '/tcm/v1/app/:appId/report/msg/export',
  /** uninstalls: start, end (one row per day, then the messages that preceded them) */
  uninstalls: '/tcm/v1/app/:appId/report/uninstalls/export',
  /** a message's distribution */
  distribution: '/tcm/v1/app/:appId/msg/:msgId/distribution/:dimension/export',
} as const;
