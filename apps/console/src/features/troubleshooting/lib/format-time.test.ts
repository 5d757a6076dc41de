import { describe, expect, it } from 'vitest';
import { relativeTime } from './format-time';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('counts days up to two months, then months and years', () => {
    expect(relativeTime(ago(40 * 86_400), 'en', NOW)).toBe('40 days ago');
    expect(relativeTime(ago(86_400), 'en', NOW)).toBe('yesterday');
    expect(relativeTime(ago(90 * 86_400), 'en', NOW)).toBe('3 months ago');
    expect(relativeTime(ago(800 * 86_400), 'en', NOW)).toBe('2 years ago');
  });

  it('handles hours, minutes, seconds and the future, in zh and fr', () => {
    expect(relativeTime(ago(3 * 3600 + 5), 'en', NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(125), 'fr', NOW)).toBe('il y a 2 minutes');
    expect(relativeTime(ago(0), 'en', NOW)).toBe('now');
    expect(relativeTime(ago(-2 * 3600), 'en', NOW)).toBe('in 2 hours');
    expect(relativeTime(ago(5 * 86_400), 'zh', NOW)).toBe('5天前');
  });
});
