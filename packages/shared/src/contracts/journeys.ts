import { z } from 'zod';
import { defineCall } from '../call';
import { singleLineText } from '../text';
import { MessageType } from '../message-kinds';
import { numberInput } from '../numbers';
import { checkJourney, JOURNEY_LIMITS, JOURNEY_OUTCOMES } from '../journey-graph';
import { checkJourneyEntry, JOURNEY_ENTRY_LIMITS, PROPERTY_OPERATORS } from '../journey-entry';
import { AppIdParams } from './apps';
import { CHILD_CONTENT, MESSAGE_FIGURES } from './child-rows';
import { Condition } from './conditions';
import { AbTestListRequest } from './ab-tests';
import { ContentCreateType, MessageSave, MultiLangEntry } from './messages';
import { MESSAGE_LIMITS } from './notification-content';

export * from '../journey-graph';
export * from '../journey-entry';

/**
 * Journeys (canvas, msgType 9; spec part 2 §2 editcanvas, §3 canvas message and children, §4 statuses 18–20, §7
 * flowCanvas calls; docs/journeys.md): a parent holding the audience and settings, and up to 20 steps, each a message
 * sent by the delivery engine to the devices its branch took.
 */
export const JOURNEY_TYPE = MessageType.CANVAS;

export const JourneyWaitSchema = z.discriminatedUnion('unit', [
  z.object({ unit: z.literal('hours'), value: z.number().int('must be whole hours') }),
  z.object({ unit: z.literal('days'), value: z.number().int('must be whole days') }),
  z.object({ unit: z.literal('at'), time: z.string() }),
]);

export const JourneyBranchSchema = z.object({
  from: singleLineText({ required: true, max: JOURNEY_LIMITS.tagMax }),
  outcome: z.enum(JOURNEY_OUTCOMES),
  wait: JourneyWaitSchema,
});

/** How a journey starts (docs/journeys.md "Entry on an event"); the rule beyond the shape is checkJourneyEntry. */
export const JourneyEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('audience') }),
  z.object({
    kind: z.literal('event'),
    name: z.string().max(64),
    properties: z
      .array(
        z.object({
          key: z.string().max(64),
          op: z.enum(PROPERTY_OPERATORS),
          value: z.union([z.string(), z.number(), z.boolean()]),
        }),
      )
      .max(JOURNEY_ENTRY_LIMITS.conditionsMax)
      .optional()
      .default([]),
    reEntry: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('once') }),
        z.object({ kind: z.literal('after'), hours: z.number() }),
        z.object({ kind: z.literal('every'), perDay: z.number() }),
      ])
      .optional()
      .default({ kind: 'once' }),
    exitName: z.string().max(64).nullable().optional().default(null),
  }),
]);

/** One step of a journey: its name on the canvas, content, narrowing conditions and the branch that leads to it. */
export const JourneyStep = z.object({
  /** the step's message id, on edit */
  id: z.number().int().positive().optional(),
  groupTag: singleLineText({ required: true, max: JOURNEY_LIMITS.tagMax }),
  title: singleLineText({ max: 100 }).optional().default(''),
  msgType: z.union([z.literal(MessageType.NOTIFICATION), z.literal(MessageType.PASS_THROUGH)]),
  data: z.record(z.string(), z.unknown()),
  multiLangEnable: z.boolean().optional().default(false),
  multiLangContent: z.array(MultiLangEntry).max(MESSAGE_LIMITS.languagesMax).optional().default([]),
  /** 1 when the step's content came from the AI assistant (statistics modes 2 and 3); absent: 0 */
  contentCreateType: ContentCreateType.optional(),
  conditions: z.array(Condition).max(20).optional().default([]),
  displayConditions: JourneyBranchSchema.nullable().optional().default(null),
  /** where the node stands on the canvas */
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
});
export type JourneyStep = z.output<typeof JourneyStep>;
export type JourneyStepInput = z.input<typeof JourneyStep>;

/**
 * flowCanvasCreate (`msg/flow/canvas/save`): the journey's audience and settings as msg/save takes them (`title` is the
 * description; the schedule is the entry step's) and its steps, the entry first. The graph rule is checkJourney.
 */
export const JourneySave = MessageSave.omit({
  msgType: true,
  data: true,
  pushCount: true,
  targetCount: true,
  multiLangEnable: true,
  multiLangContent: true,
  materialId: true,
  appGroupId: true,
  groupCounts: true,
})
  .extend({
    msgType: z.literal(JOURNEY_TYPE).optional(),
    title: singleLineText({ required: true, max: 100 }),
    // at least one step: checkJourney says so (once)
    childMsgs: z.array(JourneyStep).max(JOURNEY_LIMITS.stepsMax),
    /** how it starts: absent, when the operator sends it (its audience) */
    entry: JourneyEntrySchema.optional().default({ kind: 'audience' }),
  })
  .superRefine((j, ctx) => {
    for (const p of checkJourneyEntry(j.entry))
      ctx.addIssue({
        code: 'custom',
        path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
        message: p.message,
      });
    for (const p of checkJourney(j.childMsgs))
      ctx.addIssue({
        code: 'custom',
        path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
        message: p.message,
      });
  });
export type JourneySave = z.output<typeof JourneySave>;
export type JourneySaveInput = z.input<typeof JourneySave>;

/** A step as lists and the detail show it: content, branch, estimate and the step message's own figures. */
export const JourneyStepRow = z.object({
  msgId: z.number().int(),
  groupTag: z.string(),
  title: z.string(),
  ...CHILD_CONTENT,
  conditions: z.array(Condition),
  displayConditions: JourneyBranchSchema.nullable(),
  position: z.object({ x: z.number(), y: z.number() }).nullable(),
  /** the expected audience (null while counting, or when the app has no history to project a later step from) */
  estimate: z.number().int().nullable(),
  /** devices that moved into this step (its branch's members; the entry: its audience) — null until it entered */
  entered: z.number().int().nullable(),
  /** when the step's wait ends (null for the entry, and until its source ended) */
  dueAt: z.string().nullable(),
  ...MESSAGE_FIGURES,
});
export type JourneyStepRow = z.infer<typeof JourneyStepRow>;

export const JourneyRow = z.object({
  id: z.number().int(),
  msgId: z.number().int(),
  title: z.string(),
  ownerEmail: z.string(),
  status: z.number().int(),
  createTime: z.string(),
  scheduleType: z.number().int(),
  scheduleDate: z.string().nullable(),
  scheduleUTC: z.string(),
  targetingType: z.number().int(),
  /** on when a step takes the residue of its source (docs/journeys.md) */
  pushResidueUser: z.boolean(),
  pushCount: z.number().int(),
  targetCount: z.number().int(),
  /** why the estimate failed (status 20) */
  error: z.string(),
  entry: JourneyEntrySchema,
  /** an event-started journey's entries (devices × re-entries) and exits so far; 0 for one sent to an audience */
  entries: z.number().int(),
  exits: z.number().int(),
  childMsgs: z.array(JourneyStepRow),
});
export type JourneyRow = z.infer<typeof JourneyRow>;

export const JourneyDetail = JourneyRow.extend({
  conditions: MessageSave.shape.conditions,
  groupId: z.number().int().nullable(),
  userIds: z.array(z.string()),
  fileOrigin: z.string(),
  fileLink: z.string(),
  timeToLive: z.number().int(),
  speedLimit: z.number().int(),
  msgRestrictType: z.number().int(),
  msgDisplayPrior: z.number().int().nullable(),
  rejectReason: z.string(),
});
export type JourneyDetail = z.infer<typeof JourneyDetail>;

/** The journeys list (data/canvas): the A/B list's search (description, creator, range, zone) and paging. */
export const JourneyListRequest = AbTestListRequest;
export type JourneyListRequest = z.output<typeof JourneyListRequest>;

const JourneyParams = AppIdParams.extend({ msgId: numberInput(z.number().int().positive()) });
const Saved = z.object({ id: z.number().int(), msgId: z.number().int(), status: z.number().int() });

export const journeyCalls = {
  save: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/flow/canvas/save',
    summary:
      'Create a journey or edit one not confirmed yet; its estimate is computed in the background (flowCanvasCreate)',
    params: AppIdParams,
    body: JourneySave,
    data: Saved,
  }),
  confirm: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/flow/canvas/:msgId/approve',
    summary:
      'Confirm a journey whose estimate is ready: its entry step is scheduled, or it waits for review (flowCanvasCreateConfirm)',
    params: JourneyParams,
    query: z.object({
      forceCreate: z.enum(['true', 'false']).optional(),
      countryMsgforceCreate: z.enum(['true', 'false']).optional(),
      confirmIsGroup: z.enum(['true', 'false']).optional(),
    }),
    data: Saved,
  }),
  reCalc: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/flow/canvas/:msgId/reCalc',
    summary: 'Compute a journey’s estimate again (status 18 or 20 → 19) (flowChartReCalculate)',
    params: JourneyParams,
    data: Saved,
  }),
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/flow/canvas/list',
    summary: 'Journeys of the app, newest first, with their steps (data/canvas)',
    params: AppIdParams,
    body: JourneyListRequest,
    data: z.object({ msgs: z.array(JourneyRow), total: z.number().int() }),
  }),
  detail: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/msg/flow/canvas/:msgId/detail',
    summary:
      'One journey: audience, settings, steps with their estimate, branch members and figures (flowCanvasDetail)',
    params: JourneyParams,
    data: JourneyDetail,
  }),
  stop: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/flow/canvas/:msgId/stop',
    summary: 'Stop a journey: every step not ended stops, and steps waiting their turn never enter',
    params: JourneyParams,
    data: z.object({ msgId: z.number().int() }),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/flow/canvas/:msgId/delete',
    summary: 'Delete a journey and its steps (delMessageJourney): allowed before it runs or after it ended',
    params: JourneyParams,
    data: z.object({ msgId: z.number().int() }),
  }),
};
