import { ALL_PROJECT_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/**
 * Who may read statistics: a message's figures, every project member who may open its detail (as the message list);
 * the app's reports and their exports, project levels 100–400 (part 2 §6 "Statistics … routes: 100 to 400").
 */
export const statisticsPolicy = {
  message: { appLevels: ALL_PROJECT_LEVELS },
  reports: { appLevels: [100, 200, 300, 400] },
} as const satisfies Record<string, Access>;
