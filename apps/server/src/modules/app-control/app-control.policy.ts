import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

/** The app control lists are platform administration: levels 100 and 150. */
export const appControlPolicy = {
  admin: { ulevels: PLATFORM_ADMIN_LEVELS },
} as const satisfies Record<string, Access>;
