import { MATERIAL_LIMITS, MaterialAudit, MaterialStatus, TEXT_PROBLEM_MESSAGES } from '@beacon/shared';

/** Why a typed rejection reason is refused (the console words each), or the reason as it is sent. */
export type AuditReasonCheck =
  { ok: true; reason: string } | { ok: false; problem: 'required' | 'tooLong' | 'invalid' };

/** A rejection's reason by the contract's own rule (MaterialAudit: required to reject, at most 200, plain text). */
export function checkAuditReason(value: string | undefined): AuditReasonCheck {
  const result = MaterialAudit.safeParse({ action: MaterialStatus.REJECTED, reason: value ?? '' });
  if (result.success) return { ok: true, reason: result.data.reason };
  const issue = result.error.issues[0];
  if (issue?.code === 'too_big') return { ok: false, problem: 'tooLong' };
  if ((value ?? '').trim() === '' || issue?.message === TEXT_PROBLEM_MESSAGES.invisible)
    return { ok: false, problem: 'required' };
  return { ok: false, problem: 'invalid' };
}

export const AUDIT_REASON_MAX = MATERIAL_LIMITS.reasonMax;
