import { describe, expect, it } from 'vitest';
import {
  advancedLabelsAllowed,
  availableLabels,
  canAddCondition,
  completeConditions,
  conditionIssues,
  isConditionComplete,
  TargetConditions,
  type Condition,
} from './conditions';
import { isTagCheckDisabled } from './tags';

const c = (
  label: Condition['label'],
  op: Condition['op'],
  values: string[],
  allSelected: 0 | 1 = 0,
): Condition => ({ label, op, values, allSelected });

describe('condition rules (part 2 §5)', () => {
  it('a row is complete with a label, an op and a value or allSelected; serverInactiveUser needs neither', () => {
    expect(isConditionComplete({})).toBe(false);
    expect(isConditionComplete({ label: 'country' })).toBe(false);
    expect(isConditionComplete({ label: 'country', op: 'in' })).toBe(false);
    expect(isConditionComplete({ label: 'country', op: 'in', values: [''] })).toBe(false);
    expect(isConditionComplete({ label: 'country', op: 'in', values: ['NG'] })).toBe(true);
    expect(isConditionComplete({ label: 'country', op: 'in', values: [], allSelected: 1 })).toBe(true);
    expect(isConditionComplete({ label: 'serverInactiveUser' })).toBe(true);
  });

  it('drops incomplete rows and normalises the rest', () => {
    expect(
      completeConditions([
        { label: 'country', op: 'in', values: ['NG', ''] },
        { label: 'brand' },
        {},
        { label: 'serverInactiveUser', op: 'in' },
        { label: 'language', op: 'in', values: ['x'], allSelected: 1 },
      ]),
    ).toEqual([c('country', 'in', ['NG']), c('serverInactiveUser', '', []), c('language', 'in', [], 1)]);
  });

  it('adds a row only when the last one is complete', () => {
    expect(canAddCondition([])).toBe(true);
    expect(
      canAddCondition([
        { label: 'country', op: 'in', values: ['NG'] },
        { label: 'brand', op: 'in' },
      ]),
    ).toBe(false);
    expect(
      canAddCondition([
        { label: 'brand', op: 'in' },
        { label: 'country', op: 'in', values: ['NG'] },
      ]),
    ).toBe(true);
  });

  it('offers each label once, appVersion and appVersionCode exclusively, advanced labels only when allowed', () => {
    const rows = [{ label: 'country' as const }, { label: 'appVersion' as const }, {}];
    const offered = availableLabels(rows, 2, false);
    expect(offered).not.toContain('country');
    expect(offered).not.toContain('appVersion');
    expect(offered).not.toContain('appVersionCode');
    expect(offered).not.toContain('tags');
    expect(offered).toContain('language');
    expect(availableLabels(rows, 0, true)).toEqual(
      expect.arrayContaining(['country', 'tags', 'dmpCustomize', 'dmpCustomizeGroup']),
    );
    expect(availableLabels(rows, 1, false)).toContain('appVersionCode');
    expect(advancedLabelsAllowed(true, true)).toBe(true);
    expect(advancedLabelsAllowed(true, false)).toBe(false);
    expect(advancedLabelsAllowed(false, true)).toBe(false);
  });

  it('names every broken rule by path', () => {
    const paths = (rows: Condition[], advanced = true) => conditionIssues(rows, advanced).map((i) => i.path);
    expect(paths([])).toEqual(['']);
    expect(paths([c('country', 'in', ['NG']), c('country', 'nin', ['KE'])])).toEqual(['1.label']);
    expect(paths([c('appVersionCode', 'gt', ['1']), c('appVersion', 'in', ['1.0'])])).toEqual(['1.label']);
    expect(paths([c('country', 'gt', ['NG'])])).toEqual(['0.op']);
    expect(paths([c('country', '', ['NG'])])).toEqual(['0.op']);
    expect(paths([c('country', 'in', [])])).toEqual(['0.values']);
    expect(paths([c('country', 'in', ['ZZ'])])).toEqual(['0.values.0']);
    expect(paths([c('language', 'in', ['pt', 'pt_BR', 'es-US'])])).toEqual([]);
    expect(paths([c('osVersion', 'between', ['30'])])).toEqual(['0.values']);
    expect(paths([c('osVersion', 'between', ['33', '30'])])).toEqual(['0.values']);
    expect(paths([c('osVersion', 'lt', ['36'])])).toEqual(['0.values.0']);
    expect(paths([c('appVersionCode', 'lte', ['1', '2'])])).toEqual(['0.values']);
    expect(paths([c('active', 'in', ['2'])])).toEqual(['0.values.0']);
    expect(paths([c('active', 'in', ['1', '7'])])).toEqual(['0.values']);
    expect(paths([c('noclick', 'nin', ['7'])])).toEqual(['0.op']);
    expect(paths([c('active', 'in', [], 1)])).toEqual(['0.allSelected']);
    expect(paths([c('country', 'in', ['NG'], 1)])).toEqual(['0.values']);
    expect(paths([c('serverInactiveUser', 'in', [])])).toEqual(['0.op']);
    expect(paths([c('serverInactiveUser', '', [])])).toEqual([]);
    expect(paths([c('tags', 'in', ['abc'])])).toEqual(['0.values.0']);
    expect(paths([c('tags', 'in', ['12'])], false)).toEqual(['0.label']);
  });

  it('the zod schema applies the rules, fills defaults and turns numbers into strings', () => {
    expect(TargetConditions.parse([{ label: 'osVersion', op: 'between', values: [21, 30] }])).toEqual([
      c('osVersion', 'between', ['21', '30']),
    ]);
    expect(TargetConditions.parse([{ label: 'serverInactiveUser' }])).toEqual([
      c('serverInactiveUser', '', []),
    ]);
    const failed = TargetConditions.safeParse([c('country', 'in', ['NG']), c('country', 'in', ['KE'])]);
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.path).toEqual([1, 'label']);
  });

  it('the tag check button is disabled while editing, valid, empty, too long or loading', () => {
    const base = { editing: false, validity: 0, code: 'sport', loading: false };
    expect(isTagCheckDisabled(base)).toBe(false);
    expect(isTagCheckDisabled({ ...base, validity: 2 })).toBe(false);
    expect(isTagCheckDisabled({ ...base, editing: true })).toBe(true);
    expect(isTagCheckDisabled({ ...base, validity: 1 })).toBe(true);
    expect(isTagCheckDisabled({ ...base, code: ' ' })).toBe(true);
    expect(isTagCheckDisabled({ ...base, code: 'a'.repeat(61) })).toBe(true);
    expect(isTagCheckDisabled({ ...base, loading: true })).toBe(true);
  });
});
