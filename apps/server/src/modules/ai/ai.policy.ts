import { ProjectLevel } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may use the assistant and translation: the app's super admin, owner, managers and operators (not testers). */
export const aiPolicy = {
  /** whether AI is configured: any signed-in user (the console decides what to show) */
  status: 'user',
  use: {
    appLevels: [ProjectLevel.SUPER_ADMIN, ProjectLevel.OWNER, ProjectLevel.MANAGER, ProjectLevel.OPERATOR],
  },
} as const satisfies Record<string, Access>;
