import { UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

/**
 * Who may read the platform statistics (spec part 1 §2, §6): the admin dashboard /statistics and its calls under
 * /tcm/v1/dashboard (reports and tracking) is level 100's; the /platformsettings tabs statistics and report
 * (/tcm/global/plat/*, /tcm/global/msg/*) are platform administration, levels 100 and 150. The server alerts of the
 * dashboard are the alerts module's (GET /tcm/v1/dashboard/alarm).
 */
export const platformStatisticsPolicy = {
  dashboard: { ulevels: [UserLevel.SUPER_ADMIN] },
  platform: { ulevels: PLATFORM_ADMIN_LEVELS },
} as const satisfies Record<string, Access>;
