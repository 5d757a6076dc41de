import { describe, expect, it } from 'vitest';
import { checkDevice, countDevice, RollingMinute, type DeviceCounters } from './quota';

describe('RollingMinute', () => {
  it('admits `limit` messages per rolling 60 s and tells when the next one fits', () => {
    const w = new RollingMinute(3);
    const t0 = 1_700_000_000_000;
    for (const t of [t0, t0 + 10_000, t0 + 20_000]) {
      expect(w.check(t)).toBe(0);
      w.consume(t);
    }
    expect(w.check(t0 + 30_000)).toBe(30);
    expect(w.check(t0 + 59_999)).toBe(1);
    expect(w.check(t0 + 60_000)).toBe(0);
    w.consume(t0 + 60_000);
    expect(w.check(t0 + 60_500)).toBe(10);
    expect(w.check(t0 + 200_000)).toBe(0);
  });
});

describe('device windows', () => {
  it('limits per minute then per hour, resetting each window', () => {
    const d: DeviceCounters = { minuteStart: 0, minuteCount: 0, hourStart: 0, hourCount: 0 };
    const limits = { perMinute: 1, perDevicePerMinute: 2, perDevicePerHour: 3 };
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 2; i++) {
      expect(checkDevice(d, t0, limits)).toBeUndefined();
      countDevice(d);
    }
    expect(checkDevice(d, t0 + 15_000, limits)).toEqual({ retryAfter: 45, window: 'minute' });
    expect(checkDevice(d, t0 + 60_000, limits)).toBeUndefined();
    countDevice(d);
    expect(checkDevice(d, t0 + 61_000, limits)).toEqual({ retryAfter: 3539, window: 'hour' });
    expect(checkDevice(d, t0 + 3_600_000, limits)).toBeUndefined();
  });
});
