import { messageActions, ScheduleType, type MessageActionKey, type MessageRow } from '@beacon/shared';
import { appPath } from '../../../lib/paths';

export type RowActionKey = MessageActionKey;

type Schedule = Pick<MessageRow, 'scheduleType' | 'scheduleDate'>;
type Arm = Pick<MessageRow, 'msgType' | 'status'> & Schedule;
type Row = Pick<MessageRow, 'status' | 'scheduleType' | 'scheduleDate' | 'targetingType' | 'msgType'> & {
  parentMsgId?: number | null;
  /** Targets an audience package (the closed data-platform target when the app's DMP switch is off). */
  audiencePackage?: boolean;
  /** An A/B parent's arms, A first (the A/B rules need them). */
  children?: readonly Arm[];
};

/** A row's schedule as an instant (wall time read as UTC, the server's rule for local-time waves). */
export function scheduleInstant(scheduleDate: string | null): number | null {
  if (!scheduleDate) return null;
  const t = Date.parse(`${scheduleDate.replace(' ', 'T').slice(0, 19)}Z`);
  return Number.isNaN(t) ? null : t;
}

const instantOf = (s: Schedule) =>
  s.scheduleType === ScheduleType.NOW ? null : scheduleInstant(s.scheduleDate);

/**
 * The row menu of part 2 §4 in menu order: the shared rules (`messageActions`) over the row's schedule instant, for a
 * reader of `projectLevel` in an app whose DMP switch is `dmpEnable` (AppInfo.commercialEnable).
 */
export function rowActions(row: Row, projectLevel: number, now: number, dmpEnable: boolean): RowActionKey[] {
  return messageActions(
    {
      status: row.status,
      scheduleType: row.scheduleType,
      scheduleDate: instantOf(row),
      targetingType: row.targetingType,
      msgType: row.msgType,
      parentMsgId: row.parentMsgId ?? null,
      audiencePackage: row.audiencePackage === true,
      ...(row.children
        ? { children: row.children.map((arm) => ({ ...arm, scheduleDate: instantOf(arm) })) }
        : {}),
    },
    projectLevel,
    now,
    dmpEnable,
  );
}

/**
 * Where a row's edit or copy opens its compose screen: `id` is the record id the message detail takes. A copy of a
 * message linked to a material keeps the link (`materialId`) or not (`noMaterial=1`), as the operator chose.
 */
export function composePathOf(
  appId: number,
  screen: string,
  row: Pick<MessageRow, 'id' | 'materialId'>,
  act: 'edit' | 'copy',
  keepMaterial = false,
): string {
  const q = new URLSearchParams({ id: String(row.id), act });
  if (act === 'copy' && row.materialId !== null) {
    if (keepMaterial) q.set('materialId', String(row.materialId));
    else q.set('noMaterial', '1');
  }
  return appPath(appId, `message/${screen}`, q);
}

/** "Upload as material" (part 2 §2): the material form built from the message (its record id, as the detail takes it). */
export const materialPathOf = (appId: number, row: Pick<MessageRow, 'id'>): string =>
  appPath(appId, 'material/create', { msgId: row.id });
