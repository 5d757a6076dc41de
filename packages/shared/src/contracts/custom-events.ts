import { z } from 'zod';
import { defineCall } from '../call';
import { numberInput } from '../numbers';
import { AppIdParams } from './apps';
import { Gaid } from './devices';
import { RangeQuery } from './statistics';

/**
 * Custom events (issue 33 §2): an app's own events, reported by its SDK (`POST /sdk/v1/track`), a name and typed
 * properties. The limits of one app's events, defined once: the contract checks what one call can check, the server
 * what needs the app's names (checkEventsAgainstNames, with the same messages).
 */
export const CUSTOM_EVENT_LIMITS = {
  /** distinct event names an app may have (a deleted one frees its place) */
  namesPerApp: 200,
  /** properties of one event */
  propertiesPerEvent: 20,
  /** distinct property keys one event name may have over all its events (its types are kept per key) */
  propertyKeysPerName: 100,
  /** events of one call */
  eventsPerCall: 50,
  nameMax: 64,
  propertyKeyMax: 64,
  stringValueMax: 256,
  /** how old an event's `at` may be */
  maxAgeMs: 7 * 24 * 3600 * 1000,
  /** how far ahead of the server's clock an event's `at` may be */
  maxAheadMs: 5 * 60 * 1000,
  /** the recent custom events troubleshooting shows for a device */
  troubleshootingRecent: 50,
  namesPageSize: 20,
} as const;

/** An event name: a letter, then letters, digits, `_`, `.` or `-`, 64 characters at most. */
export const CUSTOM_EVENT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** A property key: an identifier (a letter or `_`, then letters, digits or `_`), 64 characters at most. */
export const PROPERTY_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const PROPERTY_TYPES = ['string', 'number', 'boolean'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const CustomEventName = z
  .string()
  .regex(
    CUSTOM_EVENT_NAME_PATTERN,
    'must start with a letter and hold only letters, digits, _ . or - (at most 64 characters)',
  );

const PropertyKey = z
  .string()
  .regex(
    PROPERTY_KEY_PATTERN,
    'must be an identifier: a letter or _, then letters, digits or _ (at most 64 characters)',
  );

const PropertyValue = z.union(
  [
    z.string().max(CUSTOM_EVENT_LIMITS.stringValueMax, 'must be at most 256 characters'),
    z.number(),
    z.boolean(),
  ],
  { error: 'must be a string, a number or a boolean' },
);

/** The type of a property value, as the app's event name keeps it. */
export function propertyTypeOf(value: string | number | boolean): PropertyType {
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
}

/** One custom event as an SDK reports it; `at` defaults to the time the server accepts it. */
export const TrackEvent = z.strictObject({
  name: CustomEventName,
  at: z
    .number()
    .int('must be epoch milliseconds')
    .refine((t) => t >= Date.now() - CUSTOM_EVENT_LIMITS.maxAgeMs, 'must be at most 7 days old')
    .refine(
      (t) => t <= Date.now() + CUSTOM_EVENT_LIMITS.maxAheadMs,
      'must be at most 5 minutes in the future',
    )
    .optional(),
  properties: z
    .record(PropertyKey, PropertyValue)
    .refine(
      (p) => Object.keys(p).length <= CUSTOM_EVENT_LIMITS.propertiesPerEvent,
      'must hold at most 20 properties',
    )
    .optional()
    .default({}),
});
export type TrackEvent = z.output<typeof TrackEvent>;

export const TrackBody = z.strictObject({
  gaid: Gaid,
  events: z
    .array(TrackEvent)
    .min(1, 'must hold at least one event')
    .max(CUSTOM_EVENT_LIMITS.eventsPerCall, 'must hold at most 50 events'),
});
export type TrackBody = z.output<typeof TrackBody>;

/** What an app's event name is known as: its id and the type each property key got on first use. */
export interface KnownEventName {
  id: number;
  types: Record<string, PropertyType>;
}

/** A problem of one call's events against the app's names: the field (dot path, as zod's) and what is wrong. */
export interface EventProblem {
  field: string;
  message: string;
}

/** What a call adds to the app's names: new names and new property keys of known ones, with their types. */
export type NameAdditions = Map<string, Record<string, PropertyType>>;

/**
 * Checks a call's events (valid by TrackBody) against the app's known names: at most namesPerApp names in all, a
 * property's type the one its name fixed on first use (within the call too), at most propertyKeysPerName keys a
 * name. Returns the first problem (its field `events.3.properties.price`), or what the call adds to the names.
 */
export function checkEventsAgainstNames(
  events: ReadonlyArray<Pick<TrackEvent, 'name' | 'properties'>>,
  known: ReadonlyMap<string, Pick<KnownEventName, 'types'>>,
): { problem: EventProblem } | { additions: NameAdditions } {
  const additions: NameAdditions = new Map();
  for (const [i, e] of events.entries()) {
    const have = known.get(e.name)?.types;
    let added = additions.get(e.name);
    if (!have && !added) {
      if (known.size + additions.size >= CUSTOM_EVENT_LIMITS.namesPerApp)
        return {
          problem: { field: `events.${i}.name`, message: 'is a new event name beyond the app’s 200' },
        };
    }
    for (const [key, value] of Object.entries(e.properties)) {
      const type = propertyTypeOf(value);
      const fixed = have?.[key] ?? added?.[key];
      if (fixed && fixed !== type)
        return {
          problem: {
            field: `events.${i}.properties.${key}`,
            message: `must be a ${fixed}, as first reported`,
          },
        };
      if (fixed) continue;
      const keys = Object.keys(have ?? {}).length + Object.keys(added ?? {}).length;
      if (keys >= CUSTOM_EVENT_LIMITS.propertyKeysPerName)
        return {
          problem: {
            field: `events.${i}.properties.${key}`,
            message: 'is a new property beyond the event’s 100',
          },
        };
      added ??= {};
      added[key] = type;
      additions.set(e.name, added);
    }
    if (!have && !additions.has(e.name)) additions.set(e.name, {});
  }
  return { additions };
}

/** One of an app's event names as the app's settings list it. */
export const EventNameRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** each property key and the type it got on first use, by key */
  properties: z.array(z.object({ key: z.string(), type: z.enum(PROPERTY_TYPES) })),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** events counted over the kept days (stat_custom_events) */
  events: z.number().int(),
});
export type EventNameRow = z.infer<typeof EventNameRow>;

export const EventNamesQuery = z.object({
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(CUSTOM_EVENT_LIMITS.namesPageSize),
});

/** One custom event of a device, as troubleshooting lists it (newest first). */
export const DeviceCustomEvent = z.object({
  name: z.string(),
  at: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type DeviceCustomEvent = z.infer<typeof DeviceCustomEvent>;

/** One name's counts on one UTC day: events, and distinct devices that reported it that day. */
export const CustomEventDay = z.object({
  date: z.string(),
  name: z.string(),
  events: z.number().int(),
  devices: z.number().int(),
});
export type CustomEventDay = z.infer<typeof CustomEventDay>;

export const CustomEventsReportQuery = RangeQuery;

export const customEventsCalls = {
  track: defineCall({
    method: 'POST',
    path: '/sdk/v1/track',
    summary: 'Report up to 50 of the app’s own events (a name and typed properties)',
    body: TrackBody,
    data: z.object({ accepted: z.number().int() }),
    auth: false,
  }),
  names: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/custom-events/names',
    summary: 'The app’s custom event names with their property types, counts and limits',
    params: AppIdParams,
    query: EventNamesQuery,
    data: z.object({
      list: z.array(EventNameRow),
      total: z.number().int(),
      limits: z.object({ namesPerApp: z.number().int(), propertiesPerEvent: z.number().int() }),
    }),
  }),
  deleteName: defineCall({
    method: 'DELETE',
    path: '/tcm/v1/app/:appId/custom-events/names/:nameId',
    summary: 'Delete a custom event name, its counts and (for every read) its events; frees its place',
    params: AppIdParams.extend({ nameId: numberInput(z.number().int().positive()) }),
    data: z.object({}).optional(),
  }),
  report: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/report/custom-events',
    summary: 'Custom events per UTC day and name over the range (≤ 1 year): events and devices',
    params: AppIdParams,
    query: CustomEventsReportQuery,
    data: z.object({
      dated: z.array(CustomEventDay),
      names: z.array(z.string()),
      start: z.string(),
      end: z.string(),
      fallback: z.boolean(),
    }),
  }),
};

/** The CSV of the custom events report (start, end): one row per day and name. */
export const CUSTOM_EVENTS_EXPORT_PATH = '/tcm/v1/app/:appId/report/custom-events/export';
