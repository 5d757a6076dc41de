import { describe, expect, it } from 'vitest';
import { countChange, formatCompact, formatCount, formatRate, rateChange } from './format';

// Intl writes French groups and the space before % with narrow or plain no-break spaces
const spaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('statistics numbers', () => {
  it('groups digits the reader’s way', () => {
    expect(formatCount(18326, 'en')).toBe('18,326');
    expect(spaces(formatCount(18326, 'fr'))).toBe('18 326');
    expect(formatCount(18326, 'zh')).toBe('18,326');
    expect(formatCount(2.5, 'fr')).toBe('2,5');
    expect(formatCount(Number.NaN, 'en')).toBe('0');
  });

  it('writes rates given in percent with the percent sign, two decimals at most', () => {
    expect(formatRate(13.04, 'en')).toBe('13.04%');
    expect(spaces(formatRate(13.04, 'fr'))).toBe('13,04 %');
    expect(formatRate(100, 'zh')).toBe('100%');
    expect(formatRate(33.333, 'en')).toBe('33.33%');
    expect(formatRate(Number.POSITIVE_INFINITY, 'en')).toBe('0%');
  });

  it('writes axis numbers short', () => {
    expect(formatCompact(12_000, 'en')).toBe('12K');
    expect(formatCompact(950, 'en')).toBe('950');
  });
});

describe('change against the day before', () => {
  it('gives a count’s change in % of the day before', () => {
    expect(countChange(150, 100)).toEqual({ trend: 'up', amount: 50 });
    expect(countChange(75, 100)).toEqual({ trend: 'down', amount: 25 });
    expect(countChange(100, 100)).toEqual({ trend: 'flat', amount: 0 });
    expect(countChange(1, 3)).toEqual({ trend: 'down', amount: 66.67 });
  });

  it('says "new" when the day before had none, and flat when neither had any', () => {
    expect(countChange(7, 0)).toEqual({ trend: 'new', amount: null });
    expect(countChange(0, 0)).toEqual({ trend: 'flat', amount: 0 });
    expect(countChange(0, 5)).toEqual({ trend: 'down', amount: 100 });
  });

  it('gives a rate’s change in percentage points', () => {
    expect(rateChange(25.5, 20)).toEqual({ trend: 'up', amount: 5.5 });
    expect(rateChange(10, 12.25)).toEqual({ trend: 'down', amount: 2.25 });
    expect(rateChange(0, 0)).toEqual({ trend: 'flat', amount: 0 });
  });
});
