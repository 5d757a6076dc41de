import {
  canDelete,
  canEdit,
  isDmpTargetClosed,
  MESSAGE_ACTING_LEVELS,
  MessageStatus,
  MessageType,
  REVIEW_ACT_LEVELS,
  ScheduleType,
  type MessageActionKey,
  type MessageRow,
  type ReviewItem,
} from '@beacon/shared';
import { appPath } from '../../../lib/paths';

/** A review item's schedule as the list and the run confirmation show it. */
export type ReviewSchedule =
  { kind: 'now' } | { kind: 'at'; date: string; zone: string } | { kind: 'local'; date: string };

const SIGNED_ZONE = /^([+-])(\d{2}):?(\d{2})$/;

/** A `±HHMM` zone as `UTC±HH:MM` (anything else as it came). */
export function zoneLabel(zone: string): string {
  const m = SIGNED_ZONE.exec(zone);
  return m ? `UTC${m[1]}${m[2]}:${m[3]}` : zone;
}

/** The schedule of an item: now, a date in its zone, or a date in each device's local time (minutes shown). */
export function scheduleOf(
  item: Pick<ReviewItem, 'scheduleType' | 'scheduleDate' | 'scheduleUTC'>,
): ReviewSchedule {
  if (item.scheduleType === ScheduleType.NOW || !item.scheduleDate) return { kind: 'now' };
  const date = item.scheduleDate.replace('T', ' ').slice(0, 16);
  if (item.scheduleType === ScheduleType.LOCAL_TIME) return { kind: 'local', date };
  return { kind: 'at', date, zone: zoneLabel(item.scheduleUTC) };
}

/**
 * The instant of an item's schedule (epoch ms): a set time in its zone; a local time as its wall time read as UTC
 * (the shared delete rule's reading); null for "now" or an unreadable date.
 */
export function scheduleInstantOf(
  item: Pick<ReviewItem, 'scheduleType' | 'scheduleDate' | 'scheduleUTC'>,
): number | null {
  if (item.scheduleType === ScheduleType.NOW || !item.scheduleDate) return null;
  const wall = item.scheduleDate.replace(' ', 'T').slice(0, 19);
  const m = SIGNED_ZONE.exec(item.scheduleUTC);
  const zone = item.scheduleType === ScheduleType.AT_TIME && m ? `${m[1]}${m[2]}:${m[3]}` : 'Z';
  const t = Date.parse(`${wall}${zone}`);
  return Number.isNaN(t) ? null : t;
}

const includes = (levels: readonly number[], level: number) => levels.includes(level);

export const isAbItem = (item: Pick<ReviewItem, 'msgType'>): boolean => item.msgType === MessageType.AB_TEST;

/** Whether the reader may run or reject this item: project levels 100, 200, 300, and an item still waiting (11). */
export function mayDecide(item: Pick<ReviewItem, 'status'>, projectLevel: number): boolean {
  return includes(REVIEW_ACT_LEVELS, projectLevel) && item.status === MessageStatus.PENDING_REVIEW;
}

/**
 * The row menu of a review item (spec §2: detail, copy, edit, delete; run and reject are the row's buttons): edit
 * before sending (11 and 12 both), copy unless it targets a file, neither under the closed data-platform target (the
 * app's DMP switch `dmpEnable` off and an audience package targeted), delete for levels 100–400 when the shared rule
 * allows it (a "now" message, or a schedule gone by — the server decides an A/B test by its arms).
 */
export function reviewMenu(
  item: ReviewItem,
  projectLevel: number,
  now: number,
  dmpEnable: boolean,
): MessageActionKey[] {
  const keys: MessageActionKey[] = [];
  const closed = isDmpTargetClosed(item, dmpEnable);
  if (canEdit(item.status) && !closed) keys.push('edit');
  if (!item.file && !closed) keys.push('copy');
  keys.push('detail');
  const deletable =
    item.schedulePassed ||
    canDelete(
      { status: item.status, scheduleType: item.scheduleType, scheduleDate: scheduleInstantOf(item) },
      now,
    );
  if (includes(MESSAGE_ACTING_LEVELS, projectLevel) && deletable) keys.push('delete');
  return keys;
}

/** The compose screen of an item: editpush, editcross (which opens editpullup for a pull-up) or editabtest. */
export function composeScreenOf(item: Pick<ReviewItem, 'msgType'>): string {
  if (item.msgType === MessageType.AB_TEST) return 'editabtest';
  if (item.msgType === MessageType.CANVAS) return 'editcanvas';
  return item.msgType === MessageType.PASS_THROUGH ? 'editcross' : 'editpush';
}

/**
 * Where edit or copy of an item goes: its compose screen with `id`, `act` and `from=review` (the save returns to the
 * review list); with the material the item is linked to when `keepMaterial`.
 */
export function composePath(
  appId: number,
  item: Pick<ReviewItem, 'id' | 'msgType' | 'materialId'>,
  act: 'edit' | 'copy',
  keepMaterial: boolean,
): string {
  const q = new URLSearchParams({ id: String(item.id), act, from: 'review' });
  if (keepMaterial && item.materialId !== null) q.set('materialId', String(item.materialId));
  return appPath(appId, `message/${composeScreenOf(item)}`, q);
}

/**
 * The message detail dialog's row for an item (a notification or a cross message): the dialog reads the message's
 * id, title, status and creation time, then loads its record; the counts of a message in review are all zero.
 */
export function detailRowOf(item: ReviewItem): MessageRow {
  return {
    id: item.id,
    msgId: item.msgId,
    msgType: item.msgType,
    title: item.title,
    ownerEmail: item.ownerEmail,
    status: item.status,
    scheduleType: item.scheduleType,
    scheduleDate: item.scheduleDate,
    createTime: item.createTime,
    materialId: item.materialId,
    multiLangEnable: false,
    targetingType: 0,
    audiencePackage: item.audiencePackage,
    pushCount: 0,
    targetCount: 0,
    dispatchCount: 0,
    lostCount: 0,
    arriveAll: 0,
    reachRate: 0,
    show: 0,
    showRate: 0,
    click: 0,
    clickRate: 0,
    conversion: 0,
    speedLimit: 0,
    parentMsgId: null,
    pullUp: false,
    appGroupId: item.appGroupId,
    appGroupParentMsgId: item.appGroupParentMsgId,
  };
}
