import { REVIEW_ACT_LEVELS, REVIEW_READ_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may call the review routes (spec part 2 §6): the list for 100–400, run and reject for 100, 200 and 300. */
export const reviewsPolicy = {
  read: { appLevels: REVIEW_READ_LEVELS },
  decide: { appLevels: REVIEW_ACT_LEVELS },
} as const satisfies Record<string, Access>;
