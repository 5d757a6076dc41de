import { ALL_PROJECT_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Test devices declare no route permission (part 1 §2): every project level, testers included, manages them. */
export const testDevicesPolicy = {
  manage: { appLevels: ALL_PROJECT_LEVELS },
} as const satisfies Record<string, Access>;
