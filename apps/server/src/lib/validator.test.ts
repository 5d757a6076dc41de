import { describe, expect, it } from 'vitest';
import { nulPath } from './validator';

describe('nulPath', () => {
  it('names the first string holding U+0000 by its path, and a bad key by its object', () => {
    expect(nulPath({ a: 'x', b: [1, 'ok', { c: 'y\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(nulPath(['a', ['b', 'c\u0000d']])).toEqual([1, 1]);
    expect(nulPath('\u0000')).toEqual([]);
    expect(nulPath({ list: [{ 'bad\u0000key': 1 }] })).toEqual(['list', 0]);
    // the first in document order, not the deepest
    expect(nulPath({ a: { b: { c: '\u0000' } }, d: '\u0000' })).toEqual(['a', 'b', 'c']);
  });

  it('finds nothing in clean or non-text values, and looks at own keys only', () => {
    expect(
      nulPath({ gaid: '0f8f', events: [{ type: 'received', msgId: 1, ts: 2, ok: true, none: null }] }),
    ).toBe(undefined);
    expect(nulPath(undefined)).toBe(undefined);
    expect(nulPath(Object.create({ inherited: '\u0000' }) as object)).toBe(undefined);
  });
});
