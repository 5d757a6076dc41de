import { TAG_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may manage tags (part 1 §2: tagconfig, tagconfigedit, tagmanagement are for project levels 100–400). */
export const tagsPolicy = {
  manageTags: { appLevels: TAG_LEVELS },
} as const satisfies Record<string, Access>;
