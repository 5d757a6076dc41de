import { EVENT_BITS, MessageType, StatMode } from '@beacon/shared';
import { LOSS } from '../../delivery/engine';

/** Today's UTC day in SQL: the day a send is counted in (the statistics are kept per UTC day). */
export const UTC_DAY = "(now() AT TIME ZONE 'UTC')::date";

/**
 * How many days back a send's day still counts unique devices (stat_uv, stat_uv_days): stat_uv keeps which devices
 * showed or clicked on each of those days (a row per device and day, the app's active devices every day) and the
 * daily maintenance deletes older days (StatisticsWriter.pruneUniqueDevices). An event that comes later than that
 * for an older send still counts in every total, not as a unique device: its device may have been counted that day
 * already, and unique devices are never counted twice.
 */
export const UV_DAYS = 31;

/** The event bits of send_records.event_mask (the SDK's event types, @beacon/shared EVENT_BITS). */
export const EVENT_BIT = EVENT_BITS;

/** The dispatch loss "notification off" (part 2 §8: 107), counted as noticeOff in the report rows. */
export const STAT_LOSS_NOTICE_OFF = LOSS.NOTIFICATIONS_OFF;

/**
 * The messages the app reports count (stat_app_days, stat_uv): what operators send, not test previews sent to test
 * devices nor the recall messages that take a notification back (their figures stay on the message itself).
 */
export const REPORTED_TYPE = (column: string) =>
  `${column} NOT IN (${MessageType.PREVIEW}, ${MessageType.RECALL})`;

/**
 * The rollup rows of a mode (stat_app_days msg_type, ai), for every report: 0 every message, 1 written by hand, 2 AI
 * content, 3 AI-content notifications.
 */
export function modeCondition(mode: StatMode): string {
  if (mode === StatMode.BACKEND) return 'NOT ai';
  if (mode === StatMode.AI_ALL) return 'ai';
  if (mode === StatMode.AI_PUSH) return 'ai AND msg_type = 1';
  return 'true';
}

/**
 * The rollup rows of messages that can be shown (@beacon/shared showableMessage): stat_app_days holds no previews, so
 * its notifications; a cross or pull-up message (type 2) is received, never shown.
 */
export const SHOWABLE_APP_DAYS = `msg_type = ${MessageType.NOTIFICATION}`;

/** The same for a message row of `messages` (alias `m`): a notification, or the preview of one. */
export const showableMessageSql = (m: string) =>
  `(${m}.msg_type = ${MessageType.NOTIFICATION} OR (${m}.msg_type = ${MessageType.PREVIEW} AND jsonb_typeof(${m}.data->'trans_data') IS DISTINCT FROM 'string'))`;

/**
 * Sums as float8: totals over many days or apps may pass 2³¹; float8 is exact up to 2⁵³ and reads as a number.
 * `sums` adds the reach and show of the rows where `showable` holds (the show rate's terms, showableReach and
 * showableShow).
 */
export const COUNT_SUMS = `sum(push)::float8 AS push, sum(dispatch)::float8 AS dispatch,
  sum(reach)::float8 AS reach, sum(show)::float8 AS show, sum(click)::float8 AS click,
  sum(conversion)::float8 AS conversion, sum(notice_off)::float8 AS "noticeOff"`;
export const sums = (showable: string) => `${COUNT_SUMS},
  COALESCE(sum(reach) FILTER (WHERE ${showable}), 0)::float8 AS "showableReach",
  COALESCE(sum(show) FILTER (WHERE ${showable}), 0)::float8 AS "showableShow"`;

/** The sums of stat_app_days rows (its message type tells which can be shown). */
export const SUMS = sums(SHOWABLE_APP_DAYS);
