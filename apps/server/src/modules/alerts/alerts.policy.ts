import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

/** Admin alerts: levels 100 and 150 read and resolve them. */
export const alertsPolicy = {
  admins: { ulevels: PLATFORM_ADMIN_LEVELS },
} as const satisfies Record<string, Access>;
