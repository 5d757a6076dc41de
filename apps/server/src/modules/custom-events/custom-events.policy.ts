import type { Access } from '../../lib/register-call';

/**
 * Who may see an app's custom events: its names in the app's settings (config/project: owners, levels 100–200), and
 * their daily counts with the app's reports (statistics: levels 100–400, as statisticsPolicy.reports).
 */
export const customEventsPolicy = {
  settings: { appLevels: [100, 200] },
  reports: { appLevels: [100, 200, 300, 400] },
} as const satisfies Record<string, Access>;
