import { z } from 'zod';
import { Condition } from './conditions';
import { GroupChildRow } from './group-sends';
import { MessageForecast } from './message-forecast';
import { MultiLangEntry } from './notification-content';

// What the message lists and the detail dialog read of a message (msg/list, msg/detail and the lists that reuse its
// row): its counts and rates beside what it is, and the detail's settings, waves and best-hour comparison.

export const MessageRow = z.object({
  id: z.number().int(),
  msgId: z.number().int(),
  msgType: z.number().int(),
  title: z.string(),
  ownerEmail: z.string(),
  status: z.number().int(),
  scheduleType: z.number().int(),
  scheduleDate: z.string().nullable(),
  createTime: z.string(),
  materialId: z.number().int().nullable(),
  multiLangEnable: z.boolean(),
  targetingType: z.number().int(),
  /** targets an audience package (dmpCustomize, dmpCustomizeGroup; a user group's conditions count): the closed
   * data-platform target withholds edit and copy while the app's DMP switch is off (dmp-target.ts) */
  audiencePackage: z.boolean(),
  pushCount: z.number().int(),
  targetCount: z.number().int(),
  dispatchCount: z.number().int(),
  /** the sends lost before dispatch, every loss code (targetCount = dispatchCount + lostCount once sent) */
  lostCount: z.number().int(),
  arriveAll: z.number().int(),
  reachRate: z.number(),
  show: z.number().int(),
  showRate: z.number(),
  click: z.number().int(),
  clickRate: z.number(),
  conversion: z.number().int(),
  speedLimit: z.number().int(),
  /** an A/B arm's test (null otherwise): the row actions refuse arms on their own */
  parentMsgId: z.number().int().nullable(),
  /** a cross message that is a pull-up (data.enlive_package set) */
  pullUp: z.boolean(),
  /** an app-group send's group (the parent and each child carry it; null otherwise) */
  appGroupId: z.number().int().nullable(),
  /** an app-group send's child: the parent message, in the app it was composed in */
  appGroupParentMsgId: z.number().int().nullable(),
  /** an app-group send's parent: its children in the other apps the reader may see */
  groupChildren: z.array(GroupChildRow).optional(),
  /** a group-send row: whether the reader may act on every message of the group (the scope dialog offers "all") */
  groupScope: z.boolean().optional(),
});
export type MessageRow = z.infer<typeof MessageRow>;

export const MessageDetail = MessageRow.extend({
  data: z.record(z.string(), z.unknown()),
  conditions: z.array(Condition),
  groupId: z.number().int().nullable(),
  userIds: z.array(z.string()),
  fileOrigin: z.string(),
  fileLink: z.string(),
  scheduleUTC: z.string(),
  timeToLive: z.number().int(),
  msgRestrictType: z.number().int(),
  msgDisplayPrior: z.number().int().nullable(),
  multiLangContent: z.array(MultiLangEntry),
  rejectReason: z.string(),
  /** 1 when the content came from the AI assistant (an edit sends it back so that it is kept). */
  contentCreateType: z.number().int(),
  /** The forecast before send stored at save (null: saved before forecasts existed). */
  forecast: MessageForecast.nullable(),
  waves: z.array(
    z.object({
      utcOffsetMin: z.number().int().nullable(),
      runAt: z.string(),
      status: z.number().int(),
      selected: z.number().int(),
      /** a best-hour wave: -1 the control group, else minutes from the plan's start (best-hour.ts); null otherwise */
      bestMinutes: z.number().int().nullable().optional(),
    }),
  ),
  /** best hour (scheduleType 4): the control share (%) it was saved with (absent from older servers: 0) */
  controlShare: z.number().int().optional().default(0),
  /** its own control share (%): held out of the send (loss 114); absent from older servers: 0 */
  holdoutShare: z.number().int().optional().default(0),
  /** best hour: the control group against the best-hour sends, and the click-rate lift (best-hour.ts bestHourLift) */
  bestHour: z
    .object({
      control: z.object({ dispatched: z.number().int(), show: z.number().int(), click: z.number().int() }),
      best: z.object({ dispatched: z.number().int(), show: z.number().int(), click: z.number().int() }),
      controlRate: z.number(),
      bestRate: z.number(),
      lift: z.number(),
      low: z.number(),
      high: z.number(),
      significant: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type MessageDetail = z.infer<typeof MessageDetail>;
