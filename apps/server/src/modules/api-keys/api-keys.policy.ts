import type { Access } from '../../lib/register-call';

/** Who may list, create and revoke an app's API keys: its owner and super admins, as for the app's secret. */
export const apiKeysPolicy = {
  manage: { appLevels: [100, 200] },
} as const satisfies Record<string, Access>;
