import { ALL_PROJECT_LEVELS, SENSITIVE_APP_EDIT_LEVELS, SENSITIVE_APP_VIEW_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

export const sensitiveWordsPolicy = {
  platform: { ulevels: PLATFORM_ADMIN_LEVELS },
  /** The app's list: read by 100–400 (the config/sensitive route levels); platform admins need no role on the app. */
  appView: { appLevels: SENSITIVE_APP_VIEW_LEVELS, orUserLevels: PLATFORM_ADMIN_LEVELS },
  /** Edited by 100, 200, 300 and platform admins. */
  appEdit: { appLevels: SENSITIVE_APP_EDIT_LEVELS, orUserLevels: PLATFORM_ADMIN_LEVELS },
  /** The content check: any role on the app (a super admin is 100 on every app); a platform admin without one gets 1002. */
  check: { appLevels: ALL_PROJECT_LEVELS },
} as const satisfies Record<string, Access>;
