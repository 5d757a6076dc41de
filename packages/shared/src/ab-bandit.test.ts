import { describe, expect, it } from 'vitest';
import { allocateBuckets, betaDraw, probabilityBest, roundStart, seededRandom } from './ab-bandit';

describe('Thompson sampling for the bandit mode', () => {
  it('Beta draws have the distribution’s mean a / (a + b) and variance ab / ((a + b)²(a + b + 1))', () => {
    const random = seededRandom(42);
    for (const [a, b] of [
      [1, 1],
      [3, 97],
      [81, 921],
      [0.5, 0.5],
    ] as const) {
      const n = 40_000;
      const xs = Array.from({ length: n }, () => betaDraw(a, b, random));
      const mean = xs.reduce((s, x) => s + x, 0) / n;
      const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
      const m = a / (a + b);
      const v = (a * b) / ((a + b) ** 2 * (a + b + 1));
      // five standard errors of the sample mean; the variance within 5 %
      expect(Math.abs(mean - m)).toBeLessThan(5 * Math.sqrt(v / n));
      expect(Math.abs(variance - v) / v).toBeLessThan(0.05);
    }
  });

  it('two equal variants are each best about half the time; the chances sum to 1', () => {
    const p = probabilityBest(
      [
        { dispatched: 1000, click: 50 },
        { dispatched: 1000, click: 50 },
      ],
      7,
    );
    expect(p[0]! + p[1]!).toBeCloseTo(1, 12);
    expect(Math.abs(p[0]! - 0.5)).toBeLessThan(0.02);
  });

  it('matches the exact chance for two variants: P(B > A) = 0.99675 for 50 vs 80 clicks of 1,000', () => {
    // P(pB > pA) for Beta(81, 921) against Beta(51, 951), by numerical integration in Python (math.lgamma, 200,000
    // steps of the product of B's density and A's running distribution): ∫ f_B(x) F_A(x) dx = 0.996747
    const p = probabilityBest(
      [
        { dispatched: 1000, click: 50 },
        { dispatched: 1000, click: 80 },
      ],
      11,
      100_000,
    );
    expect(p[1]!).toBeGreaterThan(0.995);
    expect(p[1]!).toBeLessThan(0.998);
  });

  it('is the same for the same seed (a round planned again is the same round)', () => {
    const v = [
      { dispatched: 300, click: 12 },
      { dispatched: 300, click: 15 },
      { dispatched: 300, click: 9 },
    ];
    expect(probabilityBest(v, 99)).toEqual(probabilityBest(v, 99));
  });

  it('allocates whole buckets that sum to the round, each variant at least its floor', () => {
    // 25 each first (10 % of an even 250), then 675 by the shares: 607.5, 33.75, 33.75; the two buckets left go to
    // the largest remainders
    expect(allocateBuckets(750, [0.9, 0.05, 0.05])).toEqual([632, 59, 59]);
    const counts = allocateBuckets(750, [0.98, 0.01, 0.01]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(750);
    // floor: 10 % of an even third (250) is 25 buckets each
    expect(counts[1]).toBeGreaterThanOrEqual(25);
    expect(counts[0]).toBeGreaterThan(650);
    expect(allocateBuckets(10, [1 / 3, 1 / 3, 1 / 3])).toEqual([4, 3, 3]);
    expect(allocateBuckets(7, [0, 0])).toEqual([4, 3]);
  });

  it('cuts the variants’ region into four rounds of whole buckets', () => {
    expect([0, 1, 2, 3, 4].map((r) => roundStart(3000, r))).toEqual([0, 750, 1500, 2250, 3000]);
    expect([0, 1, 2, 3, 4].map((r) => roundStart(10, r))).toEqual([0, 2, 5, 7, 10]);
  });
});
