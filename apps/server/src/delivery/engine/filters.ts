import { countryAllowed, isStale, LIMITS, type NationalAttributes } from '@beacon/shared';
import { LOSS } from './kinds';
import type { PageDevice } from './page-device';
import type { PolicyFilter } from './ports';

export { LOSS };
export type { PolicyFilter };

const DAY_MS = 86_400_000;

/** With the app's new-device protection on, devices first seen this recently are dropped with 106. */
export const NEW_DEVICE_MS = LIMITS.newDeviceProtectionDays * DAY_MS;

/** Devices not seen for this long are dropped with 108. */
export const INACTIVE_MS = 90 * DAY_MS;

/** What the filter stage decides for one device: send now, wait until `notBefore` (epoch ms), or drop with `loss`. */
export interface Verdict {
  loss: number;
  notBefore?: number;
}

const SEND: Verdict = { loss: 0 };
const verdicts = new Map<number, Verdict>();
const drop = (loss: number): Verdict => {
  let v = verdicts.get(loss);
  if (!v) verdicts.set(loss, (v = { loss }));
  return v;
};

/** What the engine's own filters look at (troubleshooting passes its device record too). */
export interface FilterFacts {
  invalidReason: number;
  notificationsEnabled: boolean;
  /** epoch ms or a date */
  lastActiveAt: number | Date;
  /** absent: not known here (troubleshooting) */
  token?: string | null;
  /** epoch ms or a date: when the device registered (new-device protection) */
  firstSeenAt?: number | Date;
  /** epoch ms or a date: when its token was last registered (stale tokens); absent: the activity alone decides */
  tokenUpdatedAt?: number | Date | null;
}

/** The app's settings the engine's own filters apply: new-device protection (106) and its stale limit (111). */
export interface OwnRules {
  protectNew?: boolean;
  /** days without activity after which a device is stale, 0 off (FCM's 270-day expiry applies anyway) */
  staleDays?: number;
}

const ms = (t: number | Date) => (typeof t === 'number' ? t : t.getTime());

/**
 * The engine's own filters, in order: no token or uninstalled, notifications off, new device (with the app's
 * protection on), stale (FCM's token expiry, or the app's limit: @beacon/shared isStale), inactive 90 days. Loss code
 * or 0. The page's SQL (batch.repository.ts) is the same order.
 */
export function filterDevice(device: FilterFacts, now: number, rules: OwnRules = {}): number {
  if (device.invalidReason === 3 || device.token === null) return LOSS.UNINSTALLED;
  if (!device.notificationsEnabled) return LOSS.NOTIFICATIONS_OFF;
  if (rules.protectNew && device.firstSeenAt !== undefined) {
    if (now - ms(device.firstSeenAt) < NEW_DEVICE_MS) return LOSS.NEW_DEVICE;
  }
  const active = ms(device.lastActiveAt);
  const token = device.tokenUpdatedAt == null ? null : ms(device.tokenUpdatedAt);
  if (isStale({ lastActiveAt: active, tokenUpdatedAt: token }, now, rules.staleDays ?? 0)) return LOSS.STALE;
  if (now - active > INACTIVE_MS) return LOSS.INACTIVE;
  return 0;
}

/**
 * The filter stage for one device: the engine's own filters (`own`, evaluated with the page's SQL), then the
 * platform policies. A device whose only
 * obstacle is a banned window of its country waits for the window's end when that comes before `deadline` (the
 * message's TTL), else it is dropped with 105.
 */
export function decide(device: PageDevice, now: number, deadline: number, policy?: PolicyFilter): Verdict {
  if (device.own !== 0) return drop(device.own);
  if (!policy) return SEND;
  const loss = policy.check(device, now);
  if (loss === 0) return SEND;
  if (loss !== LOSS.TIME_WINDOW || !policy.windowEnd) return drop(loss);
  const end = policy.windowEnd(device, now);
  if (end === null || end > deadline) return drop(LOSS.TIME_WINDOW);
  // the window ends in time: the device waits unless another policy would drop it then
  const then = policy.check(device, end);
  return then === 0 ? { loss: 0, notBefore: end } : drop(then);
}

/**
 * A message composed from a material goes only where the material's national attributes let it (loss 109, material
 * country ignored), checked before the platform policies (`inner`), whose other checks it keeps.
 */
export function withMaterialCountries(
  countries: NationalAttributes | null,
  inner: PolicyFilter | undefined,
): PolicyFilter | undefined {
  if (!countries || (countries.pushCountrySet.length === 0 && countries.notPushCountrySet.length === 0))
    return inner;
  const verdicts = new Map<string, boolean>();
  const allowed = (country: string) => {
    let ok = verdicts.get(country);
    if (ok === undefined) verdicts.set(country, (ok = countryAllowed(countries, country)));
    return ok;
  };
  const material: PolicyFilter = {
    check: (device, now) =>
      allowed(device.country) ? (inner?.check(device, now) ?? 0) : LOSS.MATERIAL_COUNTRY,
  };
  const prefetch = inner?.prefetch?.bind(inner);
  const windowEnd = inner?.windowEnd?.bind(inner);
  if (prefetch) material.prefetch = prefetch;
  if (windowEnd) material.windowEnd = windowEnd;
  return material;
}
