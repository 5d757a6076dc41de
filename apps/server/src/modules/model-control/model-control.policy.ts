import type { Access } from '../../lib/register-call';
import { PLATFORM_ADMIN_LEVELS } from '../../platform/admin-levels';

/** Phone-model shielding is platform administration: levels 100 and 150; the templates hold no data. */
export const modelControlPolicy = {
  admin: { ulevels: PLATFORM_ADMIN_LEVELS },
  template: 'public',
} as const satisfies Record<string, Access>;
