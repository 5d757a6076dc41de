import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';
import { Gaid } from './devices';

/**
 * Users and their attributes (issue 33 §1). An app's SDK names the device's user by the app's own id for them (the
 * external id; several devices may share one user, a device changes user on sign-out and sign-in) and sets typed
 * attributes on the device's current user. Each attribute's type is fixed by its first write; the app's settings list
 * them. This file is the one rule for keys, types and limits: the device API checks every write against it, the
 * console shows its limits.
 */
export const ATTRIBUTE_LIMITS = {
  /** attributes (distinct keys) one app may define */
  perApp: 100,
  keyMax: 64,
  externalIdMax: 128,
  stringMax: 256,
  listMax: 32,
  listItemMax: 64,
  /** the settings count an app's users up to this (an exact count of a large app would read them all) */
  usersCounted: 100_000,
} as const;

/** A key: a lower-case letter, then up to 63 lower-case letters, digits or `_`. */
export const ATTRIBUTE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** The stored type codes (app_attributes.type). */
export const AttributeType = { STRING: 1, NUMBER: 2, BOOLEAN: 3, DATE: 4, LIST: 5 } as const;
export type AttributeType = (typeof AttributeType)[keyof typeof AttributeType];

export const ATTRIBUTE_TYPE_NAMES = {
  1: 'string',
  2: 'number',
  3: 'boolean',
  4: 'date',
  5: 'list',
} as const satisfies Record<AttributeType, string>;
export type AttributeTypeName = (typeof ATTRIBUTE_TYPE_NAMES)[AttributeType];

/** A value as stored: a date is its ISO-8601 UTC text (`2026-06-01T09:15:00.000Z`), so dates compare as text. */
export type AttributeValue = string | number | boolean | string[];

/** ISO-8601: a day, or a day and a time with seconds optional, fraction optional, and `Z` or an offset. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** The ISO-8601 UTC text of a date-looking string, or undefined when it is no valid ISO-8601 date. */
export function normalizeAttributeDate(text: string): string | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const day = text.slice(0, 10);
  const t = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(t.getTime())) return undefined;
  // Date rolls 2026-02-30 over to March: refused, not moved
  if (!text.includes('T') && t.toISOString().slice(0, 10) !== day) return undefined;
  return t.toISOString();
}

const MESSAGES = {
  key: 'is not an attribute key: a lower-case letter, then up to 63 lower-case letters, digits or _',
  string: `must be at most ${ATTRIBUTE_LIMITS.stringMax} characters`,
  list: `must hold at most ${ATTRIBUTE_LIMITS.listMax} strings`,
  listItem: `must be a string of at most ${ATTRIBUTE_LIMITS.listItemMax} characters`,
  number: 'must be a finite number',
  value: 'must be a string, number, boolean, ISO-8601 date, list of strings, or null',
} as const;

/** Why a value is refused for an attribute of another type (fixed by its first write). */
const TYPE_MESSAGES: Record<AttributeType, string> = {
  1: 'must be a string: the attribute is a string',
  2: 'must be a number: the attribute is a number',
  3: 'must be true or false: the attribute is a boolean',
  4: 'must be an ISO-8601 date: the attribute is a date',
  5: 'must be a list of strings: the attribute is a list',
};

/** The type a first write gives an attribute: a string that is an ISO-8601 date makes a date. */
function typeOf(value: AttributeValue): AttributeType {
  if (typeof value === 'number') return AttributeType.NUMBER;
  if (typeof value === 'boolean') return AttributeType.BOOLEAN;
  if (Array.isArray(value)) return AttributeType.LIST;
  return normalizeAttributeDate(value) ? AttributeType.DATE : AttributeType.STRING;
}

/** What is wrong with one value of a call (its path under the key), or undefined when it is a value. */
function valueIssue(value: unknown): { path: PropertyKey[]; message: string } | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'string')
    return value.length > ATTRIBUTE_LIMITS.stringMax ? { path: [], message: MESSAGES.string } : undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : { path: [], message: MESSAGES.number };
  if (!Array.isArray(value)) return { path: [], message: MESSAGES.value };
  if (value.length > ATTRIBUTE_LIMITS.listMax) return { path: [], message: MESSAGES.list };
  const bad = value.findIndex((v) => typeof v !== 'string' || v.length > ATTRIBUTE_LIMITS.listItemMax);
  return bad === -1 ? undefined : { path: [bad], message: MESSAGES.listItem };
}

/** The attributes of one call: key → value, or null to unset it; at most as many keys as an app may define. */
export const AttributeMap = z
  .record(z.string(), z.unknown())
  .superRefine((map, ctx) => {
    const keys = Object.keys(map);
    if (keys.length === 0) ctx.addIssue({ code: 'custom', message: 'must hold at least one attribute' });
    if (keys.length > ATTRIBUTE_LIMITS.perApp)
      ctx.addIssue({ code: 'custom', message: `must hold at most ${ATTRIBUTE_LIMITS.perApp} attributes` });
    for (const key of keys) {
      if (!ATTRIBUTE_KEY_PATTERN.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.key });
        continue;
      }
      const issue = valueIssue(map[key]);
      if (issue) ctx.addIssue({ code: 'custom', path: [key, ...issue.path], message: issue.message });
    }
  })
  .transform((map) => map as Record<string, AttributeValue | null>);

export const UserNameBody = z.strictObject({
  gaid: Gaid,
  /** the app's id for the signed-in user; null: signed out (the device has no named user any more) */
  externalId: singleLineText({ required: true, max: ATTRIBUTE_LIMITS.externalIdMax }).nullable(),
});
export type UserNameBody = z.output<typeof UserNameBody>;

export const UserAttributesBody = z.strictObject({ gaid: Gaid, attributes: AttributeMap });
export type UserAttributesBody = z.output<typeof UserAttributesBody>;

/** One refused attribute of a write: the field (`attributes.plan`) and what is wrong, in English. */
export interface AttributeIssue {
  field: string;
  message: string;
}

/** One attribute write resolved against the app's definitions: the values to set, the keys to unset, the new keys. */
export interface AttributeWrite {
  set: Record<string, AttributeValue>;
  unset: string[];
  /** keys this write defines (first writes), with the type they get */
  defines: Array<[key: string, type: AttributeType]>;
}

/**
 * Checks one call's attributes against the app's definitions (key → type) and the per-app limit: a value of a defined
 * key must have its type (a date key takes ISO-8601 texts, a string key takes any string); a new key is defined with
 * its value's type unless the app already has `ATTRIBUTE_LIMITS.perApp`. Dates come back normalised. Unsetting an
 * unknown key is allowed (nothing to do). Issues name the field (`attributes.plan`); a write with issues stores nothing.
 */
export function resolveAttributeWrite(
  attributes: Readonly<Record<string, AttributeValue | null>>,
  defined: ReadonlyMap<string, AttributeType>,
): { write: AttributeWrite; issues: AttributeIssue[] } {
  const write: AttributeWrite = { set: {}, unset: [], defines: [] };
  const issues: AttributeIssue[] = [];
  let count = defined.size;
  for (const [key, value] of Object.entries(attributes)) {
    const field = `attributes.${key}`;
    if (value === null) {
      write.unset.push(key);
      continue;
    }
    let type = defined.get(key);
    if (type === undefined) {
      type = typeOf(value);
      if (count >= ATTRIBUTE_LIMITS.perApp) {
        issues.push({
          field,
          message: `is a new attribute past the app’s limit of ${ATTRIBUTE_LIMITS.perApp} attributes`,
        });
        continue;
      }
      count++;
      write.defines.push([key, type]);
    }
    const stored = valueAs(type, value);
    if (stored === undefined) {
      issues.push({ field, message: TYPE_MESSAGES[type] });
      continue;
    }
    write.set[key] = stored;
  }
  return { write, issues };
}

/** `value` as an attribute of `type` stores it (a date normalised), or undefined when it is not of that type. */
function valueAs(type: AttributeType, value: AttributeValue): AttributeValue | undefined {
  switch (type) {
    case AttributeType.STRING:
      return typeof value === 'string' ? value : undefined;
    case AttributeType.NUMBER:
      return typeof value === 'number' ? value : undefined;
    case AttributeType.BOOLEAN:
      return typeof value === 'boolean' ? value : undefined;
    case AttributeType.DATE:
      return typeof value === 'string' ? normalizeAttributeDate(value) : undefined;
    case AttributeType.LIST:
      return Array.isArray(value) ? value : undefined;
  }
}

/** One attribute of an app, as its settings list it. */
export const AttributeDefinition = z.object({
  key: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'date', 'list']),
  createdAt: z.string(),
  lastWrittenAt: z.string(),
});
export type AttributeDefinition = z.output<typeof AttributeDefinition>;

export const AttributeList = z.object({
  rows: z.array(AttributeDefinition),
  /** the app's users (named and anonymous), counted up to ATTRIBUTE_LIMITS.usersCounted + 1 (more: "over …") */
  users: z.number().int(),
  limits: z.object({
    perApp: z.number().int(),
    keyMax: z.number().int(),
    stringMax: z.number().int(),
    listMax: z.number().int(),
    listItemMax: z.number().int(),
    externalIdMax: z.number().int(),
    usersCounted: z.number().int(),
  }),
});
export type AttributeList = z.output<typeof AttributeList>;

const AppParams = z.object({ appId: numberInput(z.number().int().positive()) });

export const AttributeDeleteBody = z.strictObject({
  key: z.string().regex(ATTRIBUTE_KEY_PATTERN, MESSAGES.key),
});

/** The device API's two calls (docs/sdk-api.md) and the app settings' list and delete (owner and super admins). */
export const userAttributeCalls = {
  user: defineCall({
    method: 'POST',
    path: '/sdk/v1/user',
    summary: 'Name the device’s user (the app’s external id), or sign out with null',
    body: UserNameBody,
    data: z.object({}).optional(),
    auth: false,
  }),
  attributes: defineCall({
    method: 'POST',
    path: '/sdk/v1/attributes',
    summary: 'Set (or unset with null) typed attributes of the device’s user',
    body: UserAttributesBody,
    data: z.object({}).optional(),
    auth: false,
  }),
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/attributes',
    summary: 'The app’s user attributes (key, type, first and last write), its users counted, and the limits',
    params: AppParams,
    body: EmptyBody,
    data: AttributeList,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/attributes/delete',
    summary: 'Delete an attribute: its definition and its value on every user of the app',
    params: AppParams,
    body: AttributeDeleteBody,
    data: z.object({ removed: z.boolean() }),
  }),
};

/** A device's user as troubleshooting shows it: the external id (null: anonymous or none) and the attributes. */
export const InstanceUser = z.object({
  externalId: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type InstanceUser = z.output<typeof InstanceUser>;
