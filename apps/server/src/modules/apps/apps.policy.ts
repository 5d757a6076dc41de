import { ALL_PROJECT_LEVELS, ROUTE_LEVELS } from '@beacon/shared';
import type { Access } from '../../lib/register-call';

/** Who may call the app routes (part 1 §2, §6). */
export const appsPolicy = {
  /** Listing, creating, checking a package, uploading: any signed-in user. */
  signedIn: 'user',
  /** The app info every app screen reads: any role on the app. */
  info: { appLevels: ALL_PROJECT_LEVELS },
  /** The app details screen (config/project) and its settings: super admins and the owner. */
  details: { appLevels: ROUTE_LEVELS['config/project'] ?? [100, 200] },
  /** Deleting the app, revealing and rotating its secret: the owner and super admins. */
  owner: { appLevels: [100, 200] },
  /** The legacy /tcm/app/delete call names the app in its body. */
  ownerByBody: { appLevels: [100, 200], appIn: 'body' },
} as const satisfies Record<string, Access>;
