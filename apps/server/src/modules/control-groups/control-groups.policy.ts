import { ALL_PROJECT_LEVELS, ROUTE_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/**
 * Who may see and set an app's control group (issue 34 §1): the setting and its members' export are the app's
 * settings (config/project: owners and super admins, as its other delivery settings); a message's lift goes with the
 * message's statistics (every project member, and API keys that read statistics); the group's daily activity goes
 * with the app's statistics.
 */
export const controlGroupsPolicy = {
  settings: { appLevels: ROUTE_LEVELS['config/project'] ?? [100, 200] },
  message: { appLevels: ALL_PROJECT_LEVELS },
  /** the group's activity by day: the app's statistics, every project member */
  statistics: { appLevels: ALL_PROJECT_LEVELS },
} as const satisfies Record<string, Access>;
