import { describe, expect, it } from 'vitest';
import {
  abSignificance,
  normalCdf,
  variantsSignificance,
  wilsonInterval,
  type AbArmCounts,
} from './ab-significance';

/*
 * Expected values worked by hand and checked with Python 3 (math.sqrt, math.erfc), independently of this code:
 * Wilson: centre = (p + z²/2n)/(1 + z²/n), half = z/(1 + z²/n)·sqrt(p(1−p)/n + z²/4n²), z = 1.959963984540054;
 * z-test: p̂ = (kA + kB)/(nA + nB), SE = sqrt(p̂(1−p̂)(1/nA + 1/nB)), z = (kB/nB − kA/nA)/SE, p = erfc(|z|/√2).
 */

const arm = (dispatched: number, click: number): AbArmCounts => ({
  dispatched,
  reach: dispatched,
  show: dispatched,
  click,
});

describe('Wilson score interval (95 %)', () => {
  it('50 of 1000', () => {
    // z² = 3.841459, z²/n = 0.003841459, centre = (0.05 + 0.0019207)/1.0038415 = 0.0517220,
    // half = 1.959964/1.0038415 · sqrt(0.0000475 + 0.00000096036) = 1.952463 · 0.0069614 = 0.0135918
    const i = wilsonInterval(50, 1000);
    expect(i.rate).toBe(0.05);
    expect(i.low).toBeCloseTo(0.03813026239274882, 12);
    expect(i.high).toBeCloseTo(0.06531382024425081, 12);
  });

  it('80 of 1000', () => {
    const i = wilsonInterval(80, 1000);
    expect(i.low).toBeCloseTo(0.06474803809836388, 12);
    expect(i.high).toBeCloseTo(0.09846643902950242, 12);
  });

  it('stays inside [0, 1] at none and at all successes', () => {
    // p = 0: centre = half = (z²/2n)/(1 + z²/n), so low = 0 and high = 2·0.192073/1.384146 = 0.2775328
    const none = wilsonInterval(0, 10);
    expect(none.rate).toBe(0);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775327998628892, 12);
    const all = wilsonInterval(10, 10);
    expect(all.rate).toBe(1);
    expect(all.low).toBeCloseTo(0.7224672001371107, 12);
    expect(all.high).toBeCloseTo(1, 12);
    expect(all.high).toBeLessThanOrEqual(1);
  });

  it('is all zeros without trials, and clamps successes to [0, trials]', () => {
    expect(wilsonInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 0 });
    expect(wilsonInterval(5, 0)).toEqual({ rate: 0, low: 0, high: 0 });
    expect(wilsonInterval(12, 10)).toEqual(wilsonInterval(10, 10));
    expect(wilsonInterval(-3, 10)).toEqual(wilsonInterval(0, 10));
  });
});

describe('normal distribution', () => {
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [1.959963984540054, 0.975],
    [2.5, 0.9937903346742238],
    [-3, 0.0013498980316300957],
    [-4.5, 3.3976731247300615e-6],
    [-6, 9.865876450377012e-10],
  ])('Φ(%f) = %f (Python 0.5·erfc(−x/√2))', (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-13);
    expect(Math.abs(normalCdf(x) - expected) / expected).toBeLessThan(1e-9);
  });
});

describe('two-proportion z-test of click / dispatched', () => {
  it('A 50 of 1000, B 80 of 1000: B leads', () => {
    // p̂ = 130/2000 = 0.065; SE = sqrt(0.065·0.935·(2/1000)) = sqrt(0.00012155) = 0.0110250;
    // z = (0.08 − 0.05)/0.0110250 = 2.72110; p = erfc(2.72110/√2) = 0.0065066
    const r = abSignificance(arm(1000, 50), arm(1000, 80));
    expect(r.z).toBeCloseTo(2.721095431170472, 10);
    expect(r.pValue).toBeCloseTo(0.006506597483637838, 10);
    expect(r.significant).toBe(true);
    expect(r.leader).toBe('B');
  });

  it('A 50 of 1000, B 60 of 1000: not significant', () => {
    // p̂ = 110/2000 = 0.055; SE = sqrt(0.055·0.945·0.002) = 0.0101956; z = 0.01/0.0101956 = 0.980816;
    // p = erfc(0.980816/√2) = 0.326683
    const r = abSignificance(arm(1000, 50), arm(1000, 60));
    expect(r.z).toBeCloseTo(0.980816477227499, 10);
    expect(r.pValue).toBeCloseTo(0.32668325124120556, 10);
    expect(r.significant).toBe(false);
    expect(r.leader).toBeNull();
  });

  it('A 120 of 2000, B 90 of 2000: A leads (z negative)', () => {
    // p̂ = 210/4000 = 0.0525; SE = sqrt(0.0525·0.9475·0.001) = 0.00705292; z = −0.015/0.00705292 = −2.126777;
    // p = erfc(2.126777/√2) = 0.0334386
    const r = abSignificance(arm(2000, 120), arm(2000, 90));
    expect(r.z).toBeCloseTo(-2.126777210754324, 10);
    expect(r.pValue).toBeCloseTo(0.03343859867669465, 10);
    expect(r.significant).toBe(true);
    expect(r.leader).toBe('A');
  });

  it('arms of different sizes: A 10 of 500, B 35 of 700', () => {
    // p̂ = 45/1200 = 0.0375; SE = sqrt(0.0375·0.9625·(1/500 + 1/700)) = 0.0111243; z = (0.05 − 0.02)/0.0111243 = 2.696799;
    // p = erfc(2.696799/√2) = 0.00700094
    const r = abSignificance(arm(500, 10), arm(700, 35));
    expect(r.z).toBeCloseTo(2.6967994498529686, 10);
    expect(r.pValue).toBeCloseTo(0.007000941989448633, 10);
    expect(r.leader).toBe('B');
  });

  it('equal arms: z 0, p 1', () => {
    const r = abSignificance(arm(1000, 50), arm(1000, 50));
    expect(r.z).toBe(0);
    expect(r.pValue).toBeCloseTo(1, 14);
    expect(r.significant).toBe(false);
    expect(r.leader).toBeNull();
  });

  it('empty arms, and arms without (or with only) clicks: rates 0 or exact, p 1, no leader', () => {
    const empty = abSignificance(arm(0, 0), arm(1000, 80));
    expect(empty.a.clickPerDispatch).toEqual({ rate: 0, low: 0, high: 0 });
    expect(empty.a.reach).toEqual({ rate: 0, low: 0, high: 0 });
    expect(empty).toMatchObject({ z: 0, pValue: 1, significant: false, leader: null });
    const bothEmpty = abSignificance(arm(0, 0), arm(0, 0));
    expect(bothEmpty).toMatchObject({ z: 0, pValue: 1, significant: false, leader: null });
    expect(abSignificance(arm(1000, 0), arm(1000, 0))).toMatchObject({ z: 0, pValue: 1, leader: null });
    expect(abSignificance(arm(10, 10), arm(20, 20))).toMatchObject({ z: 0, pValue: 1, leader: null });
  });

  it('gives each arm its funnel rates (each over the step before) and the tested rate', () => {
    const r = abSignificance({ dispatched: 1000, reach: 900, show: 600, click: 50 }, arm(1000, 80));
    // reach 900/1000, show 600/900, click 50/600, click per dispatch 50/1000
    expect(r.a.reach.rate).toBe(0.9);
    expect(r.a.reach.low).toBeCloseTo(0.8798480368046516, 12);
    expect(r.a.reach.high).toBeCloseTo(0.9170905564069044, 12);
    expect(r.a.show.rate).toBeCloseTo(2 / 3, 15);
    expect(r.a.show.low).toBeCloseTo(0.635217801044532, 12);
    expect(r.a.show.high).toBeCloseTo(0.6966988167121166, 12);
    expect(r.a.click.rate).toBeCloseTo(1 / 12, 15);
    expect(r.a.click.low).toBeCloseTo(0.0637806745789658, 12);
    expect(r.a.click.high).toBeCloseTo(0.10818740959911813, 12);
    expect(r.a.clickPerDispatch).toEqual(wilsonInterval(50, 1000));
    // the test reads click / dispatched only, so this is the first case again
    expect(r.z).toBeCloseTo(2.721095431170472, 10);
  });
});

/*
 * Many variants (issue 34 §2), worked in Python 3 (math.erfc) independently of this code: the best against each other
 * variant by the two-proportion z-test above, then Holm: sort the m = k − 1 p-values, adjusted p₍ᵢ₎ = running max of
 * (m − i)·p₍ᵢ₎ (i from 0), capped at 1.
 */
describe('variants significance (best against each other variant, Holm-adjusted)', () => {
  const v = (tag: string, dispatched: number, click: number) => ({ tag, ...arm(dispatched, click) });

  it('four variants: B best and significantly better than each of A, C, D after the correction', () => {
    const r = variantsSignificance([v('A', 1000, 50), v('B', 1000, 80), v('C', 1000, 55), v('D', 1000, 52)]);
    expect(r.best).toBe('B');
    const [a, b, c, d] = r.arms;
    expect(b!.z).toBeNull();
    expect(b!.adjustedP).toBeNull();
    expect(a!.z).toBeCloseTo(2.721095431170472, 10);
    expect(a!.pValue).toBeCloseTo(0.006506597483637838, 12);
    expect(c!.pValue).toBeCloseTo(0.025869050291875837, 12);
    expect(d!.pValue).toBeCloseTo(0.011678115007089596, 12);
    // Holm: 3 × 0.0065066, max(that, 2 × 0.0116781), max(that, 1 × 0.0258691)
    expect(a!.adjustedP).toBeCloseTo(0.019519792450913516, 12);
    expect(d!.adjustedP).toBeCloseTo(0.02335623001417919, 12);
    expect(c!.adjustedP).toBeCloseTo(0.025869050291875837, 12);
    expect(r.significant).toBe(true);
    expect(r.leader).toBe('B');
  });

  it('three variants: A leads B significantly alone (p 0.033) but not after Holm (0.067), and not C at all', () => {
    const r = variantsSignificance([v('A', 2000, 120), v('B', 2000, 90), v('C', 2000, 100)]);
    expect(r.best).toBe('A');
    expect(r.arms[1]!.pValue).toBeCloseTo(0.03343859867669465, 12);
    expect(r.arms[1]!.adjustedP).toBeCloseTo(0.0668771973533893, 12);
    expect(r.arms[2]!.adjustedP).toBeCloseTo(0.16541616116412058, 12);
    expect(r.significant).toBe(false);
    expect(r.leader).toBeNull();
  });

  it('two variants: the same p-value as the A/B z-test (one comparison, nothing to correct)', () => {
    const two = abSignificance(arm(1000, 50), arm(1000, 80));
    const r = variantsSignificance([v('A', 1000, 50), v('B', 1000, 80)]);
    expect(r.arms[0]!.pValue).toBeCloseTo(two.pValue, 14);
    expect(r.arms[0]!.adjustedP).toBeCloseTo(two.pValue, 14);
    expect(r.leader).toBe(two.leader);
  });

  it('a stricter level decides less: the interim look at 0.01 does not call the four-variant test', () => {
    const r = variantsSignificance(
      [v('A', 1000, 50), v('B', 1000, 80), v('C', 1000, 55), v('D', 1000, 52)],
      0.01,
    );
    expect(r.significant).toBe(false);
    expect(r.best).toBe('B');
    expect(r.alpha).toBe(0.01);
  });

  it('no dispatch yet: no best; a tie goes to the first; an empty variant is compared at p = 1', () => {
    expect(variantsSignificance([v('A', 0, 0), v('B', 0, 0)])).toMatchObject({
      best: null,
      significant: false,
    });
    expect(variantsSignificance([v('A', 100, 5), v('B', 100, 5)]).best).toBe('A');
    const r = variantsSignificance([v('A', 1000, 80), v('B', 0, 0), v('C', 1000, 20)]);
    expect(r.arms[1]).toMatchObject({ z: 0, pValue: 1, adjustedP: 1 });
    expect(r.significant).toBe(false);
  });
});
