import { describe, expect, it } from 'vitest';
import { isValidCondition } from './condition';

describe('isValidCondition', () => {
  it.each([
    "'a' in topics",
    '"a" in topics',
    "'a' in topics && 'b' in topics",
    "'a' in topics && ('b' in topics || 'c' in topics)",
    "!('a' in topics) || 'b-c_d.e~f%20' in topics",
    "'a' in topics && 'b' in topics && 'c' in topics && 'd' in topics && 'e' in topics",
  ])('accepts %s', (c) => expect(isValidCondition(c)).toBe(true));

  it.each([
    '',
    'a in topics',
    "'a' in topics &&",
    "('a' in topics",
    "'a b' in topics",
    "'a' in topics 'b' in topics",
    "'a' in topics && 'b' in topics && 'c' in topics && 'd' in topics && 'e' in topics && 'f' in topics",
  ])('rejects %s', (c) => expect(isValidCondition(c)).toBe(false));
});
