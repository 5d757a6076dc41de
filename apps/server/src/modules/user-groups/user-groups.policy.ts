import { USER_GROUP_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may manage user groups (part 1 §2: config/group and config/editgroup are for project levels 100–300). */
export const userGroupsPolicy = {
  manageGroups: { appLevels: USER_GROUP_LEVELS },
} as const satisfies Record<string, Access>;
