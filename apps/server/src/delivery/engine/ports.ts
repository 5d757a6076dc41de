import type { Restrict } from '@beacon/shared';
import type { EngineDeps } from './engine';

// What the delivery engine needs from the rest of the server. The engine declares it here and imports no module
// (eslint.config.js); app.ts wires the implementations.

/** The platform-wide settings the send-time policies read: the per-user daily limits and the day they count in. */
export interface PlatformLimits {
  /** whether the per-user daily limits apply at all */
  limitSwitch: boolean;
  /** the limit of each message kind (`total`, `ad`, `distribute`, `content`) */
  restricts: readonly Restrict[];
  /** the day boundary of the limits: zone `±HH:MM` and wall-clock `HH:MM` (`dailyWindow` of @beacon/shared) */
  timezone: string;
  time: string;
}

/** Reads the platform limits, once per batch that evaluates policies (app.ts: platform/platform-settings.ts). */
export type PlatformLimitsSource = () => Promise<PlatformLimits>;

/** The platform policies for the devices of one message (`policyBinding` builds it from a PlatformLimitsSource). */
export type PolicySource = NonNullable<EngineDeps['policyFor']>;

/** Told when an app's FCM credentials fail, once per failing request (app.ts: modules/alerts throttles and raises). */
export type AuthFailureSink = NonNullable<EngineDeps['onAuthFailure']>;

/**
 * The event bits a device newly set on a message (1 reach, 2 show, 4 click, 8 dismiss, 16 show failed, 32 recalled,
 * 64 conversion): what the statistics writer `DeliveryRuntime.stats` counts (app.ts feeds it the devices module's).
 */
export interface DeviceEventBits {
  messageId: string;
  deviceId: string;
  newBits: number;
}
