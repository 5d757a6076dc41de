import { z } from 'zod';
import { isCountryCode } from '../dictionaries/countries';
import { normalizeLanguage } from '../dictionaries/languages';
import { singleLineText } from '../text';
import { ATTRIBUTE_TYPES, isValuelessOp, userConditionIssues } from './user-conditions';

/**
 * Target conditions (spec part 2 §3 "Targeting types", §5 "Target group conditions"): the rows of the condition
 * builder, saved in user groups and messages, compiled to SQL by the server's audience compiler. The rules below
 * are pure functions used by the console (builder) and the server (validation) alike.
 */
export const CONDITION_LABELS = [
  'country',
  'language',
  'brand',
  'model',
  'osVersion',
  'operator',
  'appVersion',
  'appVersionCode',
  'active',
  'increasedApp',
  'noclick',
  'serverInactiveUser',
  'tags',
  'dmpCustomize',
  'dmpCustomizeGroup',
  'attribute',
  'event',
] as const;
export type ConditionLabel = (typeof CONDITION_LABELS)[number];

const DEVICE_OPS = ['in', 'nin', 'lt', 'gt', 'lte', 'gte', 'between'] as const;
/** The ops an attribute row may take beside the device ops (user-conditions.ts picks them by the attribute's type). */
const ATTRIBUTE_OPS = [
  ...DEVICE_OPS,
  'contains',
  'before',
  'after',
  'within',
  'exists',
  'notExists',
] as const;
/** The ops of an event row (user-conditions.ts). */
const EVENT_OPS = ['atLeast', 'notWithin', 'notSince'] as const;

export const CONDITION_OPS = [...ATTRIBUTE_OPS, ...EVENT_OPS] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** The labels that may repeat in one list (each row its own attribute or event); every other label once. */
export const REPEATABLE_LABELS: ReadonlySet<ConditionLabel> = new Set(['attribute', 'event']);

/** Conditions one list may hold. */
export const CONDITIONS_MAX = 20;

/** Activity windows in days for active, increasedApp and noclick. */
export const CONDITION_WINDOWS = [1, 7, 15, 30] as const;

/** Days without activity after which a device counts as a server-inactive user. */
export const INACTIVE_DAYS = 90;

/** How a label's values are entered and checked. */
export type ConditionValueKind =
  'text' | 'country' | 'language' | 'integer' | 'window' | 'tag' | 'none' | 'attribute' | 'event';

export interface ConditionLabelSpec {
  ops: readonly ConditionOp[];
  kind: ConditionValueKind;
  /** Needs the global tag switch and the app's advanced targeting. */
  advanced: boolean;
  /** Integer bounds for `integer` labels. */
  min?: number;
  max?: number;
}

const SET_OPS = ['in', 'nin'] as const;
const NUMBER_OPS = DEVICE_OPS;

/** What each label accepts. */
export const CONDITION_LABEL_SPECS: Record<ConditionLabel, ConditionLabelSpec> = {
  country: { ops: SET_OPS, kind: 'country', advanced: false },
  language: { ops: SET_OPS, kind: 'language', advanced: false },
  brand: { ops: SET_OPS, kind: 'text', advanced: false },
  model: { ops: SET_OPS, kind: 'text', advanced: false },
  osVersion: { ops: NUMBER_OPS, kind: 'integer', advanced: false, min: 14, max: 35 },
  operator: { ops: SET_OPS, kind: 'text', advanced: false },
  appVersion: { ops: SET_OPS, kind: 'text', advanced: false },
  appVersionCode: { ops: NUMBER_OPS, kind: 'integer', advanced: false, min: 0, max: 2_147_483_647 },
  active: { ops: SET_OPS, kind: 'window', advanced: false },
  increasedApp: { ops: SET_OPS, kind: 'window', advanced: false },
  noclick: { ops: ['in'], kind: 'window', advanced: false },
  serverInactiveUser: { ops: [], kind: 'none', advanced: false },
  tags: { ops: SET_OPS, kind: 'tag', advanced: true },
  dmpCustomize: { ops: SET_OPS, kind: 'tag', advanced: true },
  dmpCustomizeGroup: { ops: SET_OPS, kind: 'tag', advanced: true },
  // the ops by the attribute's type: user-conditions.ts
  attribute: {
    ops: ATTRIBUTE_OPS,
    kind: 'attribute',
    advanced: false,
  },
  event: { ops: EVENT_OPS, kind: 'event', advanced: false },
};

/** Flag of the tags a tag label offers: interest labels, or audience packages (GROUP: not human users). */
export const TAG_FLAG_OF: Partial<Record<ConditionLabel, 'LABEL' | 'GROUP'>> = {
  tags: 'LABEL',
  dmpCustomize: 'GROUP',
  dmpCustomizeGroup: 'GROUP',
};

const Value = z.union([singleLineText({ max: 100 }), z.number().transform((n) => String(n))]);

/** One condition row as stored and sent: `values` are strings (numbers are accepted and turned into strings). */
export const Condition = z.object({
  label: z.enum(CONDITION_LABELS, 'must be a known condition label'),
  op: z.union([z.enum(CONDITION_OPS, 'must be a known condition operator'), z.literal('')]).default(''),
  values: z.array(Value).max(1000, 'must hold at most 1000 values').default([]),
  allSelected: z.union([z.literal(0), z.literal(1)]).default(0),
  /** GROUP marks an audience package that is not human users. */
  dmp: z.enum(['LABEL', 'GROUP']).optional(),
  /** attribute: the user attribute's key, and its type (which ops and values it takes) */
  key: z.string().max(64, 'must be at most 64 characters').optional(),
  attributeType: z.enum(ATTRIBUTE_TYPES, 'must be string, number, boolean, date or list').optional(),
  /** event: the custom event's name */
  event: z.string().max(64, 'must be at most 64 characters').optional(),
});
export type Condition = z.output<typeof Condition>;
export type ConditionInput = z.input<typeof Condition>;

/** A row being edited in the builder: any field may still be empty. */
export interface ConditionDraft {
  label?: ConditionLabel | undefined;
  op?: ConditionOp | '' | undefined;
  values?: string[] | undefined;
  allSelected?: 0 | 1 | undefined;
  dmp?: 'LABEL' | 'GROUP' | undefined;
  key?: string | undefined;
  attributeType?: Condition['attributeType'];
  event?: string | undefined;
}

/** Whether a row is complete (part 2 §5): a label, an op, and a non-empty value or allSelected = 1. */
export function isConditionComplete(row: ConditionDraft): boolean {
  if (!row.label) return false;
  if (CONDITION_LABEL_SPECS[row.label].kind === 'none') return true;
  if (!row.op) return false;
  if (row.label === 'attribute' && !(row.key && row.attributeType)) return false;
  if (row.label === 'event' && !row.event) return false;
  if (isValuelessOp(row.op)) return true;
  return row.allSelected === 1 || (row.values ?? []).some((v) => v !== '');
}

/** The rows to submit: incomplete rows dropped, each returned as a full Condition. */
export function completeConditions(rows: readonly ConditionDraft[]): Condition[] {
  return rows.filter(isConditionComplete).map((row) => {
    const label = row.label as ConditionLabel;
    const none = CONDITION_LABEL_SPECS[label].kind === 'none';
    return {
      label,
      op: none ? '' : (row.op as ConditionOp),
      values: none ? [] : row.allSelected === 1 ? [] : (row.values ?? []).filter((v) => v !== ''),
      allSelected: none ? 0 : (row.allSelected ?? 0),
      ...(row.dmp ? { dmp: row.dmp } : {}),
      ...(label === 'attribute' ? { key: row.key, attributeType: row.attributeType } : {}),
      ...(label === 'event' ? { event: row.event } : {}),
    };
  });
}

/** Whether a new row may be added: only when the last row is complete. */
export function canAddCondition(rows: readonly ConditionDraft[]): boolean {
  const last = rows[rows.length - 1];
  return last === undefined || isConditionComplete(last);
}

/** Labels that exclude each other (appVersion and appVersionCode). */
const EXCLUSIVE: Partial<Record<ConditionLabel, ConditionLabel>> = {
  appVersion: 'appVersionCode',
  appVersionCode: 'appVersion',
};

/**
 * The labels row `index` may choose: each label once (attribute and event any number of times), appVersion and appVersionCode mutually exclusive, advanced
 * labels only when advanced targeting is allowed.
 */
export function availableLabels(
  rows: readonly ConditionDraft[],
  index: number,
  advancedAllowed: boolean,
): ConditionLabel[] {
  const taken = new Set(
    rows.flatMap((r, i) => (i !== index && r.label && !REPEATABLE_LABELS.has(r.label) ? [r.label] : [])),
  );
  return CONDITION_LABELS.filter((label) => {
    if (taken.has(label)) return false;
    const other = EXCLUSIVE[label];
    if (other && taken.has(other)) return false;
    return advancedAllowed || !CONDITION_LABEL_SPECS[label].advanced;
  });
}

/** Whether advanced labels (tags, audience packages) may be used: the global tag switch and the app's flag. */
export function advancedLabelsAllowed(globalTagSwitch: boolean, appAdvanceTarget: boolean): boolean {
  return globalTagSwitch && appAdvanceTarget;
}

export interface ConditionIssue {
  /** Path under the conditions list: `0.values`, `1.label`, or '' for the list itself. */
  path: string;
  message: string;
}

function valueIssue(label: ConditionLabel, value: string): string | undefined {
  const spec = CONDITION_LABEL_SPECS[label];
  switch (spec.kind) {
    case 'country':
      return isCountryCode(value.toUpperCase()) ? undefined : `${value} is not an ISO 3166-1 country code`;
    case 'language':
      return normalizeLanguage(value) ? undefined : `${value} is not a language code such as pt or pt_BR`;
    case 'integer': {
      const n = Number(value);
      if (!/^-?\d+$/.test(value) || n < (spec.min ?? 0) || n > (spec.max ?? Number.MAX_SAFE_INTEGER)) {
        return `${value} must be an integer from ${spec.min ?? 0} to ${spec.max ?? Number.MAX_SAFE_INTEGER}`;
      }
      return undefined;
    }
    case 'window':
      return (CONDITION_WINDOWS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value)
        ? undefined
        : `${value} must be a window of ${CONDITION_WINDOWS.join(', ')} days`;
    case 'tag':
      return /^\d{1,9}$/.test(value) ? undefined : `${value} must be a tag id`;
    default:
      return value === '' ? 'must not be empty' : undefined;
  }
}

function rowIssues(row: Condition, index: number, advancedAllowed: boolean): ConditionIssue[] {
  const spec = CONDITION_LABEL_SPECS[row.label];
  const at = (field: string, message: string): ConditionIssue => ({ path: `${index}.${field}`, message });
  if (spec.advanced && !advancedAllowed)
    return [at('label', 'needs advanced targeting (global tag switch and the app’s advanced targeting)')];
  if (spec.kind === 'attribute' || spec.kind === 'event') {
    if (row.allSelected === 1) return [at('allSelected', `cannot select all for ${row.label}`)];
    return userConditionIssues(row).map((issue) => at(issue.field, issue.message));
  }
  if (spec.kind === 'none') {
    return row.op !== '' || row.values.length > 0 || row.allSelected === 1
      ? [at('op', 'must be empty for this label')]
      : [];
  }
  if (!row.op) return [at('op', 'is required')];
  if (!spec.ops.includes(row.op)) return [at('op', `must be one of ${spec.ops.join(', ')} for ${row.label}`)];
  if (row.allSelected === 1) {
    if (spec.kind === 'window' || spec.kind === 'integer')
      return [at('allSelected', `cannot select all for ${row.label}`)];
    return row.values.length > 0 ? [at('values', 'must be empty when all are selected')] : [];
  }
  if (row.values.length === 0) return [at('values', 'must hold a value, or select all')];
  const issues: ConditionIssue[] = [];
  if (row.op === 'between' && row.values.length !== 2)
    issues.push(at('values', 'must be a range [min, max]'));
  if (['lt', 'gt', 'lte', 'gte'].includes(row.op) && row.values.length !== 1)
    issues.push(at('values', `must hold one value for ${row.op}`));
  if (spec.kind === 'window' && row.values.length !== 1) issues.push(at('values', 'must hold one window'));
  row.values.forEach((v, i) => {
    const problem = valueIssue(row.label, v);
    if (problem) issues.push(at(`values.${i}`, problem));
  });
  if (issues.length === 0 && row.op === 'between' && Number(row.values[0]) > Number(row.values[1])) {
    issues.push(at('values', 'range minimum must not exceed its maximum'));
  }
  return issues;
}

/**
 * Every problem of a condition list (part 2 §5): at least one condition, each label once (but attribute and event), appVersion and
 * appVersionCode not together, ops allowed for the label, values valid for it, advanced labels only when allowed.
 */
export function conditionIssues(
  conditions: readonly Condition[],
  advancedAllowed: boolean,
): ConditionIssue[] {
  if (conditions.length === 0) return [{ path: '', message: 'must hold at least one condition' }];
  const issues: ConditionIssue[] = [];
  const seen = new Set<ConditionLabel>();
  conditions.forEach((row, index) => {
    if (seen.has(row.label) && !REPEATABLE_LABELS.has(row.label))
      issues.push({ path: `${index}.label`, message: `${row.label} is used twice` });
    const other = EXCLUSIVE[row.label];
    if (other && seen.has(other))
      issues.push({ path: `${index}.label`, message: `${row.label} cannot be combined with ${other}` });
    seen.add(row.label);
    issues.push(...rowIssues(row, index, advancedAllowed));
  });
  return issues;
}

/** A condition list whose structure is checked (advanced labels allowed; the server checks the app's switches). */
export const TargetConditions = z
  .array(Condition)
  .max(CONDITIONS_MAX, `must hold at most ${CONDITIONS_MAX} conditions`)
  .superRefine((rows, ctx) => {
    for (const issue of conditionIssues(rows, true)) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path ? issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [],
      });
    }
  });
