import type { Restrict } from '@beacon/shared';
import type { Queryable } from '../../db/client';
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

/** Devices of one message whose send one write decided: dispatched, or lost with a loss code, by country and version. */
export interface DecidedSends {
  outcome: number;
  lossCode: number;
  country: string;
  appVersion: string;
  count: number;
}

/**
 * Counts decided sends, inside the transaction that recorded their send records (app.ts: the statistics module's
 * writer), so the counters and the records never disagree.
 */
export interface SendCounter {
  countSends(tx: Queryable, messageId: number, groups: DecidedSends[]): Promise<void>;
}
