import { describe, expect, it } from 'vitest';
import { formatBytes, formatPoints } from './number-format';

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

describe('formatBytes: a size with its decimal unit', () => {
  it('writes the units of the reader’s language', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(0, 'zh')).toBe('0 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(25_400_000, 'en')).toBe('25.4 MB');
    expect(formatBytes(999_999, 'en')).toBe('1 MB');
    expect(formatBytes(3_200_000_000, 'zh')).toBe('3.2 GB');
    expect(formatBytes(1536, 'fr').replace(/\s/g, ' ')).toBe('1,5 ko');
    expect(formatBytes(512, 'fr').replace(/\s/g, ' ')).toBe('512 o');
  });
});
