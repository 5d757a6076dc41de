import { SENSITIVE_APP_EDIT_LEVELS, SENSITIVE_APP_VIEW_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';
import { isPlatformAdmin, PLATFORM_ADMIN_LEVELS } from '../audit/audit.policy';

export const sensitiveWordsPolicy = {
  platform: { ulevels: PLATFORM_ADMIN_LEVELS },
  /** Per-app calls: the level is checked in the handler (platform admins need no role on the app). */
  signedIn: 'user',
} as const satisfies Record<string, Access>;

/** The app's list: read by 100–400 (the config/sensitive route levels), edited by 100, 200, 300; platform admins both. */
export type AppListAction = 'view' | 'edit' | 'check';

/** Whether a user (level `ulevel`, project level `projectLevel` on the app or undefined) may act on the app's list. */
export function canUseAppList(
  action: AppListAction,
  ulevel: number,
  projectLevel: number | undefined,
): boolean {
  if (isPlatformAdmin(ulevel)) return true;
  if (projectLevel === undefined) return false;
  if (action === 'check') return true;
  return (action === 'edit' ? SENSITIVE_APP_EDIT_LEVELS : SENSITIVE_APP_VIEW_LEVELS).includes(projectLevel);
}
