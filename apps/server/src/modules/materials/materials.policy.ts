import { MATERIAL_LEVELS, MATERIAL_PURGE_LEVELS, MATERIAL_REVIEW_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/**
 * Who may call the material routes (spec part 2 §6): the screens, create, copy, edit and delete for project levels
 * 100–400; pass and reject for 100, 200 and 300; restore and the permanent deletes for 100, 200 and 300 (a user of
 * level 100 is 100 on every app). Testers (500) and users without a role on the app get 1002.
 */
export const materialsPolicy = {
  use: { appLevels: MATERIAL_LEVELS },
  review: { appLevels: MATERIAL_REVIEW_LEVELS },
  purge: { appLevels: MATERIAL_PURGE_LEVELS },
} as const satisfies Record<string, Access>;
