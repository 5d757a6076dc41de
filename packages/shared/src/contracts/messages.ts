import { z } from 'zod';
import { defineCall } from '../call';
import { GAID_PATTERN } from '../limits';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';
import { AppIdParams, ALL_PROJECT_LEVELS } from './apps';
import { GROUP_SEND_LIMITS, GroupAppCount, GroupCount } from './group-sends';
import { Condition } from './conditions';
import { MessageType, ScheduleType, TARGETING_TYPES } from '../message-kinds';
import { BEST_HOUR } from '../best-hour';
import { ContentCreateType } from './content-creator';
import { HoldoutShare } from './control-groups';
import {
  DailyLimitRequest,
  DailyLimitState,
  GaidCheckRequest,
  GaidCheckResult,
  MsgRestrictType,
  RestrictCheckRequest,
  RestrictState,
} from './message-checks';
import { MessageForecast } from './message-forecast';
import { MessageDetail, MessageRow } from './message-rows';
import { MESSAGE_LIMITS, MultiLangEntry, refText } from './notification-content';

export * from './content-creator';
export * from './message-checks';
export * from './message-forecast';
export * from './message-rows';
export * from './notification-content';

/** `targetingType` as it is sent: one of TARGETING_TYPES (message-kinds.ts). */
export const TargetingTypeSchema = z.union(
  TARGETING_TYPES.map((t) => z.literal(t)) as [
    z.ZodLiteral<0>,
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<6>,
    z.ZodLiteral<7>,
  ],
);

/** Scheduled date as the console sends it: `YYYY-MM-DD HH:mm:ss` wall time in `scheduleUTC`. */
export const ScheduleDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'must be YYYY-MM-DD HH:mm:ss');
export const UtcZone = z.string().regex(/^[+-]\d{4}$/, 'must be a sign and four digits, e.g. +0100');

/** The targeting part of a message, shared by save and the audience estimate. */
export const Targeting = z.object({
  targetingType: TargetingTypeSchema,
  conditions: z.array(Condition).max(20).optional().default([]),
  groupId: z.number().int().positive().optional(),
  userIds: z
    .array(z.string().regex(GAID_PATTERN, 'must be advertising ids (8-4-4-4-12 hex)'))
    .max(MESSAGE_LIMITS.userIdsMax)
    .optional()
    .default([]),
  fileOrigin: refText(200).optional().default(''),
  fileLink: refText(2000).optional().default(''),
  msgRestrictType: MsgRestrictType,
});
export type Targeting = z.output<typeof Targeting>;

/** The control share's message: the shared rule's wording, translated with the other whole-number ranges. */
const CONTROL_SHARE_RANGE = `must be a whole number from ${BEST_HOUR.controlShareMin} to ${BEST_HOUR.controlShareMax}`;

export const MessageSave = Targeting.extend({
  id: z.number().int().positive().optional(),
  msgType: z.union([z.literal(MessageType.NOTIFICATION), z.literal(MessageType.PASS_THROUGH)]),
  data: z.record(z.string(), z.unknown()),
  materialId: z.number().int().positive().optional(),
  title: singleLineText({ required: true, max: MESSAGE_LIMITS.descriptionMax }),
  pushCount: z.number().int('must be a whole number').positive('must be greater than 0'),
  targetCount: z.number().int().min(0).optional().default(0),
  scheduleType: z.union([
    z.literal(ScheduleType.NOW),
    z.literal(ScheduleType.AT_TIME),
    z.literal(ScheduleType.LOCAL_TIME),
    z.literal(ScheduleType.BEST_HOUR),
  ]),
  /**
   * best hour (4): the % of the audience sent at once as the control group (best-hour.ts; absent:
   * BEST_HOUR.controlShareDefault), else ignored
   */
  controlShare: z
    .number()
    .int('must be a whole number')
    .min(BEST_HOUR.controlShareMin, CONTROL_SHARE_RANGE)
    .max(BEST_HOUR.controlShareMax, CONTROL_SHARE_RANGE)
    .optional(),
  /** the message's own control share (control-groups.ts): a whole % of its audience held out (loss 114); 0 none */
  holdoutShare: HoldoutShare.optional().default(0),
  scheduleDate: ScheduleDate.optional(),
  scheduleUTC: UtcZone.optional().default('+0000'),
  timeToLive: z
    .number()
    .int()
    .min(MESSAGE_LIMITS.ttlMinSeconds, 'must be 1 to 12 hours')
    .max(MESSAGE_LIMITS.ttlMaxSeconds, 'must be 1 to 12 hours')
    .optional()
    .default(43200),
  speedLimit: z.number().int().optional().default(0),
  msgDisplayPrior: z.number().int().min(0).max(9).optional(),
  multiLangEnable: z.boolean().optional().default(false),
  multiLangContent: z.array(MultiLangEntry).max(MESSAGE_LIMITS.languagesMax).optional().default([]),
  /** Past a warning the operator confirmed: sensitive words 60003, a schedule already past 90003, a twin 21030. */
  forceCreate: z.boolean().optional(),
  /** Past the forbidden countries of a 202. */
  countryMsgforceCreate: z.boolean().optional(),
  /** Past 1071: the targeting names audience packages (tags of flag GROUP), which are not human users. */
  confirmIsGroup: z.boolean().optional(),
  /**
   * 1 when the content came from the AI assistant (statistics modes 2 and 3 select those messages), else 0. Absent
   * stays absent: a new message is stored with 0, an edit keeps the value stored (the console loads it from the
   * detail and sends it back; a client that does not know the field does not reset it).
   */
  contentCreateType: ContentCreateType.optional(),
  /** An app-group send (group-sends.ts): the group, and the other apps of it with each one's expected push count. */
  appGroupId: z.number().int().positive().optional(),
  groupCounts: z
    .array(GroupCount)
    .max(GROUP_SEND_LIMITS.appsMax)
    .optional()
    .default([])
    .refine((c) => new Set(c.map((x) => x.appId)).size === c.length, 'must name each app once'),
});
export type MessageSave = z.output<typeof MessageSave>;
export type MessageSaveInput = z.input<typeof MessageSave>;

/**
 * The audience estimate's question (getMessageTargetMax): the targeting and, for the forecast before send
 * (`forecast: true`, the compose confirmation), when and how long the message would send, as msg/save takes them.
 */
export const TargetMaxRequest = Targeting.extend({
  forecast: z.boolean().optional().default(false),
  /** the message's type: the forecast counts the devices its app's frequency caps of that kind drop (loss 110) */
  msgType: MessageSave.shape.msgType.optional(),
  /** the forecast of a message composed from a material: its national attributes take devices (loss 109) */
  materialId: MessageSave.shape.materialId,
  scheduleType: MessageSave.shape.scheduleType.optional().default(ScheduleType.NOW),
  scheduleDate: MessageSave.shape.scheduleDate,
  scheduleUTC: MessageSave.shape.scheduleUTC,
  timeToLive: MessageSave.shape.timeToLive,
  controlShare: MessageSave.shape.controlShare,
  /** the message's own control share (%): the forecast counts the devices it holds out (loss 114), as the app's group (113) */
  holdoutShare: MessageSave.shape.holdoutShare,
  /** the speed limit the message would send at (0: none): the best-hour spread is paced by it and the app's quota */
  speedLimit: z.number().int().optional(),
});
export type TargetMaxRequest = z.output<typeof TargetMaxRequest>;
export type TargetMaxInput = z.input<typeof TargetMaxRequest>;

export const MessageSaved = z.object({
  id: z.number().int(),
  msgId: z.number().int(),
  status: z.number().int(),
  /** With status 201/202: the forbidden countries and windows that will drop part of the audience. */
  forbidden: z
    .array(
      z.object({
        countryCode: z.string(),
        countryName: z.string(),
        allDay: z.boolean(),
        windows: z.array(z.object({ start: z.string(), end: z.string() })),
        /** 6 platform ban, 104 app ban, 105 a banned window the schedule hits. */
        lossCode: z.number().int().optional(),
        /**
         * Devices of the audience it drops that would otherwise be sent: the forecast before send's count of this
         * country (scaled from its sample when `blocked.exact` is false).
         */
        devices: z.number().int().optional(),
      }),
    )
    .optional(),
  /**
   * With status 201/202: `devices` of the `audience` targeted are in the banned countries and windows and will not be
   * sent: the sum of the forecast's losses 6, 104 and 105 for this draft (the figures msg/target/max's forecast gives).
   */
  blocked: z.object({ devices: z.number().int(), audience: z.number().int(), exact: z.boolean() }).optional(),
  /** With status 1071: the audience packages (tags of flag GROUP) the targeting names. */
  packages: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  /** With status 21030: the message of the previous 24 hours with the same title, content and targeting. */
  twin: z
    .object({
      id: z.number().int(),
      title: z.string(),
      targetingType: z.number().int(),
      /** the user group (targeting 3) and its name */
      groupId: z.number().int().nullable(),
      groupName: z.string().nullable(),
      conditions: z.array(Condition),
      /** when it sends (ISO 8601) */
      at: z.string(),
    })
    .optional(),
});

export const MessageListRequest = z.object({
  msgType: z
    .union([z.literal(MessageType.NOTIFICATION), z.literal(MessageType.PASS_THROUGH)])
    .default(MessageType.NOTIFICATION),
  msgId: z.union([z.literal(''), z.string().regex(/^\d{1,18}$/, 'must be digits')]).optional(),
  materialId: z.union([z.literal(''), z.string().regex(/^\d{1,18}$/, 'must be digits')]).optional(),
  ownerEmail: singleLineText({ max: 254 }).optional(),
  title: singleLineText({ max: 100 }).optional(),
  tz: UtcZone.optional().default('+0000'),
  begin: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional(),
  end: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional(),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(MESSAGE_LIMITS.listPageSize),
  /** Cross messages only: '' all, 'cross' without a pull-up, 'pullup' the pull-ups (data.enlive_package set). */
  kind: z.enum(['', 'cross', 'pullup']).optional().default(''),
});
export type MessageListRequest = z.output<typeof MessageListRequest>;

const MsgParams = AppIdParams.extend({ msgId: numberInput(z.number().int().positive()) });
/** `?group=1`: the action applies to every message of an app-group send (absent or 0: this message only). */
const ScopeQuery = z.object({ group: z.enum(['0', '1']).optional() });
const Ok = z.object({}).optional();

export const MESSAGE_LEVELS = ALL_PROJECT_LEVELS;

export const messageCalls = {
  save: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/save',
    summary: 'Create or edit a message (status 200, or 201/202 forbidden countries, 60003, 90003, 21029)',
    params: AppIdParams,
    body: MessageSave,
    data: MessageSaved,
  }),
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/list',
    summary: 'Messages of the app, newest first, with their counts',
    params: AppIdParams,
    body: MessageListRequest,
    data: z.object({ results: z.array(MessageRow), total: z.number().int() }),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/detail',
    summary: 'One message',
    params: AppIdParams,
    body: z.object({ id: z.number().int().positive() }),
    data: MessageDetail,
  }),
  targetMax: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/target/max',
    summary: 'Audience estimate (getMessageTargetMax)',
    params: AppIdParams,
    body: TargetMaxRequest,
    data: z.object({
      newCount: z.number().int(),
      exact: z.boolean().optional().describe('false when newCount is a sampled estimate (large apps)'),
      forecast: MessageForecast.optional().describe(
        'with forecast: true, the dispatch losses and sends expected over the devices the estimate read',
      ),
    }),
  }),
  stop: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/:msgId/stop',
    summary: 'Stop sending: no new sends after it returns',
    params: MsgParams,
    query: ScopeQuery,
    data: Ok,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/:msgId/cancel',
    summary: 'Cancel a message that has not started',
    params: MsgParams,
    query: ScopeQuery,
    data: Ok,
  }),
  retreat: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/:msgId/retreat',
    summary: 'Recall: remove the notification from the devices that got it',
    params: MsgParams,
    query: ScopeQuery,
    data: Ok,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/:msgId/delete',
    summary: 'Delete a message',
    params: MsgParams,
    query: ScopeQuery,
    data: Ok,
  }),
  check: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/check',
    summary:
      'Every rule and refusal of msg/save, nothing written: 200 {status it would get}, or 201/202, 60003, 90003, 21029, 400',
    params: AppIdParams,
    body: MessageSave,
    data: z.object({ status: z.number().int() }),
  }),
  limitCheck: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/limit/check',
    summary:
      'checkIsDailyLimitReach: 200 with the daily limit of the kind, or 21029 when msg/save would refuse',
    params: AppIdParams,
    body: DailyLimitRequest,
    data: DailyLimitState,
  }),
  restrictCheck: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/restrict/check',
    summary: 'The daily restrictions of a message kind: the app limit and the per-device limits',
    params: AppIdParams,
    body: RestrictCheckRequest,
    data: RestrictState,
  }),
  gaidCheck: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/gaid/check',
    summary:
      'Device ids for targeting: 200, or 40000 malformed, 40002 repeated, 40001 not a device of the app',
    params: AppIdParams,
    body: GaidCheckRequest,
    data: GaidCheckResult,
  }),
  groupCount: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/group/count',
    summary: 'getMsgSendCount: the audience of the targeting in each app of an app group (group sends)',
    params: AppIdParams,
    body: Targeting.extend({ appGroupId: z.number().int().positive() }),
    data: z.object({ counts: z.array(GroupAppCount) }),
  }),
  testPreview: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/test/preview',
    summary: 'Send the content to test devices now (TTL 86400)',
    params: AppIdParams,
    body: MessageSave,
    data: MessageSaved,
  }),
};
