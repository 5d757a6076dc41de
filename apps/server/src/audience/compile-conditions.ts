import {
  CONDITION_LABEL_SPECS,
  conditionIssues,
  INACTIVE_DAYS,
  normalizeLanguage,
  TAG_FLAG_OF,
  type Condition,
} from '@beacon/shared';
import { compileUserCondition } from './compile-user-conditions';

/**
 * A parameterised boolean SQL expression over `devices <alias>` selecting one app's devices that match a condition
 * list: `sql` starts with `<alias>.app_id = $1` and references `$1 … $params.length`; values never enter the text.
 */
export interface CompiledAudience {
  sql: string;
  params: unknown[];
  /** The table alias the expression uses (`d` by default). */
  alias: string;
  /**
   * A journey's later step: the 1-based index, in `params`, of the step id whose members (`journey_members`) the
   * audience is limited to. A caller paging by device id may add the members of the page's range as a driving
   * condition (the audience already implies it), so the page reads the members, not every device of the range.
   */
  memberStepParam?: number;
  /** A live journey step's wave: the 1-based index, in `params`, of the wave id its members were given. */
  memberWaveParam?: number;
}

export interface CompileOptions {
  /** The instant windows are measured from (active 7 days = last_active_at ≥ now − 7 days). Default: now. */
  now?: Date;
  /** Alias of `devices` in the caller's FROM clause. Default `d`. */
  alias?: string;
}

/** Refused input: conditions that break the shared rules (callers validate first; this guards the SQL). */
export class AudienceCompileError extends Error {}

const DAY_MS = 86_400_000;
/** The end of every tag lookup subquery: a marker `perDeviceLookups` rewrites. */
const LOOKUP_END = ' /* lookup */)';
const CLICKED_BIT = 4;

const TEXT_COLUMN = {
  country: 'country',
  brand: 'brand',
  model: 'model',
  operator: 'operator',
  appVersion: 'app_version',
} as const;
const UPPER_CASED = new Set(['country', 'brand', 'model']);
const INT_COLUMN = { osVersion: 'os_version', appVersionCode: 'app_version_code' } as const;
const WINDOW_COLUMN = { active: 'last_active_at', increasedApp: 'first_seen_at' } as const;

/**
 * Compiles conditions (already valid by the shared rules) into a WHERE expression for one app. An empty list selects
 * every device of the app. Semantics:
 * - country, brand, model: case-insensitive (devices store upper case); operator, appVersion: exact; `in` / `nin`.
 * - language `in [pt]` matches `pt` and every `pt_*`; `pt_BR` matches only `pt_BR`.
 * - osVersion, appVersionCode: in, nin, lt, gt, lte, gte, between [min, max] (inclusive).
 * - active / increasedApp with window N days: last_active_at / first_seen_at ≥ now − N days (`nin`: before it).
 * - noclick N: at least one message sent to the device in the window and none of them clicked (send_record_events).
 * - serverInactiveUser: no activity for INACTIVE_DAYS days.
 * - tags, dmpCustomize, dmpCustomizeGroup: the device carries one of the tag ids (`nin`: none of them); with
 *   allSelected, any tag of the label's flag. allSelected on other labels: `in` → no constraint, `nin` → nothing.
 * - attribute, event: compile-user-conditions.ts (the device's user's attributes; the per-day counts of its events).
 */
export function compileAudience(
  appId: number,
  conditions: readonly Condition[],
  options: CompileOptions = {},
): CompiledAudience {
  const alias = options.alias ?? 'd';
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new AudienceCompileError(`bad alias ${alias}`);
  if (conditions.length > 0) {
    const issues = conditionIssues(conditions, true);
    if (issues.length > 0)
      throw new AudienceCompileError(issues.map((i) => `conditions.${i.path} ${i.message}`).join('; '));
  }
  const now = (options.now ?? new Date()).getTime();
  const params: unknown[] = [appId];
  const p = (value: unknown, cast: string) => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
  const col = (name: string) => `${alias}.${name}`;
  const since = (days: number) => p(new Date(now - days * DAY_MS).toISOString(), 'timestamptz');
  const negate = (op: string, expr: string) => (op === 'nin' ? `NOT (${expr})` : expr);

  const parts = [`${col('app_id')} = $1`];
  for (const c of conditions) {
    const spec = CONDITION_LABEL_SPECS[c.label];
    if (c.label === 'serverInactiveUser') {
      parts.push(`${col('last_active_at')} < ${since(INACTIVE_DAYS)}`);
      continue;
    }
    if (c.label === 'attribute' || c.label === 'event') {
      parts.push(
        compileUserCondition(c, { p, device: col('id'), userId: col('user_id'), now, end: LOOKUP_END }),
      );
      continue;
    }
    const flag = TAG_FLAG_OF[c.label];
    if (c.allSelected === 1) {
      if (flag) {
        const any = `EXISTS (SELECT 1 FROM device_tags dt JOIN tags tg ON tg.id = dt.tag_id WHERE dt.device_id = ${col('id')} AND tg.flag = ${p(flag, 'text')}${LOOKUP_END}`;
        parts.push(negate(c.op, any));
      } else if (c.op === 'nin') {
        parts.push('FALSE');
      }
      continue;
    }
    if (c.label in TEXT_COLUMN) {
      const values = UPPER_CASED.has(c.label) ? c.values.map((v) => v.toUpperCase()) : c.values;
      parts.push(
        negate(
          c.op,
          `${col(TEXT_COLUMN[c.label as keyof typeof TEXT_COLUMN])} = ANY(${p(values, 'text[]')})`,
        ),
      );
    } else if (c.label === 'language') {
      const exact = c.values.map((v) => normalizeLanguage(v) ?? v);
      const bases = exact.filter((v) => !v.includes('_'));
      const match = bases.length
        ? `(${col('language')} = ANY(${p(exact, 'text[]')}) OR split_part(${col('language')}, '_', 1) = ANY(${p(bases, 'text[]')}))`
        : `${col('language')} = ANY(${p(exact, 'text[]')})`;
      parts.push(negate(c.op, match));
    } else if (c.label in INT_COLUMN) {
      const column = col(INT_COLUMN[c.label as keyof typeof INT_COLUMN]);
      const nums = c.values.map(Number);
      const cmp = { lt: '<', gt: '>', lte: '<=', gte: '>=' } as Record<string, string>;
      if (c.op === 'between') parts.push(`${column} BETWEEN ${p(nums[0], 'int')} AND ${p(nums[1], 'int')}`);
      else if (cmp[c.op]) parts.push(`${column} ${cmp[c.op]} ${p(nums[0], 'int')}`);
      else parts.push(negate(c.op, `${column} = ANY(${p(nums, 'int[]')})`));
    } else if (c.label in WINDOW_COLUMN) {
      const column = col(WINDOW_COLUMN[c.label as keyof typeof WINDOW_COLUMN]);
      parts.push(`${column} ${c.op === 'nin' ? '<' : '>='} ${since(Number(c.values[0]))}`);
    } else if (c.label === 'noclick') {
      parts.push(
        `(SELECT bool_and((sr.event_mask & ${CLICKED_BIT}) = 0) FROM send_record_events sr WHERE sr.device_id = ${col('id')} AND sr.sent_at >= ${since(Number(c.values[0]))}) IS TRUE`,
      );
    } else if (flag) {
      const carries = `EXISTS (SELECT 1 FROM device_tags dt WHERE dt.device_id = ${col('id')} AND dt.tag_id = ANY(${p(c.values.map(Number), 'int[]')})${LOOKUP_END}`;
      parts.push(negate(c.op, carries));
    } else {
      throw new AudienceCompileError(`no compilation for ${c.label} (${spec.kind})`);
    }
  }
  return { sql: parts.join(' AND '), params, alias };
}

/**
 * Cost of one per-device lookup, in plain-row units (measured on PostgreSQL: a tag probe ≈ 8, a send-record aggregate
 * ≈ 12, a user's attributes by primary key ≈ 8, a device's day counts of one event ≈ 10; bench/README.md "audience").
 */
const LOOKUP_COST = {
  'FROM device_tags': 8,
  'FROM send_record_events': 12,
  'FROM app_users': 8,
  'FROM custom_event_days': 10,
} as const;

/**
 * What evaluating an audience costs per device beyond reading its own columns, in plain-row units: the tag,
 * send-record, user and event-count lookups its conditions make (tags, dmpCustomize, noclick, attribute, event). Sampled estimates read fewer rows for it.
 */
export function lookupCost(audience: CompiledAudience): number {
  let cost = 0;
  for (const [from, each] of Object.entries(LOOKUP_COST))
    cost += (audience.sql.split(from).length - 1) * each;
  return cost;
}

/**
 * The same audience with its tag lookups evaluated per device (an `OFFSET 0` keeps each EXISTS a correlated subquery,
 * one index probe per device, instead of a join the planner may turn into a scan of every device carrying the tag).
 * For bounded sets of devices (a sample); whole-app counts keep the joins.
 */
export function perDeviceLookups(audience: CompiledAudience): CompiledAudience {
  return { ...audience, sql: audience.sql.split(LOOKUP_END).join(' OFFSET 0)') };
}

/** `SELECT count(*)` of a compiled audience: one row `{ n: string }` (bigint as text). */
export function countQuery(audience: CompiledAudience): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT count(*)::text AS n FROM devices ${audience.alias} WHERE ${audience.sql}`,
    params: audience.params,
  };
}

export interface KeysetPageOptions {
  /** The last device id of the previous page ('0' or 0 for the first page). */
  afterId: string | number | bigint;
  /** Page size; default 1000. */
  limit?: number;
  /** Columns to select (qualified with the alias); default `<alias>.id`. */
  columns?: readonly string[];
}

/**
 * One keyset page of a compiled audience, in device-id order: `… WHERE <audience> AND <alias>.id > $k ORDER BY
 * <alias>.id LIMIT $k+1`. Walk the audience by passing the last id of each page as the next `afterId`; the
 * (app_id, id) index makes every page an index range scan, so the walk is linear however large the app is.
 */
export function keysetPageQuery(
  audience: CompiledAudience,
  page: KeysetPageOptions,
): { sql: string; params: unknown[] } {
  const a = audience.alias;
  const limit = page.limit ?? 1000;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000)
    throw new AudienceCompileError(`bad page size ${limit}`);
  const columns = page.columns?.length ? page.columns.join(', ') : `${a}.id::text AS id`;
  const n = audience.params.length;
  return {
    sql: `SELECT ${columns} FROM devices ${a} WHERE ${audience.sql} AND ${a}.id > $${n + 1}::bigint ORDER BY ${a}.id LIMIT $${n + 2}::int`,
    params: [...audience.params, String(page.afterId), limit],
  };
}
