import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatWallTime } from './date-format';

// Intl's output holds narrow no-break spaces (U+202F) before AM/PM and no-break spaces in fr: compare them as spaces
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const AT = '2026-12-01T13:58:00Z';

describe('the console date style (medium date, short time, the reader’s language)', () => {
  it('writes an instant in a chosen ±HHMM zone in en, zh and fr', () => {
    expect(plain(formatDateTime(AT, { zone: '+0800', lang: 'en' }))).toBe('Dec 1, 2026, 9:58 PM');
    expect(plain(formatDateTime(AT, { zone: '+0800', lang: 'zh' }))).toBe('2026年12月1日 21:58');
    expect(plain(formatDateTime(AT, { zone: '+0800', lang: 'fr' }))).toBe('1 déc. 2026, 21:58');
    // the zone moves the day too
    expect(plain(formatDateTime(AT, { zone: '-1400', lang: 'en' }))).toBe('Nov 30, 2026, 11:58 PM');
  });

  it('reads an IANA zone, epoch milliseconds and Dates alike', () => {
    expect(plain(formatDateTime(Date.parse(AT), { zone: 'Africa/Lagos', lang: 'en' }))).toBe(
      'Dec 1, 2026, 2:58 PM',
    );
    expect(formatDateTime(new Date(AT), { zone: 'UTC', lang: 'fr' })).toBe(
      formatDateTime(AT, { zone: '+0000', lang: 'fr' }),
    );
    expect(plain(formatDate(AT, { zone: 'UTC', lang: 'en' }))).toBe('Dec 1, 2026');
  });

  it('writes a wall time as it was set, without moving it', () => {
    expect(plain(formatWallTime('2026-12-01 21:15:00', 'en'))).toBe('Dec 1, 2026, 9:15 PM');
    expect(plain(formatWallTime('2026-12-01T21:15', 'zh'))).toBe('2026年12月1日 21:15');
    expect(plain(formatWallTime('2026-12-01 21:15', 'fr'))).toBe('1 déc. 2026, 21:15');
  });

  it('gives back what is not a date as it came', () => {
    expect(formatDateTime('soon', { lang: 'en' })).toBe('soon');
    expect(formatWallTime('', 'en')).toBe('');
  });
});
