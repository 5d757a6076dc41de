import { MessageStatus } from '@beacon/shared';

/** How often a counting or running journey is read again. */
export const JOURNEY_POLL_MS = 3000;

const LIVE: readonly number[] = [
  MessageStatus.CANVAS_WAITING_COUNT,
  MessageStatus.WAITING,
  MessageStatus.WAITING_SCHEDULED,
  MessageStatus.SENDING,
];

/** Counting its estimate (19), or confirmed and running (0, 2, 4): its figures move. */
export const isLive = (status: number) => LIVE.includes(status);

/** While the estimate is counted (19) the estimated counts are hidden. */
export const isCounting = (status: number) => status === MessageStatus.CANVAS_WAITING_COUNT;

/** Not confirmed yet, its estimate ready or failed (18, 20): the journey may still be edited (mode 2). */
export const isEditable = (status: number) =>
  status === MessageStatus.CANVAS_WAITING_CONFIRM || status === MessageStatus.CANVAS_WAIT_ERROR;

/** Held by review: waiting for it (11) or rejected by it (12). Such a journey may be edited (it leaves review). */
export const isHeldByReview = (status: number) =>
  status === MessageStatus.PENDING_REVIEW || status === MessageStatus.REVIEW_REJECTED;

/** Whether act=edit edits this journey: before its confirmation (18, 20), or while review holds it (11, 12). */
export const isRevisable = (status: number) => isEditable(status) || isHeldByReview(status);

/** The actions of a journey's row menu, in menu order. */
export type JourneyAction = 'view' | 'edit' | 'copy' | 'confirm' | 'reload' | 'stop' | 'delete';

const RUNNING: readonly number[] = [
  MessageStatus.WAITING,
  MessageStatus.WAITING_SCHEDULED,
  MessageStatus.SENDING,
];
/** Before it runs or after it ended (docs/journeys.md); never while it counts or runs. */
const DELETABLE: readonly number[] = [
  MessageStatus.CANVAS_WAITING_CONFIRM,
  MessageStatus.CANVAS_WAIT_ERROR,
  MessageStatus.PENDING_REVIEW,
  MessageStatus.REVIEW_REJECTED,
  MessageStatus.SENT,
  MessageStatus.STOPPED,
];

/** What a journey's status allows (docs/journeys.md "Lifecycle and statuses"). */
export function journeyActions(status: number): JourneyAction[] {
  const out: JourneyAction[] = ['view'];
  if (isRevisable(status)) out.push('edit');
  out.push('copy');
  if (status === MessageStatus.CANVAS_WAITING_CONFIRM) out.push('confirm');
  if (status === MessageStatus.CANVAS_WAIT_ERROR) out.push('reload');
  if (RUNNING.includes(status)) out.push('stop');
  if (DELETABLE.includes(status)) out.push('delete');
  return out;
}
