import type { Restrict } from '@beacon/shared';
import type { Queryable } from '../../db/client';
import type { FcmClientObserver } from '../fcm-client';
import type { EngineMessage } from './engine.repository';
import type { PageDevice } from './page-device';

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

/** Platform policies (banned countries and hours, model shielding, daily limits) for one message. */
export interface PolicyFilter {
  /** Loads what the checks of this page need (sends today per device), before `check` runs on it. */
  prefetch?(page: PageDevice[]): Promise<void>;
  /** The loss code that drops the device at `now` (epoch ms), or 0. */
  check(device: PageDevice, now: number): number;
  /**
   * For a device inside a banned local-time window at `now` (loss 105): when it may be sent (epoch ms, the end of
   * the window or of the windows chained to it), or null when the windows cover the whole day.
   */
  windowEnd?(device: PageDevice, now: number): number | null;
}

/**
 * The platform policies for the devices of one message (`policyBinding` builds it from a PlatformLimitsSource). They
 * depend on the message only through its kinds (restrictType for the daily limits; msgType for the app's frequency
 * caps, none without it), so the forecast before send can bind them before the message exists.
 */
export type PolicySource = (
  appId: number,
  message: Pick<EngineMessage, 'restrictType'> & Partial<Pick<EngineMessage, 'msgType'>>,
) => Promise<PolicyFilter | undefined>;

/** Told when an app's FCM credentials fail, once per failing request (app.ts: modules/alerts throttles and raises). */
export type AuthFailureSink = (appId: number, message: string) => void;

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
  /** `batchId`: the batch they were decided in (a best-hour message's control wave counts its group's dispatches). */
  countSends(tx: Queryable, messageId: number, groups: DecidedSends[], batchId?: number): Promise<void>;
  /**
   * Counts devices marked uninstalled on FCM's UNREGISTERED answer to a send of `messageId` (each once, when marked),
   * under the message that preceded that send (issue 32 §4).
   */
  countUninstalls?(tx: Queryable, messageId: number, deviceIds: string[]): Promise<void>;
  /**
   * A CTE the result writes add to their statement so that the sends they decide are queued as the app's stream
   * events in the same statement (docs/event-streams.md): `source` yields (device_id, outcome, loss_code) of the
   * message `messageParam`.
   */
  sendEventsSql?(source: string, messageParam: string): string;
}

/**
 * What the engine tells the process's metrics (app.ts: platform/metrics.ts, when METRICS or METRICS_PORT is set).
 * Every call is synchronous and cheap; none is made when the metrics are off.
 */
export interface DeliveryMetrics extends FcmClientObserver {
  /** Devices FCM accepted, recorded by one committed write. */
  sendsDispatched(count: number): void;
  /**
   * Devices lost with `lossCode`, recorded by one committed write: at the `filter` stage (the filter's and the
   * policies' drops before FCM) or at `send` (FCM's answer, or no request possible: no token, no credentials).
   */
  sendsLost(stage: 'filter' | 'send', lossCode: number, count: number): void;
  /** Devices FCM asked to retry later, recorded as waiting again. */
  sendsRetried(count: number): void;
  /** How long a send waited for a token: a message's speed limit (slow push) or its app's FCM quota. */
  tokenWait(bucket: 'speed_limit' | 'fcm_quota', seconds: number): void;
}

/**
 * The values a message's templates read besides the device's own fields (issue 33 §4): the device's user and its
 * attributes. app.ts wires one implementation (platform/template-values.ts) for the engine and the modules.
 */
export interface TemplateValues {
  /** The attribute keys of the app a template may name (`{{ first_name }}`), with their types. */
  attributeKeys(appId: number): Promise<Map<string, string>>;
  /**
   * SQL for a device row aliased `d`, so that its user's values come with the batch's device rows (one join, never a
   * query per device): `join` is joined after `devices d`; `attributes` is a jsonb object, `userId` a text or NULL.
   */
  readonly deviceSql: { join: string; attributes: string; userId: string };
}
