import { REVIEW_LIMITS, ReviewReject, TEXT_PROBLEM_MESSAGES } from '@beacon/shared';

/** Why a rejection reason is refused (the console words each), or the reason as it is sent. */
export type ReasonCheck =
  { ok: true; reason: string } | { ok: false; problem: 'required' | 'tooLong' | 'invalid' };

/** The reason field of the reject call: the shared contract's rule (1–200 visible characters, no control characters). */
const REASON = ReviewReject.shape.reason;

/** Checks a typed reason by the contract's own rule; the reason sent is the one it parses (trimmed). */
export function checkReason(value: string | undefined): ReasonCheck {
  const result = REASON.safeParse(value ?? '');
  if (result.success) return { ok: true, reason: result.data };
  const issue = result.error.issues[0];
  if (issue?.code === 'too_big') return { ok: false, problem: 'tooLong' };
  if (issue?.code === 'too_small' || issue?.message === TEXT_PROBLEM_MESSAGES.invisible)
    return { ok: false, problem: 'required' };
  return { ok: false, problem: 'invalid' };
}

export const REASON_MAX = REVIEW_LIMITS.reasonMax;
