import { z } from 'zod';
import { defineCall } from '../call';
import { MessageType } from '../message-kinds';
import { numberInput } from '../numbers';
import { MessageStatus } from '../status';
import { multiLineText, singleLineText } from '../text';
import { AppIdParams } from './apps';
import { MessageListRequest } from './messages';

/**
 * Message review (spec part 2 §2 data/review, §3 review item, §4 Review, §6, §7 review calls; issue 14 item 3): on an
 * app with `reviewEnable`, what project levels 400 and 500 save waits at status 11 until a reviewer (project levels
 * 100, 200, 300) runs it (it is then scheduled as any save would have scheduled it) or rejects it (status 12, with a
 * reason the author reads). Notifications, cross messages and A/B tests (the test as one item, its arms with it).
 * See docs/review.md.
 */
export const REVIEW_LIMITS = {
  /** the review list's page (spec §9: 10 for the review list) */
  pageSize: 10,
  reasonMax: 200,
} as const;

/** The project levels that see the review tab and its list (spec §6). */
export const REVIEW_READ_LEVELS = [100, 200, 300, 400] as const;
/** The project levels that run or reject (spec §6: others see the detail only). */
export const REVIEW_ACT_LEVELS = [100, 200, 300] as const;

/** The statuses a review item has: waiting for review (11), or refused by it (12). */
export const REVIEW_STATUSES = [MessageStatus.PENDING_REVIEW, MessageStatus.REVIEW_REJECTED] as const;

/**
 * The message types the review list holds: notifications, cross messages, A/B tests (their arms go with them) and
 * journeys (their entry step goes with them; later steps are reviewed as part of the journey).
 */
export const REVIEW_MESSAGE_TYPES = [
  MessageType.NOTIFICATION,
  MessageType.PASS_THROUGH,
  MessageType.AB_TEST,
  MessageType.CANVAS,
] as const;

/**
 * getReviewList: the status ('' both), the creator and description searches, the creation date range in `tz`, an
 * optional message id (a review opened from a link), 10 a page.
 */
export const ReviewListRequest = MessageListRequest.pick({
  tz: true,
  begin: true,
  end: true,
  msgId: true,
}).extend({
  status: z
    .union([z.literal(''), z.literal(MessageStatus.PENDING_REVIEW), z.literal(MessageStatus.REVIEW_REJECTED)])
    .optional()
    .default(''),
  ownerEmail: singleLineText({ max: 254 }).optional(),
  title: singleLineText({ max: 100 }).optional(),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(REVIEW_LIMITS.pageSize),
});
export type ReviewListRequest = z.output<typeof ReviewListRequest>;
export type ReviewListInput = z.input<typeof ReviewListRequest>;

/** One review item (spec §3), newest first. An A/B test's schedule is its arm A's. */
export const ReviewItem = z.object({
  /** 1 notification, 2 cross, 4 A/B test */
  msgType: z.number().int(),
  msgId: z.number().int(),
  id: z.number().int(),
  title: z.string(),
  ownerEmail: z.string(),
  /** 11 waiting for review, 12 rejected */
  status: z.number().int(),
  appGroupId: z.number().int().nullable(),
  appGroupParentMsgId: z.number().int().nullable(),
  materialId: z.number().int().nullable(),
  scheduleType: z.number().int(),
  /** `YYYY-MM-DD HH:mm:ss` wall time in `scheduleUTC` (local time: in each device's zone); null for "now" */
  scheduleDate: z.string().nullable(),
  scheduleUTC: z.string(),
  /**
   * The schedule has gone by at the server's time (a set time before now; a local time past in every zone): running
   * it answers SCHEDULE_PASSED unless sendNow, so the console asks "send now or cancel" (spec §4 Review).
   */
  schedulePassed: z.boolean(),
  /** targets an uploaded file or a file link (copy is not offered for those) */
  file: z.boolean(),
  /** targets an audience package (dmpCustomize, dmpCustomizeGroup; a user group's conditions count): the closed
   * data-platform target withholds edit and copy while the app's DMP switch is off (dmp-target.ts) */
  audiencePackage: z.boolean(),
  /** the reviewer's reason (status 12), '' otherwise */
  rejectReason: z.string(),
  createTime: z.string(),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

const MsgId = numberInput(z.number().int().positive());

/** setReviewPass: run a message (or, with isAB, an A/B test) waiting for review; sendNow when its time has passed. */
export const ReviewApprove = z.object({
  msgId: MsgId,
  isAB: z.boolean().optional().default(false),
  /** the schedule has passed (SCHEDULE_PASSED): send now instead */
  sendNow: z.boolean().optional().default(false),
});
export type ReviewApprove = z.output<typeof ReviewApprove>;

/** setReviewFail: reject a message (or, with isAB, an A/B test) waiting for review, with the reason its author reads. */
export const ReviewReject = z.object({
  msgId: MsgId,
  isAB: z.boolean().optional().default(false),
  reason: multiLineText({ required: true, max: REVIEW_LIMITS.reasonMax }),
});
export type ReviewReject = z.output<typeof ReviewReject>;

const Decided = z.object({ msgId: z.number().int(), status: z.number().int() });

export const reviewCalls = {
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/reviews',
    summary: 'Messages of the app waiting for review or rejected by it, newest first (getReviewList)',
    params: AppIdParams,
    body: ReviewListRequest,
    data: z.object({ results: z.array(ReviewItem), total: z.number().int() }),
  }),
  approve: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/approve',
    summary:
      'Run a message waiting for review: scheduled as its save would have (setReviewPass; 90003 when its time has passed)',
    params: AppIdParams,
    body: ReviewApprove,
    data: Decided,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/reject',
    summary: 'Reject a message waiting for review, with a reason its author reads (setReviewFail)',
    params: AppIdParams,
    body: ReviewReject,
    data: Decided,
  }),
};
