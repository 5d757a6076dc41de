import { UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Server alerts belong to the Dashboard (part 1 §2: level 100 alone); a platform admin (150) gets 1002. */
export const alertsPolicy = {
  admins: { ulevels: [UserLevel.SUPER_ADMIN] },
} as const satisfies Record<string, Access>;
