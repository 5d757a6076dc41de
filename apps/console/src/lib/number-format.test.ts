import { describe, expect, it } from 'vitest';
import { formatPoints } from './number-format';

describe('formatPoints: a difference in percentage points', () => {
  it('signs it the same way in every language, with a true minus sign', () => {
    expect(formatPoints(-13.894, 'en')).toBe('−13.89');
    expect(formatPoints(-13.894, 'zh')).toBe('−13.89');
    expect(formatPoints(-13.894, 'fr')).toBe('−13,89');
    expect(formatPoints(2.5, 'en')).toBe('+2.50');
    expect(formatPoints(2.5, 'fr', 1)).toBe('+2,5');
    expect(formatPoints(0, 'en')).toBe('0.00');
    expect(formatPoints(1234.5, 'fr', 1)).toBe('+1\u202f234,5');
  });
});
