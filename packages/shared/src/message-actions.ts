/**
 * The row actions of part 2 §4, one pure rule per action: the server refuses what a rule denies, the console hides
 * it. Every rule reads the same small shape of a message and the current instant.
 */

import { AB_LIMITS } from './contracts/ab-tests';
import { isDmpTargetClosed } from './dmp-target';
import { isFileTargeting, MessageType, ScheduleType } from './message-kinds';
import { ProjectLevel } from './permissions';
import { canCancel, canDelete, canEdit, canRecall, canStop, MessageStatus as S } from './status';

/** Targeting type 9: file-based in the spec (copy hidden too), never accepted by Beacon. */
const SPEC_FILE_TARGETING = 9;
/** Statuses `canCancel` lets through that are over or going away: nothing is left to cancel. */
const PAST_CANCELLING: readonly number[] = [
  S.DELETED,
  S.PLATFORM_DONE,
  S.RECALLING,
  S.STOP_IN_PROCESS,
  S.DELETED_ALT,
];
/** Project levels that may cancel, stop, recall and delete (the server's `act` rule). */
export const MESSAGE_ACTING_LEVELS: readonly number[] = [
  ProjectLevel.SUPER_ADMIN,
  ProjectLevel.OWNER,
  ProjectLevel.MANAGER,
  ProjectLevel.OPERATOR,
];

/** One arm of an A/B test, as the rules read it. */
export interface ActionArm {
  msgType: number;
  status: number;
  scheduleType: number;
  /** The schedule as an instant (epoch ms); null for "now" or when unknown. */
  scheduleDate: number | null;
}

/** A message row as the rules read it. An A/B parent's schedule is its arms': the rules ignore its own. */
export interface ActionRow extends ActionArm {
  targetingType: number;
  /** The message (an A/B test: its targeting) names an audience package (dmp-target.ts); absent means it does not. */
  audiencePackage?: boolean;
  /** Set on an arm of an A/B test. */
  parentMsgId?: number | null;
  /**
   * An A/B parent's two arms, A then B (not the "send to all" messages). Without them the rules that look at the
   * arms deny.
   */
  children?: readonly ActionArm[];
}

/** The row menu's keys, in menu order. */
export type MessageActionKey =
  'edit' | 'copy' | 'detail' | 'cancel' | 'stop' | 'recall' | 'delete' | 'material';

const isAbTest = (row: ActionRow) => row.msgType === MessageType.AB_TEST;
const isArm = (row: ActionRow) => row.parentMsgId !== undefined && row.parentMsgId !== null;
/** An A/B parent's arms, or an empty list when they are not known. */
const armsOf = (row: ActionRow): readonly ActionArm[] => row.children ?? [];

/** Cancellable: `canCancel` (not 0, 1, 3, 4, 5, 6, 8, 9, 10, 99) and not deleted, done, recalling or stopping. */
function cancellable(m: ActionArm): boolean {
  return canCancel(m.status) && !PAST_CANCELLING.includes(m.status);
}

/** A local-time schedule that can no longer be cancelled: its waves are under way (§4 hides edit and cancel). */
function localLocked(m: ActionArm): boolean {
  return m.scheduleType === ScheduleType.LOCAL_TIME && !cancellable(m);
}

/** `canDelete` (now, 99, 21 or a passed schedule; local time from 12 h before), never while sending. */
function deletable(m: ActionArm, now: number): boolean {
  return m.status !== S.SENDING && canDelete(m, now);
}

/**
 * Edit: before sending (`canEdit`: 0, 2, 7, 11, 12, 13), never an A/B arm on its own, never a local-time schedule
 * that is not cancellable, never under the closed data-platform target (`dmpEnable` off and an audience package
 * targeted). An A/B parent also needs its arms: none of them deletable and each local-time arm cancellable.
 */
export function mayEdit(row: ActionRow, now: number, dmpEnable = true): boolean {
  if (!canEdit(row.status) || isArm(row) || isDmpTargetClosed(row, dmpEnable)) return false;
  if (!isAbTest(row)) return !localLocked(row);
  const arms = armsOf(row);
  return arms.length > 0 && arms.every((arm) => !deletable(arm, now) && !localLocked(arm));
}

/**
 * Copy: not for file targets (uploaded file 6, file link 7, and the spec's file type 9), nor under the closed
 * data-platform target (`dmpEnable` off and an audience package targeted).
 */
export function mayCopy(row: ActionRow, _now: number, dmpEnable = true): boolean {
  if (isDmpTargetClosed(row, dmpEnable)) return false;
  return !isFileTargeting(row.targetingType) && row.targetingType !== SPEC_FILE_TARGETING;
}

/**
 * Cancel: a cancellable status (2, 7, 11, 12, 13, 18, 19, 20), never an A/B arm on its own; an A/B parent only
 * when both arms are cancellable too.
 */
export function mayCancel(row: ActionRow, _now: number): boolean {
  if (!cancellable(row) || isArm(row)) return false;
  if (!isAbTest(row)) return true;
  const arms = armsOf(row);
  return arms.length > 0 && arms.every(cancellable);
}

/** Stop sending: status 4, 2, 0 or 7. */
export function mayStop(row: ActionRow, _now: number): boolean {
  return canStop(row.status);
}

/**
 * Recall: status 1, 4, 5 or 7, and only a notification (§2: "recall (notification list only)"); an
 * A/B parent only when its first arm is a notification.
 */
export function mayRecall(row: ActionRow, _now: number): boolean {
  if (!canRecall(row.status)) return false;
  if (isAbTest(row)) return armsOf(row)[0]?.msgType === MessageType.NOTIFICATION;
  return row.msgType === MessageType.NOTIFICATION;
}

/**
 * Delete: "now" messages, status 99 or 21, or a passed schedule (local time: from 12 h before), never while
 * sending (4); an A/B parent (not sending) only when each of its arms is deletable by the same rule.
 */
export function mayDelete(row: ActionRow, now: number): boolean {
  if (!isAbTest(row)) return deletable(row, now);
  const arms = armsOf(row);
  return row.status !== S.SENDING && arms.length > 0 && arms.every((arm) => deletable(arm, now));
}

/** Upload as material: notifications and cross messages (the notification and cross lists), not A/B parents. */
export function mayUploadAsMaterial(row: ActionRow, _now: number): boolean {
  return row.msgType === MessageType.NOTIFICATION || row.msgType === MessageType.PASS_THROUGH;
}

/**
 * The row menu of part 2 §4 in menu order: what each rule allows, the actions that change a message (cancel, stop,
 * recall, delete) only for project levels 100–400; detail always. `dmpEnable` is the app's DMP switch (edit and copy
 * are withheld when it is off and the row targets an audience package).
 */
export function messageActions(
  row: ActionRow,
  projectLevel: number,
  now: number,
  dmpEnable: boolean,
): MessageActionKey[] {
  const acts = MESSAGE_ACTING_LEVELS.includes(projectLevel);
  const keys: MessageActionKey[] = [];
  if (mayEdit(row, now, dmpEnable)) keys.push('edit');
  if (mayCopy(row, now, dmpEnable)) keys.push('copy');
  keys.push('detail');
  if (acts && mayCancel(row, now)) keys.push('cancel');
  if (acts && mayStop(row, now)) keys.push('stop');
  if (acts && mayRecall(row, now)) keys.push('recall');
  if (acts && mayDelete(row, now)) keys.push('delete');
  if (mayUploadAsMaterial(row, now)) keys.push('material');
  return keys;
}

/** The "send to all" button of an A/B arm: not shown, offered, or shown as done. */
export type AbSendToAllState = 'hidden' | 'send' | 'done';

/** Where the A/B test is shown: the review dialog, the audit view, or a static (read-only) view hide the button. */
export interface AbSendToAllOptions {
  review?: boolean;
  audit?: boolean;
  static?: boolean;
}

/**
 * "A/B send to all" (part 2 §4, issue 34 §2): the button shows only outside review, audit and static mode and when
 * the test's 2–8 arms (A, B, C… — not the "send to all" messages) share schedule type and schedule date; once sent
 * (`abAllSent`) it shows done, since the rest gets one arm, once.
 */
export function mayAbSendToAll(
  parent: { abAllSent: boolean; children: readonly Pick<ActionArm, 'scheduleType' | 'scheduleDate'>[] },
  opts: AbSendToAllOptions = {},
): AbSendToAllState {
  if (opts.review === true || opts.audit === true || opts.static === true) return 'hidden';
  const [a] = parent.children;
  const n = parent.children.length;
  if (!a || n < AB_LIMITS.armsMin || n > AB_LIMITS.armsMax) return 'hidden';
  if (parent.children.some((b) => a.scheduleType !== b.scheduleType || a.scheduleDate !== b.scheduleDate))
    return 'hidden';
  return parent.abAllSent ? 'done' : 'send';
}

/**
 * Whether a message this user saves (new or edited) waits for review before it is scheduled: the app reviews
 * messages and the user is an operator or a tester (docs/review.md). The server decides by it; the console's
 * confirmation says "Submit for review" instead of "Send" by it.
 */
export function waitsForReview(app: { reviewEnable: boolean }, projectLevel: number): boolean {
  return app.reviewEnable && projectLevel >= ProjectLevel.OPERATOR;
}
