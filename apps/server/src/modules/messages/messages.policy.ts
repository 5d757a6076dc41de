import { ALL_PROJECT_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may call the message routes: every project member composes and reads; testers may not act on others' sends. */
export const messagesPolicy = {
  compose: { appLevels: ALL_PROJECT_LEVELS },
  read: { appLevels: ALL_PROJECT_LEVELS },
  act: { appLevels: [100, 200, 300, 400] },
  /** a transactional send (an API key of scope `send` acts as an operator) */
  transactional: { appLevels: [100, 200, 300, 400] },
} as const satisfies Record<string, Access>;
