import { describe, expect, it } from 'vitest';
import {
  epochToWall,
  isDayDisabled,
  localCoverage,
  normalizeZone,
  scheduleProblem,
  wallToEpoch,
  zoneMinutes,
  ZONE_OPTIONS,
} from './schedule';
import { slowPushDuration } from './slow-push';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('schedule rules', () => {
  it('reads zones and wall times', () => {
    expect(zoneMinutes('+0530')).toBe(330);
    expect(zoneMinutes('-0800')).toBe(-480);
    expect(wallToEpoch('2025-06-01 17:30:00', '+0530')).toBe(NOW);
    expect(epochToWall(NOW, '-0800')).toBe('2025-06-01 04:00:00');
    expect(Number.isNaN(wallToEpoch('tomorrow', '+0000'))).toBe(true);
    expect(normalizeZone('0800', '+0100')).toBe('+0100');
    expect(normalizeZone('+0200', '+0100')).toBe('+0200');
    expect(ZONE_OPTIONS).toContain('+0545');
    expect(ZONE_OPTIONS[0]).toBe('-1200');
  });

  it('needs type 2 more than 5 minutes ahead in its zone', () => {
    expect(scheduleProblem(1, '', '+0000', 0, NOW)).toBeUndefined();
    expect(scheduleProblem(2, '', '+0000', 0, NOW)).toBe('scheduleRequired');
    expect(scheduleProblem(2, '2025-06-01 12:05:00', '+0000', 0, NOW)).toBe('scheduleTooSoon');
    expect(scheduleProblem(2, '2025-06-01 12:06:00', '+0000', 0, NOW)).toBeUndefined();
    expect(scheduleProblem(2, '2025-06-01 11:00:00', '+0000', 0, NOW)).toBe('scheduleTooSoon');
    expect(scheduleProblem(2, '2025-06-01 13:06:00', '+0100', 0, NOW)).toBeUndefined();
  });

  it('applies the local-time rules: no file targeting, still ahead somewhere', () => {
    expect(scheduleProblem(3, '2025-06-02 09:00:00', '+0800', 6, NOW)).toBe('localWithFile');
    expect(scheduleProblem(3, '2025-06-02 09:00:00', '+0800', 7, NOW)).toBe('localWithFile');
    expect(scheduleProblem(3, '2025-06-01 00:00:00', '+0800', 0, NOW)).toBe('localPast');
    expect(scheduleProblem(3, '2025-06-01 00:01:00', '+0800', 0, NOW)).toBeUndefined();
    expect(localCoverage('2025-06-01 20:00:00', NOW)).toBe('partial');
    expect(localCoverage('2025-06-02 00:01:00', NOW)).toBe('all');
  });

  it('disables days older than 48 hours', () => {
    expect(isDayDisabled('2025-05-29', '+0000', NOW)).toBe(true);
    expect(isDayDisabled('2025-05-30', '+0000', NOW)).toBe(false);
    expect(isDayDisabled('2025-05-30', '-1000', NOW)).toBe(false);
    expect(isDayDisabled('2025-05-30', '+1400', NOW)).toBe(true);
    expect(isDayDisabled('2025-06-10', '+0000', NOW)).toBe(false);
  });
});

describe('slowPushDuration', () => {
  it('divides the count by the rate and adds 3600 s before converting', () => {
    expect(slowPushDuration(0, 1000)).toEqual({ hours: 1, minutes: 0 });
    expect(slowPushDuration(1_000_000, 1000)).toEqual({ hours: 1, minutes: 16 });
    expect(slowPushDuration(36_000_000, 10_000)).toEqual({ hours: 2, minutes: 0 });
    expect(slowPushDuration(1001, 1000)).toEqual({ hours: 1, minutes: 0 });
  });
});
