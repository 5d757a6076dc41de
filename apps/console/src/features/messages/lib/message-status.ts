import { MessageStatus } from '@beacon/shared';

/** How the list shows a message status: the spec's colour groups (part 2 §4) and the statuses that refresh. */
export type StatusTone = 'primary' | 'warning' | 'danger' | 'success' | 'info';

const TONES: Record<number, StatusTone> = {
  19: 'primary',
  18: 'warning',
  14: 'warning',
  91: 'warning',
  12: 'danger',
  6: 'danger',
  10: 'danger',
  5: 'danger',
  3: 'danger',
  99: 'danger',
  1: 'success',
  9: 'success',
};

/** The antd Tag colour of each tone. */
export const TONE_TAG_COLOR: Record<StatusTone, string> = {
  primary: 'processing',
  warning: 'warning',
  danger: 'error',
  success: 'success',
  info: 'default',
};

/** The statuses that have a name in the console's dictionaries (the others show "status N"). */
export const KNOWN_STATUSES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 91, 99,
] as const;

export function statusTone(status: number): StatusTone {
  return TONES[status] ?? 'info';
}

/** The i18n key of a status name, or undefined for a code the console does not know. */
export function statusLabelKey(status: number): string | undefined {
  return (KNOWN_STATUSES as readonly number[]).includes(status) ? `messages.status.${status}` : undefined;
}

/** Sending (4), stop in process (21), recalling (17): the counts move, so the list refreshes. */
export const SENDING_STATUSES: readonly number[] = [4, 21, 17];

/** The list refreshes while a row sends, and while a "send now" message (0) waits for its first batch. */
export function needsRefresh(statuses: readonly number[]): boolean {
  return statuses.some((s) => s === MessageStatus.WAITING || SENDING_STATUSES.includes(s));
}

/**
 * Statuses in which a message has sent nothing and will count nothing until it starts: scheduled (2; the spec's dashes
 * for push, dispatch and show), in review or audit (11, 13), rejected (12) and a journey step not yet confirmed or
 * counted (18, 19, 20). Not "send now" (0), whose first batch is seconds away, nor local-time waves (7), some of
 * which may have sent.
 */
const NOT_STARTED: readonly number[] = [
  MessageStatus.WAITING_SCHEDULED,
  MessageStatus.PENDING_REVIEW,
  MessageStatus.REVIEW_REJECTED,
  MessageStatus.AWAITING_AUDIT,
  MessageStatus.CANVAS_WAITING_CONFIRM,
  MessageStatus.CANVAS_WAITING_COUNT,
  MessageStatus.CANVAS_WAIT_ERROR,
];

/**
 * A message that has not started shows a dash for every count and rate (0 would read as a send that reached no one;
 * "20,000 / 20,000" as one that went out).
 */
export function showsDashes(status: number): boolean {
  return NOT_STARTED.includes(status);
}

export const LIST_REFRESH_MS = 3000;
/** Counters of the last batches land shortly after a message's final status: keep refreshing this long after. */
export const REFRESH_LINGER_MS = 10_000;
/**
 * A message that went out keeps counting for hours (devices report received, shown and clicked when they come online,
 * within the time to live): while one is on screen its counters refresh this often (only while the page is visible).
 */
export const SENT_REFRESH_MS = 15_000;
/** Sent (1, 9), stopped (3, 99), recalled (8) and platform done (16): sends went out, so events still arrive. */
export const COUNTING_STATUSES: readonly number[] = [1, 9, 3, 99, 8, 16];

/**
 * The refresh interval of a list or detail: every LIST_REFRESH_MS while a row sends and for REFRESH_LINGER_MS after
 * the last time one did (`lastSendingAt`); every SENT_REFRESH_MS while a shown message went out; else none.
 */
export function refreshInterval(
  statuses: readonly number[],
  lastSendingAt: number,
  now: number,
): number | false {
  if (needsRefresh(statuses)) return LIST_REFRESH_MS;
  if (now - lastSendingAt < REFRESH_LINGER_MS) return LIST_REFRESH_MS;
  return statuses.some((s) => COUNTING_STATUSES.includes(s)) ? SENT_REFRESH_MS : false;
}
