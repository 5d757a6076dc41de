import type { Access } from '../../lib/register-call';

/**
 * Who may see an app's custom events: deleting a name is the app's settings' (config/project: owners, levels
 * 100–200); the names themselves (what a journey's event entry picks from) and their daily counts go with the app's
 * reports (levels 100–400, as statisticsPolicy.reports: the report lists the names too).
 */
export const customEventsPolicy = {
  settings: { appLevels: [100, 200] },
  reports: { appLevels: [100, 200, 300, 400] },
} as const satisfies Record<string, Access>;
