/**
 * The inputs of the send-time policy evaluator (issue 5, the policy table). Everything is plain data, so that the
 * evaluator is a pure function and the filter stage can load a snapshot once per message and app, then evaluate
 * every device of every page against it.
 */

/** Daily message kinds (spec part 1 §3 dictionaries): 1 ad, 2 distribute, 3 content. */
export type MessageKind = 1 | 2 | 3;

/** Loss codes a control policy can give (spec part 2 §8). */
export type PolicyLossCode = 6 | 104 | 105 | 4 | 7;

/** Which policy dropped the device. */
export type PolicyName =
  | 'platform-country'
  | 'app-country'
  | 'app-time-window'
  | 'model-global-shield'
  | 'model-ad-shield'
  | 'daily-limit-total'
  | 'daily-limit-kind';

/** Messages of each kind the device has already been sent today (day boundary of the global settings). */
export interface SentToday {
  total: number;
  ad: number;
  distribute: number;
  content: number;
}

export interface DeviceFacts {
  /** ISO 3166-1 alpha-2, any case. */
  country: string;
  brand: string;
  model: string;
  /** The device's current UTC offset in minutes (+330 India, +345 Nepal, -210 Newfoundland, …). */
  utcOffsetMin: number;
  /** When Beacon first saw the device (devices.first_seen_at): its age for the model protection. */
  firstSeenAt: Date;
  sentToday: SentToday;
}

export interface MessageFacts {
  appId: number;
  kind: MessageKind;
}

/** A banned window in the device's local time, minutes since midnight; `end < start` runs to the next day. */
export interface TimeWindow {
  startMinute: number;
  endMinute: number;
}

/** A shielded phone model: months of device age during which it gets no message (999 always, 0 never). */
export interface ModelShieldRule {
  protectDefault: number;
  protectNewMarket: number;
}

/** One per-user daily limit (global settings `restricts`): when enabled, at most `number` messages a day. */
export interface DailyRestrict {
  enable: boolean;
  number: number;
}

/** The per-user daily limits by option (global settings `restricts`: total, ad, distribute, content). */
export interface DailyLimits {
  total: DailyRestrict;
  ad: DailyRestrict;
  distribute: DailyRestrict;
  content: DailyRestrict;
}

/** Everything the evaluator needs about the platform and one app, loaded once per message (loadPolicySnapshot). */
export interface PolicySnapshot {
  appId: number;
  /** Upper-case country codes no app may send to (loss 6). */
  platformBannedCountries: ReadonlySet<string>;
  /** Upper-case country codes this app may not send to (loss 104). */
  appBannedCountries: ReadonlySet<string>;
  /** This app's banned windows per upper-case country (loss 105). */
  bannedWindows: ReadonlyMap<string, readonly TimeWindow[]>;
  /** The app is a notification-control app (apps type 1): the model shielding applies to it. */
  isNotificationControlApp: boolean;
  /** The app is on the global whitelist (apps type 2): global model shielding does not apply to it. */
  isGlobalWhitelistApp: boolean;
  /** Ad shielding (models type 1) by `modelKey(brand, model)`: ad messages only (loss 4). */
  adShield: ReadonlyMap<string, ModelShieldRule>;
  /** Global shielding (models type 2) by `modelKey(brand, model)`: every kind (loss 4). */
  globalShield: ReadonlyMap<string, ModelShieldRule>;
  /** Upper-case country codes of the new market: protectNewMarket applies there instead of protectDefault. */
  newMarketCountries: ReadonlySet<string>;
  /** Per-user daily limits (loss 7); null when the global limit switch is off (no limit applies). */
  dailyLimits: DailyLimits | null;
}

export type PolicyVerdict =
  { drop: false } | { drop: true; lossCode: PolicyLossCode; policy: PolicyName; reason: string };
