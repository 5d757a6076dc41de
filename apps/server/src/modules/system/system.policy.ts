import { UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** The System status is a tab of the platform settings: levels 100 and 150 (part 1 §2's platform admins). */
export const systemPolicy = {
  platformAdmins: { ulevels: [UserLevel.SUPER_ADMIN, UserLevel.PLATFORM_ADMIN] },
} as const satisfies Record<string, Access>;
