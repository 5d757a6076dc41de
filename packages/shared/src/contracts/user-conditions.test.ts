import { describe, expect, it } from 'vitest';
import {
  availableLabels,
  completeConditions,
  conditionIssues,
  isConditionComplete,
  TargetConditions,
  type Condition,
} from './conditions';
import { userConditionOps, userConditionVocabularyIssues } from './user-conditions';

const attr = (
  key: string,
  attributeType: Condition['attributeType'],
  op: Condition['op'],
  values: string[] = [],
): Condition => ({ label: 'attribute', key, attributeType, op, values, allSelected: 0 });
const ev = (event: string, op: Condition['op'], values: string[]): Condition => ({
  label: 'event',
  event,
  op,
  values,
  allSelected: 0,
});
const paths = (rows: Condition[]) => conditionIssues(rows, true).map((i) => `${i.path}: ${i.message}`);

describe('attribute and event conditions (issue 33 §3)', () => {
  it('offers the ops of the attribute’s type, and the event ops', () => {
    expect(userConditionOps({ label: 'attribute', attributeType: 'boolean' })).toEqual([
      'in',
      'exists',
      'notExists',
    ]);
    expect(userConditionOps({ label: 'attribute', attributeType: 'date' })).toContain('within');
    expect(userConditionOps({ label: 'attribute' })).toEqual([]);
    expect(userConditionOps({ label: 'event' })).toEqual(['atLeast', 'notWithin', 'notSince']);
  });

  it('accepts every op with the values it takes, and repeats of both labels', () => {
    const rows = [
      attr('plan', 'string', 'in', ['pro', 'team']),
      attr('plan', 'string', 'nin', ['free']),
      attr('plan', 'string', 'contains', ['pr']),
      attr('score', 'number', 'between', ['-1.5', '10']),
      attr('score', 'number', 'gte', ['3']),
      attr('vip', 'boolean', 'in', ['true']),
      attr('birthday', 'date', 'before', ['2000-01-01']),
      attr('birthday', 'date', 'between', ['1990-01-01', '1999-12-31T23:59:59Z']),
      attr('signup', 'date', 'within', ['30']),
      attr('genres', 'list', 'nin', ['jazz']),
      attr('genres', 'list', 'exists'),
      ev('purchase', 'atLeast', ['3', '7']),
      ev('purchase', 'notWithin', ['30']),
      ev('open.app', 'notSince', ['2026-01-31']),
    ];
    expect(paths(rows)).toEqual([]);
    expect(TargetConditions.safeParse(rows).success).toBe(true);
  });

  it('names the field of each shape problem', () => {
    expect(paths([{ label: 'attribute', op: 'in', values: ['x'], allSelected: 0 }])).toEqual([
      '0.key: is required for an attribute condition',
    ]);
    expect(paths([attr('Plan', 'string', 'in', ['x'])])[0]).toMatch(/^0\.key: is not an attribute key/);
    expect(paths([{ ...attr('plan', 'string', 'in', ['x']), attributeType: undefined }])).toEqual([
      '0.attributeType: is required for an attribute condition',
    ]);
    expect(paths([attr('vip', 'boolean', 'lt', ['1'])])).toEqual([
      '0.op: must be one of in, exists, notExists for a boolean attribute',
    ]);
    expect(paths([attr('vip', 'boolean', 'in', ['yes'])])).toEqual(['0.values.0: yes must be true or false']);
    expect(paths([attr('n', 'number', 'in', ['1e3'])])).toEqual(['0.values.0: 1e3 must be a number']);
    expect(paths([attr('n', 'number', 'between', ['5', '1'])])).toEqual([
      '0.values: range minimum must not exceed its maximum',
    ]);
    expect(paths([attr('n', 'number', 'lt', ['1', '2'])])).toEqual(['0.values: must hold one value for lt']);
    expect(paths([attr('d', 'date', 'after', ['2026-02-30'])])).toEqual([
      '0.values.0: 2026-02-30 must be an ISO-8601 date',
    ]);
    expect(paths([attr('d', 'date', 'within', ['0'])])).toEqual([
      '0.values.0: 0 must be a number of days from 1 to 3650',
    ]);
    expect(paths([attr('d', 'date', 'exists', ['x'])])).toEqual(['0.values: must be empty for exists']);
    expect(paths([attr('s', 'string', 'in')])).toEqual(['0.values: must hold a value']);
    expect(paths([{ ...attr('s', 'string', 'in', []), allSelected: 1 }])).toEqual([
      '0.allSelected: cannot select all for attribute',
    ]);
    expect(paths([{ label: 'event', op: 'atLeast', values: ['1', '1'], allSelected: 0 }])).toEqual([
      '0.event: is required for an event condition',
    ]);
    expect(paths([ev('9lives', 'atLeast', ['1', '1'])])[0]).toMatch(/^0\.event: must start with a letter/);
    expect(paths([ev('buy', 'in', ['1'])])).toEqual([
      '0.op: must be one of atLeast, notWithin, notSince for an event',
    ]);
    expect(paths([ev('buy', 'atLeast', ['0', '400'])])).toEqual([
      '0.values.0: 0 must be a count from 1 to 1000000',
      '0.values.1: 400 must be a number of days from 1 to 365',
    ]);
    expect(paths([ev('buy', 'atLeast', ['3'])])).toEqual(['0.values: must hold two values for atLeast']);
    expect(paths([ev('buy', 'notSince', ['2026-01-31T10:00:00Z'])])).toEqual([
      '0.values.0: 2026-01-31T10:00:00Z must be a day (YYYY-MM-DD)',
    ]);
  });

  it('keeps the other labels to one row each and lets attribute and event repeat in the builder', () => {
    const rows = [
      { label: 'attribute' as const },
      { label: 'event' as const },
      { label: 'country' as const },
    ];
    const labels = availableLabels(rows, 3, false);
    expect(labels).toContain('attribute');
    expect(labels).toContain('event');
    expect(labels).not.toContain('country');
  });

  it('completes a row with its key and type or its event; exists needs no value', () => {
    expect(isConditionComplete({ label: 'attribute', op: 'exists' })).toBe(false);
    expect(
      isConditionComplete({ label: 'attribute', key: 'vip', attributeType: 'boolean', op: 'exists' }),
    ).toBe(true);
    expect(isConditionComplete({ label: 'event', event: 'buy', op: 'notWithin', values: [] })).toBe(false);
    expect(
      completeConditions([
        { label: 'attribute', key: 'vip', attributeType: 'boolean', op: 'in', values: ['true'] },
        { label: 'event', event: 'buy', op: 'notWithin', values: ['7'] },
      ]),
    ).toEqual([
      {
        label: 'attribute',
        key: 'vip',
        attributeType: 'boolean',
        op: 'in',
        values: ['true'],
        allSelected: 0,
      },
      { label: 'event', event: 'buy', op: 'notWithin', values: ['7'], allSelected: 0 },
    ]);
  });

  it('checks keys, types and names against the app (the server’s check)', () => {
    const vocabulary = { attributes: new Map([['plan', 'string' as const]]), events: new Set(['buy']) };
    expect(
      userConditionVocabularyIssues(
        [
          attr('plan', 'string', 'in', ['pro']),
          attr('age', 'number', 'gt', ['3']),
          attr('plan', 'number', 'gt', ['3']),
          ev('buy', 'notWithin', ['1']),
          ev('sell', 'notWithin', ['1']),
          { label: 'country', op: 'in', values: ['NG'] },
        ],
        vocabulary,
      ),
    ).toEqual([
      { path: '1.key', message: 'is not an attribute of this app' },
      { path: '2.attributeType', message: 'must be string, the attribute’s type' },
      { path: '4.event', message: 'is not an event of this app' },
    ]);
  });
});
