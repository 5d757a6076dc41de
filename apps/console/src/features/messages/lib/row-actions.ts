import {
  canCancel,
  canDelete,
  canEdit,
  canRecall,
  canStop,
  isFileTargeting,
  MessageStatus as S,
  ScheduleType,
  type MessageRow,
} from '@beacon/shared';

export type RowActionKey = 'edit' | 'copy' | 'detail' | 'cancel' | 'stop' | 'recall' | 'delete' | 'material';

/** The actions that change a message and so ask for a confirmation first. */
export const CONFIRMED_ACTIONS: readonly RowActionKey[] = ['cancel', 'stop', 'recall', 'delete'];

/** Project levels that may stop, cancel, recall and delete (the server's `act` rule). */
const ACTING_LEVELS = [100, 200, 300, 400];
/** Targeting type 9: file-based in the spec (copy hidden too), never accepted by Beacon. */
const SPEC_FILE_TARGETING = 9;

type Row = Pick<MessageRow, 'status' | 'scheduleType' | 'scheduleDate' | 'targetingType'> & {
  parentMsgId?: number | null;
};

/** A row's schedule as an instant (wall time read as UTC, the server's rule for local-time waves). */
export function scheduleInstant(scheduleDate: string | null): number | null {
  if (!scheduleDate) return null;
  const t = Date.parse(`${scheduleDate.replace(' ', 'T').slice(0, 19)}Z`);
  return Number.isNaN(t) ? null : t;
}

/**
 * The row menu of part 2 §4, in menu order: edit and cancel hidden once sent, for an A/B child, or for a local-time
 * schedule that can no longer be cancelled; copy hidden for file targets; stop for 4, 2, 0, 7; recall for 1, 4, 5, 7;
 * delete for "now" messages, 99, 21 or a passed schedule (local time: from 12 h before); the actions that change a
 * message only for levels 100–400.
 */
export function rowActions(row: Row, projectLevel: number, now: number): RowActionKey[] {
  const acts = ACTING_LEVELS.includes(projectLevel);
  const child = row.parentMsgId !== undefined && row.parentMsgId !== null;
  const cancellable =
    canCancel(row.status) &&
    ![S.DELETED, S.PLATFORM_DONE, S.RECALLING, S.STOP_IN_PROCESS, S.DELETED_ALT].includes(row.status as 14);
  const localLocked = row.scheduleType === ScheduleType.LOCAL_TIME && !cancellable;
  const keys: RowActionKey[] = [];
  if (canEdit(row.status) && !child && !localLocked) keys.push('edit');
  if (!isFileTargeting(row.targetingType) && row.targetingType !== SPEC_FILE_TARGETING) keys.push('copy');
  keys.push('detail');
  if (acts && cancellable && !child && !localLocked) keys.push('cancel');
  if (acts && canStop(row.status)) keys.push('stop');
  if (acts && canRecall(row.status)) keys.push('recall');
  const scheduleDate = row.scheduleType === ScheduleType.NOW ? null : scheduleInstant(row.scheduleDate);
  if (
    acts &&
    row.status !== S.SENDING &&
    canDelete({ status: row.status, scheduleType: row.scheduleType, scheduleDate }, now)
  )
    keys.push('delete');
  keys.push('material');
  return keys;
}
