import type { Access } from '../../lib/register-call';

/**
 * Who may set, read and replay an app's event streams and download its exports: its owner and super admins — a
 * signing secret and a destination of the app's data, as for its secret and API keys.
 */
export const eventStreamsPolicy = {
  manage: { appLevels: [100, 200] },
} as const satisfies Record<string, Access>;
