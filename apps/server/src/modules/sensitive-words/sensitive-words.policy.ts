import { ProjectLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';
import { isPlatformAdmin, PLATFORM_ADMIN_LEVELS } from '../audit/audit.policy';

/** Project levels that may edit an app's own list (owner and manager, and 100) besides platform admins. */
const APP_LIST_EDIT_LEVELS: readonly number[] = [ProjectLevel.SUPER_ADMIN, ProjectLevel.OWNER, ProjectLevel.MANAGER];
/** Operators also read the app's list: they write the content it checks. */
const APP_LIST_VIEW_LEVELS: readonly number[] = [...APP_LIST_EDIT_LEVELS, ProjectLevel.OPERATOR];

export const sensitiveWordsPolicy = {
  platform: { ulevels: PLATFORM_ADMIN_LEVELS },
  /** Per-app calls: the level is checked in the handler (platform admins need no role on the app). */
  signedIn: 'user',
} as const satisfies Record<string, Access>;

export type AppListAction = 'view' | 'edit' | 'check';

/** Whether a user (level `ulevel`, project level `projectLevel` on the app or undefined) may act on the app's list. */
export function canUseAppList(action: AppListAction, ulevel: number, projectLevel: number | undefined): boolean {
  if (isPlatformAdmin(ulevel)) return true;
  if (projectLevel === undefined) return false;
  if (action === 'check') return true;
  return (action === 'edit' ? APP_LIST_EDIT_LEVELS : APP_LIST_VIEW_LEVELS).includes(projectLevel);
}
