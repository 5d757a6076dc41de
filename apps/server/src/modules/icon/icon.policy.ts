import { ALL_PROJECT_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** The icon screen declares no route permission (part 1 §2): every project level may set the icon. */
export const iconPolicy = {
  manage: { appLevels: ALL_PROJECT_LEVELS },
} as const satisfies Record<string, Access>;
