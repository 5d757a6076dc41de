import { ROUTE_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may call the attributes routes: as the app's other settings (config/project), super admins and the owner. */
export const userAttributesPolicy = {
  settings: { appLevels: ROUTE_LEVELS['config/project'] ?? [100, 200] },
} as const satisfies Record<string, Access>;
