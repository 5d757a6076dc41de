import { ProjectLevel, UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may call the app-group routes: any signed-in user; the rules per group are below. */
export const appGroupsPolicy = {
  signedIn: 'user',
} as const satisfies Record<string, Access>;

export interface GroupViewer {
  id: number;
  ulevel: number;
}

/** A group is visible to the user who made it and to level-100 users. */
export function canSeeGroup(viewer: GroupViewer, createdBy: number): boolean {
  return viewer.ulevel === UserLevel.SUPER_ADMIN || viewer.id === createdBy;
}

/**
 * A group can be edited or deleted only when every app of it is among the user's apps with a level of 200 or less
 * (part 1 §5); `levels` maps the user's apps to their level.
 */
export function canChangeGroup(appIds: readonly number[], levels: ReadonlyMap<number, number>): boolean {
  return appIds.every((id) => {
    const level = levels.get(id);
    return level !== undefined && level <= ProjectLevel.OWNER;
  });
}
