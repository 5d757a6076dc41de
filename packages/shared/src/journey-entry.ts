/**
 * How a journey starts (issue 33 §5, docs/journeys.md "Entry on an event"): when the operator sends it (its audience,
 * as ever), or when a device reports a custom event. The one rule of an event entry, used by the server before it saves
 * and by the canvas editor; and the one matcher of an event's properties, used by the server's entry SQL's tests and the
 * console's preview. Pure: no I/O, no dates.
 */

export const JOURNEY_ENTRY_LIMITS = {
  conditionsMax: 10,
  /** "again after N hours" */
  reEntryHoursMax: 8760,
  /** "every time", at most N entries a device in 24 hours */
  perDayMax: 100,
  valueMax: 256,
} as const;

export const PROPERTY_OPERATORS = ['eq', 'neq', 'gt', 'lt', 'contains'] as const;
export type PropertyOperator = (typeof PROPERTY_OPERATORS)[number];

/** Which operators a property's type takes: numbers compare, strings contain, booleans only equal. */
export const OPERATORS_OF_TYPE: Record<'string' | 'number' | 'boolean', readonly PropertyOperator[]> = {
  string: ['eq', 'neq', 'contains'],
  number: ['eq', 'neq', 'gt', 'lt'],
  boolean: ['eq', 'neq'],
};

export interface PropertyCondition {
  key: string;
  op: PropertyOperator;
  value: string | number | boolean;
}

export type ReEntry = { kind: 'once' } | { kind: 'after'; hours: number } | { kind: 'every'; perDay: number };

export type JourneyEntry =
  | { kind: 'audience' }
  | {
      kind: 'event';
      /** the app's event name that makes a device enter */
      name: string;
      properties: PropertyCondition[];
      reEntry: ReEntry;
      /** the event that makes an entered device leave at its next step (never sent a later message) */
      exitName: string | null;
    };

/** What the rule needs of the app's names: each name's property types (as custom events keep them). */
export type EntryNames = ReadonlyMap<string, { types: Readonly<Record<string, string>> }>;

export interface EntryProblem {
  /** from the journey's root: `entry.event.name`, `entry.event.properties.1.value` */
  field: string;
  message: string;
}

/**
 * Every problem of an entry (empty when it may be saved). With the app's names (the server; the console when it has
 * them), the event and exit names must be the app's and each condition's key a property of the event with an
 * operator and value of its type; without them only the shape is checked.
 */
export function checkJourneyEntry(entry: JourneyEntry, names?: EntryNames): EntryProblem[] {
  if (entry.kind === 'audience') return [];
  const problems: EntryProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field: `entry.event.${field}`, message });
  const known = names?.get(entry.name);
  if (entry.name.trim() === '') add('name', 'must name one of the app’s events');
  else if (names && !known) add('name', `is not one of the app’s events (“${entry.name}”)`);
  if (entry.properties.length > JOURNEY_ENTRY_LIMITS.conditionsMax)
    add('properties', `must hold at most ${JOURNEY_ENTRY_LIMITS.conditionsMax} conditions`);
  entry.properties.forEach((c, i) => {
    const type = known?.types[c.key];
    if (c.key.trim() === '') return add(`properties.${i}.key`, 'must name a property');
    if (known && !type)
      return add(`properties.${i}.key`, `is not a property of “${entry.name}” (“${c.key}”)`);
    const valueType = typeof c.value;
    if (type && valueType !== type) return add(`properties.${i}.value`, `must be a ${type}`);
    const of = OPERATORS_OF_TYPE[(type ?? valueType) as 'string' | 'number' | 'boolean'];
    if (!of || !of.includes(c.op))
      return add(`properties.${i}.op`, `must be one of ${of?.join(', ') ?? 'eq'} for a ${type ?? valueType}`);
    if (typeof c.value === 'string' && c.value.length > JOURNEY_ENTRY_LIMITS.valueMax)
      add(`properties.${i}.value`, `must be at most ${JOURNEY_ENTRY_LIMITS.valueMax} characters`);
    if (typeof c.value === 'number' && !Number.isFinite(c.value))
      add(`properties.${i}.value`, 'must be a number');
  });
  const r = entry.reEntry;
  if (
    r.kind === 'after' &&
    !(Number.isInteger(r.hours) && r.hours >= 1 && r.hours <= JOURNEY_ENTRY_LIMITS.reEntryHoursMax)
  )
    add('reEntry.hours', `must be 1 to ${JOURNEY_ENTRY_LIMITS.reEntryHoursMax} hours`);
  if (
    r.kind === 'every' &&
    !(Number.isInteger(r.perDay) && r.perDay >= 1 && r.perDay <= JOURNEY_ENTRY_LIMITS.perDayMax)
  )
    add('reEntry.perDay', `must be 1 to ${JOURNEY_ENTRY_LIMITS.perDayMax} entries a day`);
  if (entry.exitName !== null) {
    if (entry.exitName === entry.name) add('exitName', 'must differ from the entry event');
    else if (names && !names.has(entry.exitName))
      add('exitName', `is not one of the app’s events (“${entry.exitName}”)`);
  }
  return problems;
}

/** Whether an event's properties meet every condition (a missing property or another type meets none). */
export function matchesEntry(
  conditions: readonly PropertyCondition[],
  properties: Readonly<Record<string, string | number | boolean>>,
): boolean {
  return conditions.every((c) => {
    const v = properties[c.key];
    if (v === undefined || typeof v !== typeof c.value) return false;
    switch (c.op) {
      case 'eq':
        return v === c.value;
      case 'neq':
        return v !== c.value;
      case 'gt':
        return (v as number) > (c.value as number);
      case 'lt':
        return (v as number) < (c.value as number);
      case 'contains':
        return (v as string).includes(c.value as string);
    }
  });
}
