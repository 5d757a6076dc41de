import { MessageStatus as S } from '@beacon/shared';
import type { JourneyStepRecord } from './journeys.repository';

/** Statuses after which a step sends nothing more. */
export const ENDED: readonly number[] = [
  S.SENT,
  S.SENT_ALT,
  S.STOPPED,
  S.STOPPED_ALT,
  S.RECALLED,
  S.INVALID,
  S.DELETED,
  S.DELETED_ALT,
  S.REVIEW_REJECTED,
];
export const SENT: readonly number[] = [S.SENT, S.SENT_ALT];
/** A journey not confirmed yet: counting, waiting for confirmation, or its count failed. */
export const DRAFT: readonly number[] = [
  S.CANVAS_WAITING_COUNT,
  S.CANVAS_WAITING_CONFIRM,
  S.CANVAS_WAIT_ERROR,
];

/** A confirmed journey held by review: waiting for it (11) or rejected by it (12); it may still be edited. */
export const IN_REVIEW: readonly number[] = [S.PENDING_REVIEW, S.REVIEW_REJECTED];

/** The status a journey shows: its own before it is confirmed or once stopped, else what its steps are doing. */
export function journeyStatus(parentStatus: number, steps: JourneyStepRecord[]): number {
  if (DRAFT.includes(parentStatus) || parentStatus === S.STOPPED || steps.length === 0) return parentStatus;
  const entry = steps.find((s) => !s.gated);
  if (entry && [S.PENDING_REVIEW, S.REVIEW_REJECTED, S.AWAITING_AUDIT].includes(entry.status as 11))
    return entry.status;
  if (entry && [S.WAITING, S.WAITING_SCHEDULED, S.WAITING_LOCAL].includes(entry.status as 0))
    return entry.status;
  if (steps.every((s) => ENDED.includes(s.status)))
    return steps.some((s) => SENT.includes(s.status)) ? S.SENT : S.STOPPED;
  return S.SENDING;
}
