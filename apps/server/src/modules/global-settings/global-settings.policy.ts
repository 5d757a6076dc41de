import { UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

/**
 * The global switches are a /globalsettings screen (level 100 only); the daily settings tab of /platformsettings
 * (per-user limits, day boundary, per-app limits, the settings read) is for levels 100 and 150.
 */
export const globalSettingsPolicy = {
  superAdmin: { ulevels: [UserLevel.SUPER_ADMIN] },
  platformAdmin: { ulevels: PLATFORM_ADMIN_LEVELS },
} as const satisfies Record<string, Access>;
