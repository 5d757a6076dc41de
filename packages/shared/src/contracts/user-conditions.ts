import { CUSTOM_EVENT_NAME_PATTERN } from './custom-events';
import {
  ATTRIBUTE_KEY_PATTERN,
  ATTRIBUTE_TYPE_NAMES,
  normalizeAttributeDate,
  type AttributeTypeName,
} from './user-attributes';

/**
 * Target conditions on the app's users and events (issue 33 §3): `attribute` (a user attribute, by its key and type)
 * and `event` (a custom event name), the two labels that may repeat in one list. The ops each accepts, the values each
 * op takes and the app-aware check (the key and the name must be the app's) live here, for the builder and the server.
 */
export const ATTRIBUTE_TYPES = Object.values(ATTRIBUTE_TYPE_NAMES) as AttributeTypeName[];

/** Ops of an attribute condition by the attribute's type (every type: exists / notExists). */
export const ATTRIBUTE_CONDITION_OPS = {
  string: ['in', 'nin', 'contains', 'exists', 'notExists'],
  number: ['in', 'nin', 'lt', 'gt', 'lte', 'gte', 'between', 'exists', 'notExists'],
  boolean: ['in', 'exists', 'notExists'],
  date: ['before', 'after', 'between', 'within', 'exists', 'notExists'],
  list: ['in', 'nin', 'exists', 'notExists'],
} as const satisfies Record<AttributeTypeName, readonly string[]>;

/**
 * Ops of an event condition: `atLeast` [N, D] (at least N events in the last D UTC days, today included),
 * `notWithin` [D] (none in the last D UTC days), `notSince` [YYYY-MM-DD] (none on or after that UTC day).
 */
export const EVENT_CONDITION_OPS = ['atLeast', 'notWithin', 'notSince'] as const;

export const USER_CONDITION_LIMITS = {
  /** the longest event window, in days (the per-day counts are kept at least this long) */
  eventDaysMax: 365,
  /** the highest count of `atLeast` */
  eventCountMax: 1_000_000,
  /** the longest `within` window of a date attribute, in days */
  dateDaysMax: 3650,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields of a condition these rules read (conditions.ts's Condition). */
export interface UserConditionRow {
  label: string;
  op: string;
  values: readonly string[];
  key?: string | undefined;
  attributeType?: AttributeTypeName | undefined;
  event?: string | undefined;
}

/** The ops a row may choose: by its attribute's type, or the event ops; none before the type is known. */
export function userConditionOps(row: Pick<UserConditionRow, 'label' | 'attributeType'>): readonly string[] {
  if (row.label === 'event') return EVENT_CONDITION_OPS;
  return row.attributeType ? ATTRIBUTE_CONDITION_OPS[row.attributeType] : [];
}

/** Whether an op takes no value (exists, notExists). */
export const isValuelessOp = (op: string): boolean => op === 'exists' || op === 'notExists';

const integerIn = (value: string, min: number, max: number) =>
  /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max;

/** How many values an op takes: a fixed count, or undefined for one or more. */
function valueCount(op: string): number | undefined {
  if (isValuelessOp(op)) return 0;
  if (op === 'between' || op === 'atLeast') return 2;
  if (['lt', 'gt', 'lte', 'gte', 'before', 'after', 'within', 'notWithin', 'notSince'].includes(op)) return 1;
  return undefined;
}

/** What is wrong with value `i` of a row whose op is valid for it, or undefined. */
function userValueIssue(row: UserConditionRow, i: number): string | undefined {
  const value = row.values[i] ?? '';
  const L = USER_CONDITION_LIMITS;
  if (row.label === 'event') {
    if (row.op === 'notSince')
      return DAY.test(value) && normalizeAttributeDate(value)
        ? undefined
        : `${value} must be a day (YYYY-MM-DD)`;
    if (row.op === 'atLeast' && i === 0)
      return integerIn(value, 1, L.eventCountMax)
        ? undefined
        : `${value} must be a count from 1 to ${L.eventCountMax}`;
    return integerIn(value, 1, L.eventDaysMax)
      ? undefined
      : `${value} must be a number of days from 1 to ${L.eventDaysMax}`;
  }
  switch (row.attributeType) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))
        ? undefined
        : `${value} must be a number`;
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : `${value} must be true or false`;
    case 'date':
      if (row.op === 'within')
        return integerIn(value, 1, L.dateDaysMax)
          ? undefined
          : `${value} must be a number of days from 1 to ${L.dateDaysMax}`;
      return normalizeAttributeDate(value) ? undefined : `${value} must be an ISO-8601 date`;
    default:
      return value === '' ? 'must not be empty' : undefined;
  }
}

/**
 * The problems of one attribute or event row (`path` under the row: `key`, `op`, `values.1`), by shape only: a key and
 * a type, or an event name; an op for them; the values the op takes. The app-aware part is userConditionVocabularyIssues.
 */
export function userConditionIssues(row: UserConditionRow): Array<{ field: string; message: string }> {
  const at = (field: string, message: string) => [{ field, message }];
  if (row.label === 'attribute') {
    if (!row.key) return at('key', 'is required for an attribute condition');
    if (!ATTRIBUTE_KEY_PATTERN.test(row.key))
      return at(
        'key',
        'is not an attribute key: a lower-case letter, then up to 63 lower-case letters, digits or _',
      );
    if (!row.attributeType) return at('attributeType', 'is required for an attribute condition');
  } else {
    if (!row.event) return at('event', 'is required for an event condition');
    if (!CUSTOM_EVENT_NAME_PATTERN.test(row.event))
      return at(
        'event',
        'must start with a letter and hold only letters, digits, _ . or - (at most 64 characters)',
      );
  }
  const ops = userConditionOps(row);
  if (!row.op) return at('op', 'is required');
  if (!ops.includes(row.op))
    return at(
      'op',
      row.label === 'event'
        ? `must be one of ${ops.join(', ')} for an event`
        : `must be one of ${ops.join(', ')} for a ${row.attributeType} attribute`,
    );
  const count = valueCount(row.op);
  if (count === 0) return row.values.length > 0 ? at('values', `must be empty for ${row.op}`) : [];
  if (row.values.length === 0) return at('values', 'must hold a value');
  if (count !== undefined && row.values.length !== count)
    return at(
      'values',
      count === 1 ? `must hold one value for ${row.op}` : `must hold two values for ${row.op}`,
    );
  const issues = row.values.flatMap((_, i) => {
    const problem = userValueIssue(row, i);
    return problem ? [{ field: `values.${i}`, message: problem }] : [];
  });
  if (issues.length === 0 && row.op === 'between') {
    const [a = '', b = ''] = row.values;
    const ordered =
      row.attributeType === 'date'
        ? (normalizeAttributeDate(a) ?? '') <= (normalizeAttributeDate(b) ?? '')
        : Number(a) <= Number(b);
    if (!ordered) issues.push({ field: 'values', message: 'range minimum must not exceed its maximum' });
  }
  return issues;
}

/** What an app has to target by: its attributes (key → type) and its event names. */
export interface TargetingVocabulary {
  attributes: ReadonlyMap<string, AttributeTypeName>;
  events: ReadonlySet<string>;
}

/**
 * The app-aware problems of a condition list valid by shape (the server's check): each attribute row's key must be an
 * attribute of the app with the row's type, each event row's name one of the app's event names. Paths as
 * conditionIssues' (`2.key`).
 */
export function userConditionVocabularyIssues(
  conditions: readonly UserConditionRow[],
  vocabulary: TargetingVocabulary,
): Array<{ path: string; message: string }> {
  return conditions.flatMap((row, index) => {
    if (row.label === 'attribute' && row.key) {
      const type = vocabulary.attributes.get(row.key);
      if (type === undefined) return [{ path: `${index}.key`, message: 'is not an attribute of this app' }];
      if (type !== row.attributeType)
        return [{ path: `${index}.attributeType`, message: `must be ${type}, the attribute’s type` }];
    }
    if (row.label === 'event' && row.event && !vocabulary.events.has(row.event))
      return [{ path: `${index}.event`, message: 'is not an event of this app' }];
    return [];
  });
}
