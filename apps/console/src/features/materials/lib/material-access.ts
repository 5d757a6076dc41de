import {
  MATERIAL_PURGE_LEVELS,
  MATERIAL_REVIEW_LEVELS,
  MaterialStatus,
  MaterialType,
  UserLevel,
  type MaterialRow,
} from '@beacon/shared';
import { type MaterialList } from '../api/get-materials';
import { appPath } from '../../../lib/paths';

/** What a material row offers (spec §2 Material, §6). */
export type MaterialAction =
  'compose' | 'report' | 'copy' | 'edit' | 'delete' | 'restore' | 'purge' | 'auditPurge';

/** Who reads the list: the project level on the app and the user level on the platform. */
export interface MaterialReader {
  projectLevel: number;
  userLevel: number;
}

const within = (levels: readonly number[], level: number) => levels.includes(level);

/** Restore and delete for good: user level 100, or project levels 200 and 300 (MATERIAL_PURGE_LEVELS) (spec §6). */
export const mayPurge = (reader: MaterialReader): boolean =>
  reader.userLevel === UserLevel.SUPER_ADMIN || within(MATERIAL_PURGE_LEVELS, reader.projectLevel);

/** Pass or reject: project levels 100, 200, 300, and a material still waiting for review (3) (spec §6). */
export const mayDecide = (row: Pick<MaterialRow, 'status'>, projectLevel: number): boolean =>
  within(MATERIAL_REVIEW_LEVELS, projectLevel) && row.status === MaterialStatus.AWAITING_AUDIT;

/**
 * The row menu of each list: the library's create message, report, copy, edit and delete; the recycle bin's restore
 * and delete for good; the audit list's copy, edit and delete for good (those two for `mayPurge` only).
 */
export function materialActions(list: MaterialList, reader: MaterialReader): MaterialAction[] {
  if (list === 'recycle') return mayPurge(reader) ? ['restore', 'purge'] : [];
  if (list === 'audit') return ['copy', 'edit', ...(mayPurge(reader) ? (['auditPurge'] as const) : [])];
  return ['compose', 'report', 'copy', 'edit', 'delete'];
}

/** Why a material cannot be used in a message yet (only a passed one can), or undefined when it can. */
export function unusable(row: Pick<MaterialRow, 'status'>): 'waiting' | 'rejected' | 'other' | undefined {
  if (row.status === MaterialStatus.PASSED) return undefined;
  if (row.status === MaterialStatus.AWAITING_AUDIT) return 'waiting';
  return row.status === MaterialStatus.REJECTED ? 'rejected' : 'other';
}

/** A message from a material: a cross material on editcross, a notification material on editpush. */
export function composePath(appId: number, row: Pick<MaterialRow, 'materialId' | 'materialType'>): string {
  const screen = row.materialType === MaterialType.CROSS ? 'editcross' : 'editpush';
  return appPath(appId, `message/${screen}`, { materialId: row.materialId });
}

/** Copy or edit of a material on the form, back to the audit list when it came from there. */
export function formPath(
  appId: number,
  materialId: number,
  act: 'copy' | 'edit',
  fromAudit: boolean,
): string {
  const q = new URLSearchParams({ materialId: String(materialId), act });
  if (fromAudit) q.set('from', 'audit');
  return appPath(appId, 'material/create', q);
}
