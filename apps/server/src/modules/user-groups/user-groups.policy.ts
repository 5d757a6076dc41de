import { USER_GROUP_LEVELS, USER_GROUP_TARGET_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may manage user groups (part 1 §2: config/group and config/editgroup are for project levels 100–300). */
export const userGroupsPolicy = {
  manageGroups: { appLevels: USER_GROUP_LEVELS },
  /** The list, read by compose's group picker too: operators (400) may target a saved group (part 2 §6). */
  listGroups: { appLevels: USER_GROUP_TARGET_LEVELS },
} as const satisfies Record<string, Access>;
