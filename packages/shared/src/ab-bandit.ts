/**
 * The bandit mode of an A/B test (issue 34 §2, docs/ab-tests.md): the test's share is sent in rounds, and each round
 * after the first is split between the variants by Thompson sampling — each variant's share of the round is the
 * probability that it is the best, under a Beta(1 + clicks, 1 + dispatched − clicks) posterior of its clicks per
 * dispatched device. Deterministic: the draws come from a PRNG seeded by the test and the round, so a worker that
 * plans a round again (after a crash) plans the same one.
 */

export const AB_BANDIT = {
  /** rounds the test's share is sent in: the first split evenly, the others by the variants' chances */
  rounds: 4,
  /** every variant keeps at least this share of a round (of an even split), so a late bloomer is still measured */
  floor: 0.1,
  /** posterior draws per estimate */
  draws: 20_000,
  /** a variant whose chance of being best reaches this is the bandit's winner (before the deadline, with `early`) */
  winnerProbability: 0.95,
} as const;

/** mulberry32: a small, fast, well-distributed 32-bit PRNG; [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, 1) draw: Marsaglia and Tsang (2000); shape < 1 by the boost Gamma(shape + 1)·U^(1/shape). */
function gamma(shape: number, random: () => number): number {
  if (shape < 1) return gamma(shape + 1, random) * Math.pow(random() || Number.MIN_VALUE, 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(a, b) draw, as X / (X + Y) of two Gamma draws. */
export function betaDraw(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  const y = gamma(b, random);
  return x / (x + y);
}

/**
 * Each variant's probability of having the highest clicks per dispatched device, estimated from `draws` joint
 * posterior draws (a tie goes to the first). Sums to 1.
 */
export function probabilityBest(
  variants: ReadonlyArray<{ dispatched: number; click: number }>,
  seed: number,
  draws: number = AB_BANDIT.draws,
): number[] {
  const random = seededRandom(seed);
  const wins = variants.map(() => 0);
  const params = variants.map((v) => {
    const n = Math.max(0, v.dispatched);
    const k = Math.min(Math.max(0, v.click), n);
    return [1 + k, 1 + n - k] as const;
  });
  for (let i = 0; i < draws; i++) {
    let best = 0;
    let top = -1;
    params.forEach(([a, b], j) => {
      const x = betaDraw(a, b, random);
      if (x > top) {
        top = x;
        best = j;
      }
    });
    wins[best]!++;
  }
  return wins.map((w) => w / draws);
}

/**
 * Splits `buckets` whole buckets between variants: each first gets `floor` of an even split (rounded down), the rest
 * goes by `shares` (their chances; all zero: evenly) with the largest remainder, so the counts sum to `buckets`.
 */
export function allocateBuckets(
  buckets: number,
  shares: readonly number[],
  floor: number = AB_BANDIT.floor,
): number[] {
  const k = shares.length;
  if (k === 0) return [];
  const base = Math.floor((floor * buckets) / k);
  const rest = buckets - base * k;
  const clean = shares.map((s) => (Number.isFinite(s) && s > 0 ? s : 0));
  const total = clean.reduce((a, b) => a + b, 0);
  const exact = clean.map((s) => (total > 0 ? s / total : 1 / k) * rest);
  const counts = exact.map((x) => base + Math.floor(x));
  let left = buckets - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i]!++;
    left--;
  }
  return counts;
}

/** The bucket where round `r` of a bandit test whose variants take `region` buckets in all begins (r = rounds: the end). */
export const roundStart = (region: number, r: number): number => Math.floor((r * region) / AB_BANDIT.rounds);
