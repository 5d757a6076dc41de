import { MessageStatus, ProjectLevel, REVIEW_ACT_LEVELS } from '@beacon/shared';
import { isRevisable } from './journey-status';

/**
 * The canvas dialog modes (spec part 2 §2): 1 `new` (the pre-create preview), 2 `edit` (18 / 20, or held by review:
 * see below), `copy`, 3 / 5 `view` (read-only; Copy, and for 18 / 20 Edit and Confirm), 4 `review` (the app's
 * reviewer: Run, Reject, Edit) and 6 `platformReview` (the platform's administrator: Pass, Reject).
 */
export type CanvasMode = 'new' | 'edit' | 'copy' | 'view' | 'review' | 'platformReview';

/**
 * Who reviews a journey waiting for review (11) on the canvas: the app's own reviewers (owner 200, manager 300) in
 * mode 4, the platform's administrator (level 100 on every app) in mode 6; nobody else decides (operators and testers
 * see it read-only, as the review list shows them).
 */
export function reviewModeOf(status: number, projectLevel: number): 'review' | 'platformReview' | undefined {
  if (status !== MessageStatus.PENDING_REVIEW) return undefined;
  if (projectLevel === ProjectLevel.SUPER_ADMIN) return 'platformReview';
  return (REVIEW_ACT_LEVELS as readonly number[]).includes(projectLevel) ? 'review' : undefined;
}

/**
 * The mode of message/editcanvas: new without `act`; copy with act=copy; edit with act=edit when the status allows
 * it; otherwise (act=view, a refused edit) the review mode the reader has on a journey waiting for review, or view.
 * `status` is undefined while the journey loads (view until it is in).
 */
export function canvasMode(
  act: 'edit' | 'copy' | 'view' | undefined,
  status: number | undefined,
  projectLevel: number,
): CanvasMode {
  if (act === undefined) return 'new';
  if (act === 'copy') return 'copy';
  if (status === undefined) return 'view';
  if (act === 'edit' && isRevisable(status)) return 'edit';
  return reviewModeOf(status, projectLevel) ?? 'view';
}

/** The read-only modes: the canvas is shown, not edited. */
export const isReadOnlyMode = (mode: CanvasMode) =>
  mode === 'view' || mode === 'review' || mode === 'platformReview';
