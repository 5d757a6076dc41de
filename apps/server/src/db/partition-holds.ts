import { MessageStatus as S } from '@beacon/shared';

/**
 * Message statuses in which a message may still send (waiting, scheduled, local time, sending, paused, in review or
 * audit, recalling, stopping): a block holding one keeps its partitions. Rejected messages and journey drafts do not
 * hold theirs (if one sends later, its records go to the default partition, trimmed once it has finished).
 */
const MAY_SEND = [
  S.WAITING,
  S.WAITING_SCHEDULED,
  S.WAITING_LOCAL,
  S.SENDING,
  S.PAUSED,
  S.PAUSED_ALT,
  S.PENDING_REVIEW,
  S.AWAITING_AUDIT,
  S.RECALLING,
  S.STOP_IN_PROCESS,
];
/**
 * SQL: message `m` still needs its send records at `$1` (the retention's cut-off): it may send, or sent since, or it is
 * a step of a journey whose later step has not yet taken its members (they are read from the send records of the
 * step they come from; the steps' ids may fall in different weeks when the journey was confirmed as a week began).
 */
export const HOLDS = `(m.status IN (${MAY_SEND.join(', ')})
  OR (m.started_at IS NOT NULL AND COALESCE(m.finished_at, m.updated_at) > $1)
  OR (m.parent_msg_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM messages k
        WHERE k.parent_msg_id = m.parent_msg_id AND k.journey_gated AND k.journey_entered_at IS NULL
          AND k.status IN (${MAY_SEND.join(', ')}))))`;
