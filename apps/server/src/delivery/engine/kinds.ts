/**
 * The numbers the delivery engine stores (migrations 0002, 0011, 0014), named once. SQL interpolates them
 * (`outcome = ${SendOutcome.DISPATCHED}`): they are constants of this file, never input.
 */

/** `send_records.outcome`: where one device's send stands. */
export const SendOutcome = {
  /** selected, not sent yet: due now, or waiting for a banned window or an FCM retry (`not_before`) */
  PENDING: 0,
  /** FCM accepted it (`sent_at`, `fcm_id`); only these count events and today's sends */
  DISPATCHED: 1,
  /** lost, with its `loss_code`: dropped by a filter before FCM (`attempts` 0) or refused by FCM */
  LOST: 2,
  /** taken by a worker for its FCM request (written by the engine before batches; still read as open) */
  IN_FLIGHT: 4,
} as const;
export type SendOutcome = (typeof SendOutcome)[keyof typeof SendOutcome];

/**
 * `send_records.fcm_id` (migration 0039): FCM's message name packed against the Firebase project of the message's app,
 * 16 bytes for the names FCM gives (`projects/<project>/messages/0:<16 digits>%<16 hex>`), any other name kept whole.
 * `name`, `project`: their SQL, each a column or a parameter (a subquery there would keep PostgreSQL from inlining
 * the function: a call per record, ≈ 15 µs).
 */
export const packFcmName = (name: string, project: string): string => `fcm_name_pack(${name}, ${project})`;

/** The name FCM gives a message it accepted: its project, then 16 digits at most (no leading 0) and 16 hex digits. */
const FCM_NAME = /^projects\/([^/]+)\/messages\/0:([1-9][0-9]{0,15})%([0-9a-f]{16})$/;

/**
 * fcm_name_pack's rule in the process, for the names FCM gives: the project the name names and the 16 bytes it packs
 * to (hex: the digits as a big-endian int8, then the hex digits), or undefined for a name of any other shape. The
 * result write uses it when the project is its app's (the SQL function then checks only the other names): the
 * function's text tests cost PostgreSQL ≈ 6 µs a send (bench/README.md, "delivery", session 42).
 * `send-record-fcm-id.test.ts` holds both to the same bytes.
 */
export function packedFcmName(name: string): { project: string; hex: string } | undefined {
  const m = FCM_NAME.exec(name);
  if (!m) return undefined;
  return { project: m[1]!, hex: BigInt(m[2]!).toString(16).padStart(16, '0') + m[3]! };
}

/** The SQL of a one-row subquery (`project`) with the Firebase project of message `messageId`'s app (packFcmName). */
export const fcmProjectOf = (messageId: string): string =>
  `SELECT a.firebase_project_id AS project FROM messages m JOIN apps a ON a.id = m.app_id WHERE m.id = ${messageId}`;

/**
 * The SQL of the FCM message name of send record `s`, exactly as FCM gave it: the text of a record written before
 * migration 0039, else rebuilt from its packed form (packFcmName) with the project its app had when the send was
 * recorded (app_fcm_projects: the projects the app had before its current one). `app`: the alias of the record's app.
 */
export const fcmNameOf = (s: string, app: string): string =>
  `COALESCE(${s}.fcm_name, fcm_name_unpack(${s}.fcm_id, COALESCE((SELECT h.project FROM app_fcm_projects h
     WHERE h.app_id = ${app}.id AND h.until > ${s}.sent_at ORDER BY h.until LIMIT 1), ${app}.firebase_project_id)))`;

/** The outcomes still to be sent, as an SQL list: `outcome IN (${OPEN_OUTCOMES})`. */
export const OPEN_OUTCOMES = `${SendOutcome.PENDING}, ${SendOutcome.IN_FLIGHT}`;

/** `message_batches.kind`: what a batch's device-id range covers. */
export const BatchKind = {
  /** a range of its wave's audience, resolved page by page */
  AUDIENCE: 1,
  /** a range of the send records already written for its message (a recall) */
  SEND_RECORDS: 2,
} as const;
export type BatchKind = (typeof BatchKind)[keyof typeof BatchKind];

/** `message_batches.status`. */
export const BatchStatus = {
  /** to send, or some of its devices wait (`not_before`) */
  OPEN: 0,
  DONE: 1,
  CANCELLED: 2,
} as const;
export type BatchStatus = (typeof BatchStatus)[keyof typeof BatchStatus];

/** `message_waves.status`: one wave per message, or one per UTC offset for local time. */
export const WaveStatus = {
  QUEUED: 0,
  /** planning its batches */
  RUNNING: 1,
  /** its batches are planned and queued */
  DONE: 2,
  /** a local-time wave whose time had already passed in its zone: never queued */
  SKIPPED: 3,
  CANCELLED: 4,
} as const;
export type WaveStatus = (typeof WaveStatus)[keyof typeof WaveStatus];

/** Waves still to run, as an SQL list: `status IN (${OPEN_WAVES})`. */
export const OPEN_WAVES = `${WaveStatus.QUEUED}, ${WaveStatus.RUNNING}`;

/** Loss codes the engine's own filters assign (spec part 2 §8; 108 is Beacon's "inactive 90 days"). */
export const LOSS = {
  UNINSTALLED: 1,
  PROVIDER_ERROR: 3,
  OTHER: 7,
  SENDER_MISMATCH: 12,
  INVALID_KEY: 35,
  TIME_WINDOW: 105,
  NEW_DEVICE: 106,
  NOTIFICATIONS_OFF: 107,
  INACTIVE: 108,
  MATERIAL_COUNTRY: 109,
  /** one more message would take the device past one of its app's frequency caps over any window (issue 32 §3) */
  FREQUENCY_CAP: 110,
  /** a stale device: its token past FCM's 270-day expiry without activity, or silent past its app's limit (issue 32 §4) */
  STALE: 111,
  /** the message's templates could not be rendered for the device: it is sent nothing (issue 33 §4) */
  TEMPLATE: 112,
  /** the device is in its app's global control group: targeted, never sent a campaign message (issue 34 §1) */
  CONTROL_GROUP: 113,
  /** the device is in the message's own control share: targeted, not sent (issue 34 §1) */
  HOLDOUT: 114,
} as const;
