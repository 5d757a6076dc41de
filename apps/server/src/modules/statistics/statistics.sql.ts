import { EVENT_BITS, MessageType } from '@beacon/shared';
import { LOSS } from '../../delivery/engine';

/** Today's UTC day in SQL: the day a send is counted in (the statistics are kept per UTC day). */
export const UTC_DAY = "(now() AT TIME ZONE 'UTC')::date";

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
