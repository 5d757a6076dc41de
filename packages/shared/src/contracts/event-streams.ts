import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { numberInput } from '../numbers';
import { AppIdParams } from './apps';

/**
 * Event streams out (issue 34 §3, docs/event-streams.md): an app's sends, deliveries, shows, clicks, dismissals,
 * losses and uninstalls, posted in signed batches to the app's webhook, published on JetStream with NATS_URL, and
 * exported daily as gzip NDJSON. Each event carries an id a receiver de-duplicates by (delivery is at least once).
 */

/** The event types, in the order of their codes (code = index + 1) and mask bits (bit = 1 << index). */
export const STREAM_EVENT_TYPES = [
  'sent',
  'delivered',
  'shown',
  'clicked',
  'dismissed',
  'lost',
  'uninstalled',
] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

/** The stored code of a type (stream_events.type). */
export const streamTypeCode = (t: StreamEventType): number => STREAM_EVENT_TYPES.indexOf(t) + 1;
/** The mask bit of a type (app_event_streams.types). */
export const streamTypeBit = (t: StreamEventType): number => 1 << STREAM_EVENT_TYPES.indexOf(t);
/** The types a mask holds, in order. */
export const streamTypesOf = (mask: number): StreamEventType[] =>
  STREAM_EVENT_TYPES.filter((t) => (mask & streamTypeBit(t)) !== 0);
/** The mask of a list of types. */
export const streamMaskOf = (types: readonly StreamEventType[]): number =>
  types.reduce((m, t) => m | streamTypeBit(t), 0);

export const EVENT_STREAM_LIMITS = {
  /** events in one post (and one JetStream message) */
  batchMax: 500,
  urlMax: 2048,
  /** how long a receiver may be down before its pending events are dropped (hours) */
  maxAgeHoursMin: 1,
  maxAgeHoursMax: 168,
  maxAgeHoursDefault: 24,
  /** a replay re-posts the events of at most the last this many hours (the events are kept that long) */
  replayHoursMax: 48,
  /** a signature's timestamp older than this is a replay a receiver should refuse (seconds) */
  toleranceSeconds: 300,
  /** failed posts the console lists */
  failuresShown: 20,
} as const;

/** The header that signs a post: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const STREAM_SIGNATURE_HEADER = 'beacon-signature';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/**
 * Whether `url` may receive an app's events: an https URL, or http to this machine (127.x, localhost, [::1]) for
 * development and tests; '' means no webhook.
 */
export function isWebhookUrl(url: string): boolean {
  if (url === '') return true;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname));
}

export const WebhookUrl = z
  .string()
  .trim()
  .max(EVENT_STREAM_LIMITS.urlMax)
  .refine(isWebhookUrl, 'must be an https:// address (http:// only to 127.0.0.1 or localhost)');

export const EventStreamSettings = z.object({
  enabled: z.boolean(),
  url: WebhookUrl,
  types: z
    .array(
      z.enum(STREAM_EVENT_TYPES, 'must be sent, delivered, shown, clicked, dismissed, lost or uninstalled'),
    )
    .transform((s) => [...new Set(s)]),
  maxAgeHours: numberInput(
    z
      .number()
      .int('must be a whole number')
      .min(EVENT_STREAM_LIMITS.maxAgeHoursMin, 'must be from 1 to 168 hours')
      .max(EVENT_STREAM_LIMITS.maxAgeHoursMax, 'must be from 1 to 168 hours'),
  ),
});
export type EventStreamSettings = z.output<typeof EventStreamSettings>;
export type EventStreamSettingsInput = z.input<typeof EventStreamSettings>;

export const EventStreamFailure = z.object({
  at: z.string(),
  /** the receiver's HTTP status, null when no answer came (refused, timeout, TLS) */
  status: z.number().int().nullable(),
  error: z.string(),
  events: z.number().int(),
});
export type EventStreamFailure = z.infer<typeof EventStreamFailure>;

export const EventStreamExport = z.object({ day: z.string(), events: z.number().int(), bytes: z.number() });
export type EventStreamExport = z.infer<typeof EventStreamExport>;

export const EventStreamStatus = z.object({
  /** false until the first save (a secret is made then) */
  configured: z.boolean(),
  enabled: z.boolean(),
  url: z.string(),
  types: z.array(z.enum(STREAM_EVENT_TYPES)),
  maxAgeHours: z.number().int(),
  /** events waiting to be posted, and how old the oldest is (seconds; null when none) */
  backlog: z.number().int(),
  oldestPendingSeconds: z.number().int().nullable(),
  delivered: z.number(),
  failedPosts: z.number(),
  /** events dropped after waiting maxAgeHours (lost to the receiver; a replay within 48 h sends them again) */
  dropped: z.number(),
  /** consecutive failed posts, and when the next attempt is due */
  failures: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  recentFailures: z.array(EventStreamFailure),
  /** whether the events are also published on JetStream (`beacon.events.<appId>`) */
  jetstream: z.boolean(),
  exports: z.array(EventStreamExport),
});
export type EventStreamStatus = z.infer<typeof EventStreamStatus>;

export const EventStreamReplay = z.object({
  hours: numberInput(
    z
      .number()
      .int('must be a whole number')
      .min(1, 'must be from 1 to 48 hours')
      .max(EVENT_STREAM_LIMITS.replayHoursMax, 'must be from 1 to 48 hours'),
  ),
});

const APP = '/tcm/v1/app/:appId/event-streams';

/** A daily export (gzip NDJSON, `:day` YYYY-MM-DD), downloaded: the owner's and super admins' (a raw route). */
export const EVENT_STREAM_EXPORT_PATH = `${APP}/exports/:day`;
/** The day of an export's path. */
export const ExportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day YYYY-MM-DD');

/** The app's event streams: its owner and super admins (a secret and a destination of its data). */
export const eventStreamCalls = {
  get: defineCall({
    method: 'GET',
    path: APP,
    summary: 'The app’s event streams: settings, backlog, counts, recent failures and daily exports',
    params: AppIdParams,
    data: EventStreamStatus,
  }),
  save: defineCall({
    method: 'POST',
    path: `${APP}/save`,
    summary:
      'Save the app’s event streams; the first save makes the signing secret and answers it, this once',
    params: AppIdParams,
    body: EventStreamSettings,
    data: z.object({ status: EventStreamStatus, secret: z.string().nullable() }),
  }),
  rotate: defineCall({
    method: 'POST',
    path: `${APP}/secret/rotate`,
    summary: 'A new signing secret, answered this once; posts are signed with it from now on',
    params: AppIdParams,
    body: EmptyBody,
    data: z.object({ secret: z.string() }),
  }),
  retry: defineCall({
    method: 'POST',
    path: `${APP}/retry`,
    summary: 'Post the pending events now, without waiting for the backoff',
    params: AppIdParams,
    body: EmptyBody,
    data: EventStreamStatus,
  }),
  replay: defineCall({
    method: 'POST',
    path: `${APP}/replay`,
    summary: 'Post again every event of the last N hours (≤ 48), delivered or dropped, with their ids',
    params: AppIdParams,
    body: EventStreamReplay,
    data: z.object({ requeued: z.number().int() }),
  }),
};
