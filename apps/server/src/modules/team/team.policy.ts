import { ALL_PROJECT_LEVELS, TEAM_ADMIN_LEVELS, TEAM_DELETE_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/**
 * Who may call the team routes (part 1 §6): every member sees the team; 100 and the owner invite, re-invite, cancel,
 * edit roles and hand over ownership; 100, 200 and managers delete members (the service refuses the owner row).
 */
export const teamPolicy = {
  view: { appLevels: ALL_PROJECT_LEVELS },
  administer: { appLevels: TEAM_ADMIN_LEVELS },
  remove: { appLevels: TEAM_DELETE_LEVELS },
  /** Accepting needs a session; the service checks the invited e-mail. */
  accept: 'user',
  /** The link itself is the credential. */
  invitation: 'public',
} as const satisfies Record<string, Access>;
