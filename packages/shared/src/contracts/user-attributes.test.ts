import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_LIMITS,
  AttributeType,
  normalizeAttributeDate,
  resolveAttributeWrite,
  UserAttributesBody,
} from './user-attributes';

const GAID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('user attributes: the one rule', () => {
  it('normalises ISO-8601 dates to UTC and refuses the rest', () => {
    expect(normalizeAttributeDate('2026-06-01')).toBe('2026-06-01T00:00:00.000Z');
    expect(normalizeAttributeDate('2026-06-01T10:15+01:00')).toBe('2026-06-01T09:15:00.000Z');
    expect(normalizeAttributeDate('2026-06-01T09:15:00.123456Z')).toBe('2026-06-01T09:15:00.123Z');
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '01/06/2026',
      '2026-06-01 09:15',
      'tomorrow',
      '2026-06-01T25:00Z',
    ])
      expect(normalizeAttributeDate(bad), bad).toBeUndefined();
  });

  it('types a first write by its value, a date-looking text as a date', () => {
    const { write, issues } = resolveAttributeWrite(
      { a: 'x', b: 1, c: true, d: '2026-01-01', e: ['x'], f: null },
      new Map(),
    );
    expect(issues).toEqual([]);
    expect(write.defines).toEqual([
      ['a', AttributeType.STRING],
      ['b', AttributeType.NUMBER],
      ['c', AttributeType.BOOLEAN],
      ['d', AttributeType.DATE],
      ['e', AttributeType.LIST],
    ]);
    expect(write.set.d).toBe('2026-01-01T00:00:00.000Z');
    expect(write.unset).toEqual(['f']);
  });

  it('holds a defined type: a string attribute takes a date-looking text as text; others refuse', () => {
    const defined = new Map([
      ['s', AttributeType.STRING],
      ['n', AttributeType.NUMBER],
    ]);
    expect(resolveAttributeWrite({ s: '2026-01-01' }, defined).write.set).toEqual({ s: '2026-01-01' });
    expect(resolveAttributeWrite({ n: '3' }, defined).issues).toEqual([
      { field: 'attributes.n', message: 'must be a number: the attribute is a number' },
    ]);
  });

  it('refuses a new key past the per-app limit, not a known one', () => {
    const defined = new Map(
      Array.from({ length: ATTRIBUTE_LIMITS.perApp }, (_, i) => [`k${i}`, AttributeType.NUMBER] as const),
    );
    const { issues } = resolveAttributeWrite({ k0: 1, extra: 1 }, defined);
    expect(issues.map((i) => i.field)).toEqual(['attributes.extra']);
  });

  it('checks the call’s shape: keys, sizes, value kinds, naming each field', () => {
    const fields = (attributes: unknown) => {
      const r = UserAttributesBody.safeParse({ gaid: GAID, attributes });
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(fields({ ok_key: 'x', n: 1.5, b: false, l: ['a'], z: null })).toEqual([]);
    expect(fields({ Bad: 1 })).toEqual(['attributes.Bad']);
    expect(fields({ n: Infinity })).toEqual(['attributes.n']);
    expect(fields({ l: ['a', 2] })).toEqual(['attributes.l.1']);
    expect(fields({ o: {} })).toEqual(['attributes.o']);
    expect(fields({})).toEqual(['attributes']);
  });
});
