import { z } from 'zod';
import { defineCall } from '../call';
import { singleLineText } from '../text';
import { MessageType, ScheduleType } from '../message-kinds';
import { AppIdParams } from './apps';
import { CHILD_CONTENT, MESSAGE_FIGURES } from './child-rows';
import { ContentCreateType, MessageListRequest, MessageSave, MultiLangEntry } from './messages';
import { MESSAGE_LIMITS } from './notification-content';
import { numberInput } from '../numbers';

/**
 * A/B tests (msgType 4, spec part 2 §2 editabtest, §3 childMsgs, §7 the A/B calls; issue 34 §2 up to eight variants):
 * a parent with 2–8 arms (variants A–H) that split the audience into disjoint random slices of `groupPercent` % each;
 * each arm is a message the delivery engine sends as any other, with its own counters. "Send to all" sends one arm
 * to the devices in no arm, once: chosen by the operator, or by the server when the test picks its winner
 * (docs/ab-tests.md).
 */
export const AB_TEST_TYPE = MessageType.AB_TEST;

/** The variants' tags, in order: a test of k variants uses the first k. */
export const AB_TAGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type AbTag = (typeof AB_TAGS)[number];

export const AB_LIMITS = {
  /** a variant's share of the audience, in percent (two decimals); all variants together at most 100 */
  percentMin: 0.01,
  percentMax: 50,
  armsMin: 2,
  armsMax: AB_TAGS.length,
} as const;

/** The largest share each of `arms` variants may take (two decimals): together at most 100 %. */
export const abPercentMax = (arms: number): number =>
  Math.min(AB_LIMITS.percentMax, Math.floor(10_000 / Math.max(arms, AB_LIMITS.armsMin)) / 100);

export const AB_WINNER_LIMITS = { hoursMin: 1, hoursMax: 168, hoursDefault: 24 } as const;
const HOURS_RANGE = `must be from ${AB_WINNER_LIMITS.hoursMin} to ${AB_WINNER_LIMITS.hoursMax} hours`;

/**
 * How the test picks its winner (issue 34 §2). `auto` false: the operator sends a variant to the rest (send to all).
 * `auto` true: once every variant has sent, the server sends the winner to the rest itself, exactly once — at an
 * interim look as soon as one variant is significantly best at AB_ALPHA_EARLY (when `early`), else `afterHours`
 * after the last variant started: the significantly best at AB_ALPHA, or failing that the best observed.
 */
export const AbWinnerSettings = z
  .object({
    auto: z.boolean().default(false),
    afterHours: z
      .number()
      .int('must be whole hours')
      .min(AB_WINNER_LIMITS.hoursMin, HOURS_RANGE)
      .max(AB_WINNER_LIMITS.hoursMax, HOURS_RANGE)
      .default(AB_WINNER_LIMITS.hoursDefault),
    early: z.boolean().default(true),
    /**
     * the bandit mode (ab-bandit.ts): the variants' share is sent in AB_BANDIT.rounds rounds, afterHours ÷ rounds
     * apart, each after the first split by Thompson sampling toward the variant most likely best
     */
    bandit: z.boolean().default(false),
  })
  .strict();
export type AbWinnerSettings = z.output<typeof AbWinnerSettings>;

/**
 * Why a variant went to the rest: the operator's send to all, a significant winner, the deadline's best, or (bandit
 * mode) the variant whose chance of being best reached AB_BANDIT.winnerProbability.
 */
export const AB_WINNER_REASONS = ['manual', 'significant', 'deadline', 'bandit'] as const;
export type AbWinnerReason = (typeof AB_WINNER_REASONS)[number];

/** One arm of an A/B test: its content and schedule; targeting and settings are the test's. */
export const AbArm = z.object({
  /** the arm's message id, on edit */
  id: z.number().int().positive().optional(),
  msgType: z.union([z.literal(MessageType.NOTIFICATION), z.literal(MessageType.PASS_THROUGH)]),
  groupTag: z.enum(AB_TAGS),
  groupPercent: z
    .number()
    .min(AB_LIMITS.percentMin, `must be at least ${AB_LIMITS.percentMin} %`)
    .max(AB_LIMITS.percentMax, `must be at most ${AB_LIMITS.percentMax} % (the variants share the audience)`)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'must have at most two decimals'),
  scheduleType: MessageSave.shape.scheduleType,
  scheduleDate: MessageSave.shape.scheduleDate,
  scheduleUTC: MessageSave.shape.scheduleUTC,
  multiLangEnable: z.boolean().optional().default(false),
  multiLangContent: z.array(MultiLangEntry).max(MESSAGE_LIMITS.languagesMax).optional().default([]),
  data: z.record(z.string(), z.unknown()),
  /** 1 when the arm's content came from the AI assistant (statistics modes 2 and 3); absent: 0, or kept on edit */
  contentCreateType: ContentCreateType.optional(),
});
export type AbArm = z.output<typeof AbArm>;

/**
 * setMessageABtestDetail: the test's targeting and settings (as msg/save takes them; `title` is the description), its
 * 2–8 variants, A, B, C… in order, of the same msgType and the same percent (together at most 100 %), and how it picks
 * its winner. With `appGroupId` and `groupCounts` (a new test), every app named gets the same test (group-sends.ts):
 * each arm takes its percent of that app's own audience, so an entry's `pushCount` is the app's audience as
 * getMsgSendCount gave it and is not otherwise used.
 */
export const AbTestSave = MessageSave.omit({
  msgType: true,
  data: true,
  scheduleType: true,
  scheduleDate: true,
  scheduleUTC: true,
  multiLangEnable: true,
  multiLangContent: true,
  pushCount: true,
})
  .extend({
    msgType: z.literal(AB_TEST_TYPE).optional(),
    title: singleLineText({ required: true, max: 100 }),
    childMsgs: z
      .array(AbArm)
      .min(AB_LIMITS.armsMin, `must hold ${AB_LIMITS.armsMin} to ${AB_LIMITS.armsMax} variants`)
      .max(AB_LIMITS.armsMax, `must hold ${AB_LIMITS.armsMin} to ${AB_LIMITS.armsMax} variants`),
    winner: AbWinnerSettings.optional().default({
      auto: false,
      afterHours: AB_WINNER_LIMITS.hoursDefault,
      early: true,
      bandit: false,
    }),
  })
  .superRefine((t, ctx) => {
    const [a] = t.childMsgs;
    if (!a) return;
    t.childMsgs.forEach((arm, i) => {
      if (arm.groupTag !== AB_TAGS[i])
        ctx.addIssue({
          code: 'custom',
          path: ['childMsgs', i, 'groupTag'],
          message: `must be ${AB_TAGS[i]}: the variants are ${AB_TAGS.slice(0, t.childMsgs.length).join(', ')} in order`,
        });
      if (i === 0) return;
      if (arm.msgType !== a.msgType)
        ctx.addIssue({
          code: 'custom',
          path: ['childMsgs', i, 'msgType'],
          message: 'must be the msgType of arm A',
        });
      if (Math.round(arm.groupPercent * 100) !== Math.round(a.groupPercent * 100))
        ctx.addIssue({
          code: 'custom',
          path: ['childMsgs', i, 'groupPercent'],
          message: 'must equal arm A’s percent',
        });
    });
    const max = abPercentMax(t.childMsgs.length);
    if (a.groupPercent > max + 1e-9)
      ctx.addIssue({
        code: 'custom',
        path: ['childMsgs', 0, 'groupPercent'],
        message: `must be at most ${max} % with ${t.childMsgs.length} variants (together at most 100 %)`,
      });
  });
export type AbTestSave = z.output<typeof AbTestSave>;
export type AbTestSaveInput = z.input<typeof AbTestSave>;

/** An arm's figures (spec: child pushCount, arriveAll, show, click) and what it is. */
export const AbArmRow = z.object({
  msgId: z.number().int(),
  groupTag: z.string(),
  groupPercent: z.number(),
  ...CHILD_CONTENT,
  scheduleType: z.number().int(),
  scheduleDate: z.string().nullable(),
  ...MESSAGE_FIGURES,
  /** the "send to all" child of this arm: the devices in no arm */
  rest: z.boolean(),
  /** bandit mode: the round this child of its variant sends (0 the first); 0 otherwise */
  round: z.number().int(),
});
export type AbArmRow = z.infer<typeof AbArmRow>;

export const AbTestRow = z.object({
  id: z.number().int(),
  msgId: z.number().int(),
  title: z.string(),
  ownerEmail: z.string(),
  status: z.number().int(),
  createTime: z.string(),
  targetingType: z.number().int(),
  /** targets an audience package (dmpCustomize, dmpCustomizeGroup; a user group's conditions count): the closed
   * data-platform target withholds edit and copy while the app's DMP switch is off (dmp-target.ts) */
  audiencePackage: z.boolean(),
  abAllSent: z.boolean(),
  childMsgs: z.array(AbArmRow),
  /** how the winner is picked, and once picked which arm went to the rest, why and when */
  winner: z.object({
    auto: z.boolean(),
    afterHours: z.number().int(),
    early: z.boolean(),
    bandit: z.boolean(),
    /** bandit mode: the rounds planned so far (1 once saved; AB_BANDIT.rounds when all are) */
    rounds: z.number().int(),
    /** the arm sent to the rest (its message id); null until then */
    msgId: z.number().int().nullable(),
    reason: z.enum(AB_WINNER_REASONS).nullable(),
    decidedAt: z.string().nullable(),
    /** auto: the deadline (the last arm's start + afterHours); null before every arm has started */
    decidesAt: z.string().nullable(),
  }),
  /** an app-group send's group (the test composed in this app, and its copy in each other app); null otherwise */
  appGroupId: z.number().int().nullable(),
  /** an app-group send's copy: the test in the app it was composed in */
  appGroupParentMsgId: z.number().int().nullable(),
  /** an app-group send's test (list rows): whether the reader may act on it in every app (the scope dialog's "all") */
  groupScope: z.boolean().optional(),
});
export type AbTestRow = z.infer<typeof AbTestRow>;

/** getMessageABtestList: the message lists' date range, zone and paging (20 a page), by description and creator. */
export const AbTestListRequest = MessageListRequest.pick({
  begin: true,
  end: true,
  tz: true,
  pageNo: true,
  pageSize: true,
}).extend({
  desc: singleLineText({ max: 100 }).optional(),
  creator: singleLineText({ max: 254 }).optional(),
});
export type AbTestListRequest = z.output<typeof AbTestListRequest>;

const Interval = z.object({ rate: z.number(), low: z.number(), high: z.number() });
const ArmRates = z.object({ reach: Interval, show: Interval, click: Interval, clickPerDispatch: Interval });
/**
 * The variants' rates with 95 % intervals, and the best variant (clicks per dispatched device) against each other one:
 * z-test, p-value and Holm-adjusted p-value (ab-significance.ts variantsSignificance).
 */
export const AbSignificanceData = z.object({
  arms: z.array(
    z.object({
      tag: z.string(),
      rates: ArmRates,
      z: z.number().nullable(),
      pValue: z.number().nullable(),
      adjustedP: z.number().nullable(),
      /** the chance that this variant is the best (Thompson sampling over its clicks per dispatched device) */
      probabilityBest: z.number(),
    }),
  ),
  best: z.string().nullable(),
  significant: z.boolean(),
  leader: z.string().nullable(),
  alpha: z.number(),
});

const AbParams = AppIdParams.extend({ msgId: numberInput(z.number().int().positive()) });

export const abTestCalls = {
  save: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/abtest/create',
    summary: 'Create an A/B test or edit one that has not started (setMessageABtestDetail)',
    params: AppIdParams,
    body: AbTestSave,
    data: z.object({ id: z.number().int(), msgId: z.number().int(), status: z.number().int() }),
  }),
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/abtest/list',
    summary: 'A/B tests of the app, newest first, with their arms (getMessageABtestList)',
    params: AppIdParams,
    body: AbTestListRequest,
    data: z.object({ msgs: z.array(AbTestRow), total: z.number().int() }),
  }),
  detail: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/abtest/:msgId/detail',
    summary: 'One A/B test: settings, arms and their figures (getMessageABtestDetail)',
    params: AbParams,
    data: AbTestRow.extend({
      conditions: MessageSave.shape.conditions,
      groupId: z.number().int().nullable(),
      userIds: z.array(z.string()),
      fileOrigin: z.string(),
      fileLink: z.string(),
      timeToLive: z.number().int(),
      speedLimit: z.number().int(),
      msgRestrictType: z.number().int(),
      msgDisplayPrior: z.number().int().nullable(),
      /** null until every arm exists */
      significance: AbSignificanceData.nullable(),
    }),
  }),
  sendToAll: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/abtest/:msgId/fulfill/:groupMsgId',
    summary: 'Send one arm to the devices in neither arm, once (sendMessageABTestToAll)',
    params: AbParams.extend({ groupMsgId: numberInput(z.number().int().positive()) }),
    data: z.object({ msgId: z.number().int() }),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/abtest/:msgId/delete',
    summary: 'Delete an A/B test and its arms (delMessageABtest)',
    params: AbParams,
    data: z.object({}).optional(),
  }),
};

/** The schedule types an arm may use (spec: for A/B, "later" is per-device local time or a set time). */
export const AB_SCHEDULE_TYPES = [ScheduleType.NOW, ScheduleType.AT_TIME, ScheduleType.LOCAL_TIME] as const;
