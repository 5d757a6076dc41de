import { describe, expect, it } from 'vitest';
import {
  BEST_HOUR,
  bestHourLift,
  bestHourOf,
  bestHourSpread,
  controlBuckets,
  minutesUntilHour,
} from './best-hour';

describe('best hour rules', () => {
  it('counts the minutes until a local hour next starts, within the next 24 hours', () => {
    // 20:00 at UTC+1 is 19:00 UTC; from 18:00 UTC that is an hour away
    expect(minutesUntilHour(20, 60, 18 * 60)).toBe(60);
    // from 19:20 UTC the hour began 20 minutes ago: now (within the grace), not tomorrow
    expect(minutesUntilHour(20, 60, 19 * 60 + 20)).toBe(-20);
    // from 19:40 UTC it is tomorrow's
    expect(minutesUntilHour(20, 60, 19 * 60 + 40)).toBe(1440 - 40);
    // half-hour zones: 09:00 at UTC+5:30 is 03:30 UTC
    expect(minutesUntilHour(9, 330, 0)).toBe(210);
    for (let start = 0; start < 1440; start += 37)
      for (const offset of [-720, -180, 0, 330, 840]) {
        const m = minutesUntilHour(7, offset, start);
        expect(m).toBeGreaterThanOrEqual(-BEST_HOUR.graceMinutes);
        expect(m).toBeLessThan(1440 - BEST_HOUR.graceMinutes);
      }
  });

  it('takes the highest hour of a histogram, the earliest of equal ones, none when empty', () => {
    const h = Array(24).fill(0);
    expect(bestHourOf(h)).toBeNull();
    h[21] = 4;
    h[8] = 4;
    expect(bestHourOf(h)).toBe(8);
  });

  it('bounds the control share to 0–50 % of the buckets', () => {
    expect(controlBuckets(10)).toBe(1000);
    expect(controlBuckets(0)).toBe(0);
    expect(controlBuckets(80)).toBe(5000);
  });

  it('spreads hours that hold more devices than the limits pass in an hour, and says when it finishes', () => {
    // 1,000 a minute: 50,000 in one hour fit (60,000); 90,000 do not and spill 30 minutes into the next
    expect(bestHourSpread([{ minutes: 60, devices: 50_000 }], 1000)).toMatchObject({
      crowded: false,
      spreadHours: 1,
      finishMinutes: 110,
    });
    const crowded = bestHourSpread(
      [
        { minutes: 60, devices: 90_000 },
        { minutes: 120, devices: 30_000 },
      ],
      1000,
    );
    expect(crowded).toMatchObject({ crowded: true, finishMinutes: 180, spreadHours: 2, peakDevices: 90_000 });
    expect(bestHourSpread([], 1000)).toMatchObject({ crowded: false, spreadHours: 0 });
  });

  it('states the lift of the click rate with its 95 % interval', () => {
    const l = bestHourLift(
      { dispatched: 1000, show: 1000, click: 100 },
      { dispatched: 9000, show: 9000, click: 1170 },
    );
    expect(l.controlRate).toBeCloseTo(0.1);
    expect(l.bestRate).toBeCloseTo(0.13);
    expect(l.lift).toBeCloseTo(0.03);
    // se = sqrt(.13·.87/9000 + .1·.9/1000) ≈ 0.01016
    expect(l.high - l.lift).toBeCloseTo(1.96 * 0.01016, 3);
    expect(l.significant).toBe(true);
    expect(
      bestHourLift({ dispatched: 5, show: 0, click: 0 }, { dispatched: 5, show: 5, click: 1 }),
    ).toMatchObject({
      low: -1,
      high: 1,
      significant: false,
    });
  });
});
