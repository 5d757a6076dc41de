import { UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/**
 * Global Settings (part 1 §2: Users, Dashboard, App Settings and Global Settings are level 100's alone): the global
 * switches of /globalsettings and the daily settings tab of /platformsettings (per-user limits, day boundary, per-app
 * limits, the settings read). A platform admin (150) gets 1002 on every one of them (hardening issue item 1).
 */
export const globalSettingsPolicy = {
  superAdmin: { ulevels: [UserLevel.SUPER_ADMIN] },
} as const satisfies Record<string, Access>;
