import { UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may call the user routes (part 1 §6): administrators are managed by level 100 only. */
export const usersPolicy = {
  manageUsers: { ulevels: [UserLevel.SUPER_ADMIN] },
  signedIn: 'user',
  anyone: 'public',
} as const satisfies Record<string, Access>;
