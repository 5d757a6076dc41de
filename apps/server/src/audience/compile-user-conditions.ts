import { normalizeAttributeDate, type Condition } from '@beacon/shared';

/** What compileAudience lends the compilation of one row: its parameter binder, the device's columns and the clock. */
export interface UserConditionContext {
  /** Adds a parameter and returns its placeholder with the cast (`$4::text`). */
  p: (value: unknown, cast: string) => string;
  /** The device's id and user id columns (`d.id`, `d.user_id`). */
  device: string;
  userId: string;
  now: number;
  /** The end of a per-device lookup subquery (compile-conditions.ts LOOKUP_END, rewritten by perDeviceLookups). */
  end: string;
}

const DAY_MS = 86_400_000;
/** How a type's value is stored in the user's attributes jsonb (a date is its ISO-8601 UTC text). */
const JSON_TYPE = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  date: 'string',
  list: 'array',
} as const;
const CMP = { lt: '<', gt: '>', lte: '<=', gte: '>=' } as Record<string, string>;

/** The UTC day (YYYY-MM-DD) `days` after the day of `at` (epoch ms). */
const dayOf = (at: number, days = 0) => new Date(at + days * DAY_MS).toISOString().slice(0, 10);

/** `%…%` for ILIKE: the text's own %, _ and \ escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * One attribute or event condition (valid by the shared rule) as a boolean SQL expression over the device:
 * - attribute: a lookup of the device's user by primary key (`app_users`); every op but notExists needs the attribute
 *   set on the user with the condition's type (a device without a user, or a user without the key, matches only
 *   notExists). Values are compared as the type: text (in, nin, contains: case-insensitive substring), numeric, the
 *   booleans' text, a list holding any (in) or none (nin) of the values, dates as their ISO-8601 UTC text: before a
 *   value, after it, between two (inclusive), within the last N days (not in the future); a day alone as an upper
 *   bound (after, between's max) stands for its end.
 * - event: the device's per-UTC-day counts of the event (`custom_event_days`, by its primary key): atLeast [N, D] = at
 *   least N events on the last D UTC days, today included; notWithin [D] = none on those days; notSince [day] = none
 *   on that day or later. The name is resolved once per statement (an uncorrelated subquery); an unknown name has no
 *   events.
 */
export function compileUserCondition(c: Condition, ctx: UserConditionContext): string {
  const { p, end } = ctx;
  if (c.label === 'event') {
    const name = `(SELECT n.id FROM app_event_names n WHERE n.app_id = $1 AND n.name = ${p(c.event, 'text')})`;
    const rows = (from: string) =>
      `FROM custom_event_days x WHERE x.device_id = ${ctx.device} AND x.name_id = ${name} AND x.day >= ${p(from, 'date')}`;
    const lastDays = (days: number) => dayOf(ctx.now, 1 - days);
    const [a = '', b = ''] = c.values;
    if (c.op === 'notSince') return `NOT EXISTS (SELECT 1 ${rows(a)}${end}`;
    if (c.op === 'notWithin') return `NOT EXISTS (SELECT 1 ${rows(lastDays(Number(a)))}${end}`;
    const n = Number(a);
    if (n <= 1) return `EXISTS (SELECT 1 ${rows(lastDays(Number(b)))}${end}`;
    return `(SELECT COALESCE(sum(x.events), 0) ${rows(lastDays(Number(b)))}${end} >= ${p(n, 'bigint')}`;
  }
  const type = c.attributeType ?? 'string';
  const value = `u.attributes -> ${p(c.key, 'text')}`;
  const typed = `jsonb_typeof(${value}) = '${JSON_TYPE[type]}'`;
  // the value as text only when it has the type (a CASE: no cast of another type's value is ever tried)
  const text = `(CASE WHEN ${typed} THEN ${value} #>> '{}' END)`;
  const numeric = `(CASE WHEN ${typed} THEN (${value} #>> '{}')::numeric END)`;
  const user = (predicate: string) =>
    `EXISTS (SELECT 1 FROM app_users u WHERE u.id = ${ctx.userId} AND ${predicate}${end}`;
  const values = c.values;
  if (c.op === 'exists') return user(typed);
  if (c.op === 'notExists') return `NOT ${user(typed)}`;
  if (c.op === 'contains') return user(`${text} ILIKE ANY(${p(values.map(containsPattern), 'text[]')})`);
  if (type === 'list') {
    const any = `${value} ?| ${p(values, 'text[]')}`;
    return user(c.op === 'nin' ? `${typed} AND NOT (${any})` : `${typed} AND ${any}`);
  }
  if (type === 'number') {
    const nums = values.map(Number);
    if (c.op === 'between')
      return user(`${numeric} BETWEEN ${p(nums[0], 'numeric')} AND ${p(nums[1], 'numeric')}`);
    if (CMP[c.op]) return user(`${numeric} ${CMP[c.op]} ${p(nums[0], 'numeric')}`);
    const any = `${numeric} = ANY(${p(nums, 'numeric[]')})`;
    return user(c.op === 'nin' ? `NOT (${any})` : any);
  }
  if (type === 'date') {
    const at = (v: string) => normalizeAttributeDate(v) ?? v;
    const isDay = (v: string) => v.length === 10;
    const nextDay = (v: string) => `${dayOf(Date.parse(`${v}T00:00:00Z`), 1)}T00:00:00.000Z`;
    const [a = '', b = ''] = values;
    const upTo = (v: string) =>
      isDay(v) ? `${text} < ${p(nextDay(v), 'text')}` : `${text} <= ${p(at(v), 'text')}`;
    switch (c.op) {
      case 'before':
        return user(`${text} < ${p(at(a), 'text')}`);
      case 'after':
        return user(isDay(a) ? `${text} >= ${p(nextDay(a), 'text')}` : `${text} > ${p(at(a), 'text')}`);
      case 'between':
        return user(`${text} >= ${p(at(a), 'text')} AND ${upTo(b)}`);
      default: {
        // within the last N days
        const from = new Date(ctx.now - Number(a) * DAY_MS).toISOString();
        const to = new Date(ctx.now).toISOString();
        return user(`${text} BETWEEN ${p(from, 'text')} AND ${p(to, 'text')}`);
      }
    }
  }
  // string and boolean: in / nin on the value's text ('true' / 'false' for a boolean)
  const any = `${text} = ANY(${p(values, 'text[]')})`;
  return user(c.op === 'nin' ? `NOT (${any})` : any);
}
