import type { DeviceFacts, MessageFacts, PolicySnapshot, PolicyVerdict, TimeWindow } from './policy-types';
import { KIND_OPTION } from './daily-limits';

const DAY_MIN = 1440;
const MINUTE_MS = 60_000;
const DAY_MS = DAY_MIN * MINUTE_MS;

/** Protect value meaning "always shielded" (months). */
export const PROTECT_ALWAYS = 999;

/**
 * The key of a phone model in the shield maps: brand and model upper case with everything but letters and digits
 * removed, so that a device reporting `samsung` / `SM-G991B` matches the entry `SAMSUNG` / `SMG991B`.
 */
export function modelKey(brand: string, model: string): string {
  const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `${norm(brand)}|${norm(model)}`;
}

/** Milliseconds since local midnight at `now` for a device `utcOffsetMin` minutes from UTC. */
function localMsOfDay(now: Date, utcOffsetMin: number): number {
  const local = now.getTime() + utcOffsetMin * MINUTE_MS;
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
}

/** Whether local minute `minute` lies in the window: from start (included) to end (excluded), across midnight if end < start. */
export function isInWindow(minute: number, w: TimeWindow): boolean {
  if (w.startMinute === w.endMinute) return false;
  return w.startMinute < w.endMinute
    ? minute >= w.startMinute && minute < w.endMinute
    : minute >= w.startMinute || minute < w.endMinute;
}

/** The first window containing the device's local time at `now`, if any. */
function windowAt(now: Date, utcOffsetMin: number, windows: readonly TimeWindow[]): TimeWindow | undefined {
  const minute = Math.floor(localMsOfDay(now, utcOffsetMin) / MINUTE_MS);
  return windows.find((w) => isInWindow(minute, w));
}

/**
 * Whole calendar months from `from` to `now` in UTC (Jan 31 → Feb 28 is 0 months, → Mar 1 is 1); 0 when `now`
 * is earlier.
 */
export function monthsSince(from: Date, now: Date): number {
  let months = (now.getUTCFullYear() - from.getUTCFullYear()) * 12 + now.getUTCMonth() - from.getUTCMonth();
  const fromRest = from.getTime() - Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1);
  const nowRest = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  if (nowRest < fromRest) months--;
  return Math.max(0, months);
}

/** Whether a device `ageMonths` old is still protected by `protect` months (999 always, 0 never). */
export function isProtected(protect: number, ageMonths: number): boolean {
  if (protect >= PROTECT_ALWAYS) return true;
  return ageMonths < protect;
}

const drop = (
  lossCode: 6 | 104 | 105 | 4 | 7,
  policy: Extract<PolicyVerdict, { drop: true }>['policy'],
  reason: string,
): PolicyVerdict => ({
  drop: true,
  lossCode,
  policy,
  reason,
});

/**
 * Which control policy drops `message` for `device` at `now`, checked in a fixed order (the first that applies
 * wins): platform banned country → 6; app banned country → 104; app banned time window of the device's country,
 * in its local time → 105; model shielding (only for notification-control apps; global shielding for every kind
 * unless the app is on the global whitelist, ad shielding for kind 1) while the device is younger than the
 * entry's protect months (protectNewMarket in new-market countries; 999 always, 0 never) → 4; per-user daily
 * limits (total, then the message's kind; a device already sent `number` today gets no more) → 7.
 * Pure: no I/O, no clock.
 */
export function evaluate(
  device: DeviceFacts,
  message: MessageFacts,
  snapshot: PolicySnapshot,
  now: Date,
): PolicyVerdict {
  const country = device.country.toUpperCase();
  if (snapshot.platformBannedCountries.has(country))
    return drop(6, 'platform-country', `country ${country} is banned for every app`);
  if (snapshot.appBannedCountries.has(country))
    return drop(104, 'app-country', `country ${country} is banned for app ${message.appId}`);

  const windows = snapshot.bannedWindows.get(country);
  const window = windows && windowAt(now, device.utcOffsetMin, windows);
  if (window)
    return drop(
      105,
      'app-time-window',
      `local time is inside the banned window ${clock(window.startMinute)}–${clock(window.endMinute)} of ${country}`,
    );

  if (snapshot.isNotificationControlApp) {
    const key = modelKey(device.brand, device.model);
    const age = monthsSince(device.firstSeenAt, now);
    const newMarket = snapshot.newMarketCountries.has(country);
    const protectOf = (rule: { protectDefault: number; protectNewMarket: number }) =>
      newMarket ? rule.protectNewMarket : rule.protectDefault;
    const global = snapshot.isGlobalWhitelistApp ? undefined : snapshot.globalShield.get(key);
    if (global && isProtected(protectOf(global), age)) {
      return drop(
        4,
        'model-global-shield',
        `model ${device.brand} ${device.model} is globally shielded for ${protectOf(global)} months (device ${age} months old${newMarket ? ', new market' : ''})`,
      );
    }
    const ad = message.kind === 1 ? snapshot.adShield.get(key) : undefined;
    if (ad && isProtected(protectOf(ad), age)) {
      return drop(
        4,
        'model-ad-shield',
        `model ${device.brand} ${device.model} gets no ads for ${protectOf(ad)} months (device ${age} months old${newMarket ? ', new market' : ''})`,
      );
    }
  }

  const limits = snapshot.dailyLimits;
  if (limits) {
    if (limits.total.enable && device.sentToday.total >= limits.total.number) {
      return drop(7, 'daily-limit-total', `daily limit of ${limits.total.number} messages reached`);
    }
    const option = KIND_OPTION[message.kind];
    const restrict = limits[option];
    if (restrict.enable && device.sentToday[option] >= restrict.number) {
      return drop(7, 'daily-limit-kind', `daily limit of ${restrict.number} ${option} messages reached`);
    }
  }
  return { drop: false };
}

/**
 * When a device of `country` at `utcOffsetMin` may next be sent to under the app's banned time windows: `now`
 * itself when its local time is outside every window, else the end of the window it is in (following windows that
 * chain or overlap). Null when the windows cover the whole day (it may never be sent to). The delivery engine waits
 * until then when the message TTL allows, else drops the devices with loss 105.
 */
export function nextAllowedTime(
  device: Pick<DeviceFacts, 'country' | 'utcOffsetMin'>,
  snapshot: Pick<PolicySnapshot, 'bannedWindows'>,
  now: Date,
): Date | null {
  const windows = snapshot.bannedWindows.get(device.country.toUpperCase()) ?? [];
  let at = now;
  for (let i = 0; i <= windows.length; i++) {
    const window = windowAt(at, device.utcOffsetMin, windows);
    if (!window) return at;
    const msOfDay = localMsOfDay(at, device.utcOffsetMin);
    const untilEnd = (((window.endMinute * MINUTE_MS - msOfDay) % DAY_MS) + DAY_MS) % DAY_MS;
    at = new Date(at.getTime() + untilEnd);
  }
  return windowAt(at, device.utcOffsetMin, windows) ? null : at;
}

function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
