import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

export const auditPolicy = {
  read: { ulevels: PLATFORM_ADMIN_LEVELS },
} as const satisfies Record<string, Access>;
