import { ALL_PROJECT_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Troubleshooting is open to every member of the project (part 1 §2 declares no route permission for it). */
export const troubleshootingPolicy = {
  lookup: { appLevels: ALL_PROJECT_LEVELS },
} as const satisfies Record<string, Access>;
