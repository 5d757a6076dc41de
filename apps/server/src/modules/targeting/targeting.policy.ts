import { ALL_PROJECT_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Every project member composes, and testers may target only device ids, a file or a link (part 2 §6). */
export const targetingPolicy = {
  upload: { appLevels: ALL_PROJECT_LEVELS },
} as const satisfies Record<string, Access>;
