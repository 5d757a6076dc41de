import { UserLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** /appsettings is a level-100 screen (part 1 §2 dashboard tabs). */
export const appSettingsPolicy = {
  superAdmin: { ulevels: [UserLevel.SUPER_ADMIN] },
} as const satisfies Record<string, Access>;
