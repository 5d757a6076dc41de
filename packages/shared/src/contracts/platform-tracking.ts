import { z } from 'zod';
import { numberInput } from '../numbers';
import { isDay } from '../stat-range';
import { singleLineText } from '../text';

/**
 * System tracking (spec part 1 §3 "Tracking records", §7 getUserActionTracking): what console users did that the
 * platform follows. A record is `{ts, ext: {ev, ep}, dm}`: `ev` user_info_new (an account was created) or action (an
 * AI assistant action), `ep` its details (appId, title, action ai/ai_error/ai_use/ai_submit, from push/material,
 * email), `dm` the domain (deployment) it happened on.
 */

/** Tracking records a page (part 1 §9: settings lists 20). */
export const TRACKING_PAGE_SIZE = 20;

export const TRACKING_EVENTS = ['user_info_new', 'action'] as const;
export type TrackingEventName = (typeof TRACKING_EVENTS)[number];
export const TrackingEvent = { USER_NEW: 'user_info_new', ACTION: 'action' } as const;

/** The AI assistant's actions: opened (ai), failed (ai_error), a suggestion used (ai_use), a message sent (ai_submit). */
export const TRACKING_ACTIONS = ['ai', 'ai_error', 'ai_use', 'ai_submit'] as const;
export type TrackingAction = (typeof TRACKING_ACTIONS)[number];

/** Where an AI action started: the push composer or the material library. */
export const TRACKING_SOURCES = ['push', 'material'] as const;
export type TrackingSource = (typeof TRACKING_SOURCES)[number];

const TrackingDay = z
  .string()
  .refine((s) => s === '' || isDay(s), 'must be a day YYYY-MM-DD')
  .optional()
  .transform((s) => s || undefined);

/**
 * `begin`, `end`: UTC days, at most 30 (statRange('tracking'); otherwise the last 7 days ending yesterday); `domain`:
 * only the records of that domain; `ev`, `action`: only those records.
 */
export const TrackingQuery = z.object({
  begin: TrackingDay,
  end: TrackingDay,
  domain: singleLineText({ max: 253 }).optional(),
  ev: z.enum(TRACKING_EVENTS, { error: `must be one of ${TRACKING_EVENTS.join(', ')}` }).optional(),
  action: z.enum(TRACKING_ACTIONS, { error: `must be one of ${TRACKING_ACTIONS.join(', ')}` }).optional(),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(TRACKING_PAGE_SIZE),
});
export type TrackingQuery = z.output<typeof TrackingQuery>;

export const TrackingRecord = z.object({
  id: z.number().int(),
  /** when, in ms since the epoch */
  ts: z.number(),
  ext: z.object({
    ev: z.enum(TRACKING_EVENTS),
    ep: z.object({
      appId: z.number().int().nullable(),
      title: z.string(),
      action: z.string(),
      from: z.string(),
      email: z.string(),
    }),
  }),
  dm: z.string(),
});
export type TrackingRecord = z.infer<typeof TrackingRecord>;

/** How many records of each kind the range holds (with the domain filter; before the ev/action filters). */
export const TrackingCounts = z.object({
  user_info_new: z.number().int(),
  ai: z.number().int(),
  ai_error: z.number().int(),
  ai_use: z.number().int(),
  ai_submit: z.number().int(),
});
export type TrackingCounts = z.infer<typeof TrackingCounts>;

export const TrackingResult = z.object({
  results: z.array(TrackingRecord),
  total: z.number().int(),
  counts: TrackingCounts,
  /** the domains the range has records of (for the filter) */
  domains: z.array(z.string()),
  begin: z.string(),
  end: z.string(),
  fallback: z.boolean(),
});
export type TrackingResult = z.infer<typeof TrackingResult>;
