import { FORBID_VIEW_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

export const forbidPolicy = {
  viewByPath: { appLevels: FORBID_VIEW_LEVELS },
  /** The /tcm/uem calls name the app in the query. */
  viewByQuery: { appLevels: FORBID_VIEW_LEVELS, appIn: 'query' },
  /** Fine-work (editing the bans, downloads) is platform administration: levels 100 and 150 only. */
  admin: { ulevels: PLATFORM_ADMIN_LEVELS },
} as const satisfies Record<string, Access>;

/** Whether a project level (undefined: no role) may read the app's control policy. */
export function canViewForbid(level: number | undefined): boolean {
  return level !== undefined && FORBID_VIEW_LEVELS.includes(level);
}
