import { ALL_PROJECT_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Every project member composes messages (part 2 §6), so every level may upload images and check icons. */
export const uploadsPolicy = {
  compose: { appLevels: ALL_PROJECT_LEVELS },
} as const satisfies Record<string, Access>;
