import type { PageDevice } from './engine.repository';

const DAY_MS = 86_400_000;

/** Loss codes the engine's own filters assign (spec part 2 §8; 108 is Beacon's "inactive 90 days"). */
export const LOSS = { UNINSTALLED: 1, PROVIDER_ERROR: 3, OTHER: 7, SENDER_MISMATCH: 12, INVALID_KEY: 35, NOTIFICATIONS_OFF: 107, INACTIVE: 108 } as const;

/** Platform policies (banned countries and hours, model shielding, daily limits) for one message. */
export interface PolicyFilter {
  /** Loads what the checks of this page need (sends today per device), before `check` runs on it. */
  prefetch?(page: PageDevice[]): Promise<void>;
  /** The loss code that drops the device, or 0. */
  check(device: PageDevice): number;
}

/**
 * The filter stage for one device, in order: uninstalled, notifications off, inactive 90 days, then the platform
 * policies. Returns the loss code that drops it, or 0 to send.
 */
export function filterDevice(device: PageDevice, now: number, policy?: PolicyFilter): number {
  if (device.invalidReason === 3) return LOSS.UNINSTALLED;
  if (!device.notificationsEnabled) return LOSS.NOTIFICATIONS_OFF;
  if (now - new Date(device.lastActiveAt).getTime() > 90 * DAY_MS) return LOSS.INACTIVE;
  return policy ? policy.check(device) : 0;
}
