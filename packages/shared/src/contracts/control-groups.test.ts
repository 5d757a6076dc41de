import { describe, expect, it } from 'vitest';
import { ControlGroup, controlGroupBuckets, controlGroupOf, controlLift } from './control-groups';

describe('control groups', () => {
  it('takes a whole share from 0 to 10 and reads a bad stored one as off', () => {
    expect(ControlGroup.parse({ share: '7' })).toEqual({ share: 7, exceptTransactional: true });
    for (const share of [11, -1, 2.5, 'x']) expect(ControlGroup.safeParse({ share }).success).toBe(false);
    expect(controlGroupOf({ share: 40 })).toEqual({ share: 0, exceptTransactional: true });
    expect(controlGroupBuckets({ share: 10, exceptTransactional: true })).toBe(1000);
  });

  it('lift: the difference of the app-open rates, its 95 % interval and the pooled z-test, by hand', () => {
    // p₁ = 300/1000, p₀ = 20/100; se = √(.3·.7/1000 + .2·.8/100); pooled p̂ = 320/1100
    const l = controlLift({ devices: 1000, opened: 300 }, { devices: 100, opened: 20 });
    expect(l.sentRate).toBeCloseTo(0.3, 12);
    expect(l.controlRate).toBeCloseTo(0.2, 12);
    expect(l.lift).toBeCloseTo(0.1, 12);
    expect(l.low).toBeCloseTo(0.016615106491305, 9);
    expect(l.high).toBeCloseTo(0.183384893508695, 9);
    expect(l.pValue).toBeCloseTo(0.035790656641406, 9);
    expect(l.significant).toBe(true);
  });

  it('knows nothing with an empty side, and clamps opens to devices', () => {
    expect(controlLift({ devices: 10, opened: 5 }, { devices: 0, opened: 0 })).toMatchObject({
      low: -1,
      high: 1,
      pValue: 1,
      significant: false,
    });
    expect(controlLift({ devices: 10, opened: 15 }, { devices: 10, opened: 10 })).toMatchObject({
      sentRate: 1,
      controlRate: 1,
      lift: 0,
      pValue: 1,
    });
  });
});
