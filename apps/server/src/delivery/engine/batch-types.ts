import type { TemplateDevice } from '@beacon/shared';
import type { BatchKind, SendOutcome } from './kinds';

/** A delivery batch held by this worker (see migration 0014). */
export interface Batch {
  id: number;
  messageId: number;
  waveId: number | null;
  /** a range of the wave's audience, or of the message's send records (recall) */
  kind: BatchKind;
  fromId: number;
  toId: number;
  /** 1 on the first run; more after a crash or a hand-over */
  attempts: number;
  reserved: number;
  /** some of its devices wait (window, retry): the send records must be read too */
  waiting: boolean;
  /** its audience range has been read to the end */
  resolved: boolean;
  utcOffsetMin: number | null;
  /** a best-hour wave's bound (message_waves.best_minutes), else null */
  bestMinutes: number | null;
  /** when its wave was due (null: a batch of no wave) */
  waveRunAt: Date | null;
}

/** A send record waiting in a batch (recall, banned window, FCM retry). */
export interface WaitingDevice {
  id: string;
  country: string;
  appVersion: string;
  language: string;
  token: string | null;
  attempts: number;
  /** what its message's templates read (template-sql.ts), for a message with templates */
  tpl?: TemplateDevice;
}

/** The outcomes a send writes: dispatched, lost (with its loss code) or pending again (until `notBefore`). */
export type SendResult =
  | typeof SendOutcome.PENDING
  | typeof SendOutcome.DISPATCHED
  | typeof SendOutcome.LOST
  /** no answer whether FCM took it (a timeout, the connection lost): resolved by the device's receipt (`notBefore`) */
  | typeof SendOutcome.IN_FLIGHT;

/** The devices a page's filters dropped, with their loss codes, countries and app versions. */
export interface Drops {
  ids: string[];
  losses: number[];
  countries: string[];
  appVersions: string[];
}

/** A page's granted devices, written as its intent ahead of their requests by the statement that grants them. */
export interface Claim {
  /** the page's candidates in order: the first `fromCarry` + granted of them are the page's sends and waits */
  ids: string[];
  /** whether each is sent now (in the page's intent) or waits for a window (recorded when the sender takes it) */
  send: boolean[];
  fromCarry: number;
  leaseSeconds: number;
  /** a claim's sends are resolvable by receipts this long after it (a later run's, if this one dies) */
  windowSeconds: number;
}

/** One device's result. */
export interface SendResultRow {
  deviceId: string;
  outcome: SendResult;
  lossCode: number;
  fcmName: string | null;
  notBefore: Date | null;
  /** 1 when FCM was asked, 0 when the device only waits */
  attempted: 0 | 1;
  country: string;
  appVersion: string;
  /** FCM answered UNREGISTERED: the app is gone from the device (an uninstall, counted in the statistics) */
  unregistered?: true;
}
