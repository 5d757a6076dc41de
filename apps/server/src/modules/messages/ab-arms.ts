import { AB_TAGS, MessageStatus as S } from '@beacon/shared';

const TAGS: ReadonlySet<string> = new Set(AB_TAGS);

/** The arms of an A/B test (groupTag A–H); its "send to all" child is tagged with its arm's tag and a star (B*). */
export const isArm = (c: { groupTag: string | null }) => c.groupTag !== null && TAGS.has(c.groupTag);

/**
 * The status an A/B test shows from its arms': the same status when they agree, else sending while either sends,
 * else the status of the arm that has not finished (a scheduled or waiting arm beside a sent one).
 */
export function combinedStatus(arms: ReadonlyArray<{ status: number }>, own: number): number {
  const statuses = arms.map((a) => a.status);
  if (statuses.length === 0) return own;
  if (statuses.every((s) => s === statuses[0])) return statuses[0]!;
  if (statuses.includes(S.SENDING)) return S.SENDING;
  const unfinished = statuses.find((s) => ![S.SENT, S.SENT_ALT, S.STOPPED, S.RECALLED].includes(s as 1));
  return unfinished ?? statuses[0]!;
}
