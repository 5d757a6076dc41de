/**
 * Whether an A/B test has a winner: per-arm rates with 95 % confidence intervals and a two-proportion z-test of the
 * arms' clicks, shared by the server (reports) and the console (the A/B detail).
 */

/** The significance level of the test: a p-value below it is significant. */
export const AB_ALPHA = 0.05;
/** The 0.975 quantile of the standard normal distribution: the half-width of a 95 % interval in standard errors. */
export const Z_95 = 1.959963984540054;

/** The counts of one arm. */
export interface AbArmCounts {
  dispatched: number;
  reach: number;
  show: number;
  click: number;
}

/** A proportion (0–1, not a percentage) and its 95 % confidence interval; all 0 when the denominator is 0. */
export interface RateInterval {
  rate: number;
  low: number;
  high: number;
}

/** The rates of one arm. */
export interface AbArmRates {
  /** reach / dispatched */
  reach: RateInterval;
  /** show / reach */
  show: RateInterval;
  /** click / show: the click rate the reports show (each rate over the step before, DESIGN §7) */
  click: RateInterval;
  /** click / dispatched: the rate the z-test compares */
  clickPerDispatch: RateInterval;
}

export interface AbSignificance {
  a: AbArmRates;
  b: AbArmRates;
  /** (rate B − rate A) / pooled standard error: positive when B clicks more */
  z: number;
  /** two-sided */
  pValue: number;
  /** pValue < AB_ALPHA */
  significant: boolean;
  /** the arm with the higher click rate, only when significant */
  leader: 'A' | 'B' | null;
}

/**
 * The Wilson score interval at 95 % of `successes` out of `trials`: unlike the normal (Wald) interval it stays
 * inside [0, 1] and does not collapse to a point at 0 or at `trials` successes. Successes are clamped to
 * [0, trials] (event counts can overshoot the step before); with no trials, rate and interval are 0.
 */
export function wilsonInterval(successes: number, trials: number): RateInterval {
  if (!(trials > 0)) return { rate: 0, low: 0, high: 0 };
  const p = clamp(successes, trials) / trials;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z_95 / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The two-sided two-proportion z-test of the arms' clicks over their dispatched devices, with the pooled standard
 * error sqrt(p̂(1 − p̂)(1/nA + 1/nB)), p̂ = (clicksA + clicksB) / (nA + nB). Dispatched is the denominator because
 * the arms split the audience at random at dispatch: every later step (reach, show) may itself depend on the
 * variant, and conditioning on it would compare different populations. With an empty arm, or no clicks (or only
 * clicks) in both, z is 0 and p is 1.
 */
export function abSignificance(a: AbArmCounts, b: AbArmCounts): AbSignificance {
  const rates = { a: armRates(a), b: armRates(b) };
  const nA = a.dispatched;
  const nB = b.dispatched;
  const none = { ...rates, z: 0, pValue: 1, significant: false, leader: null };
  if (!(nA > 0) || !(nB > 0)) return none;
  const clicksA = clamp(a.click, nA);
  const clicksB = clamp(b.click, nB);
  const pooled = (clicksA + clicksB) / (nA + nB);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / nA + 1 / nB));
  if (!(se > 0)) return none;
  const z = (clicksB / nB - clicksA / nA) / se;
  const pValue = Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
  const significant = pValue < AB_ALPHA;
  return { ...rates, z, pValue, significant, leader: significant ? (z > 0 ? 'B' : 'A') : null };
}

/** The significance level of an interim look (before the operator's deadline): stricter, see variantsSignificance. */
export const AB_ALPHA_EARLY = 0.01;

/** One variant's counts, named by its tag (A–H). */
export type VariantCounts = AbArmCounts & { tag: string };

/** One variant's rates and, for every variant but the best, its comparison with the best. */
export interface VariantResult {
  tag: string;
  rates: AbArmRates;
  /** (rate of the best − rate of this one) / pooled standard error; null for the best itself */
  z: number | null;
  /** two-sided p-value of that difference; null for the best */
  pValue: number | null;
  /** Holm-adjusted p-value (over the k − 1 comparisons with the best); null for the best */
  adjustedP: number | null;
}

export interface VariantsSignificance {
  arms: VariantResult[];
  /** the variant with the highest clicks per dispatched device (the first on a tie); null before any dispatch */
  best: string | null;
  /** every comparison of the best with another variant rejects "no difference" at `alpha` after Holm's correction */
  significant: boolean;
  /** the best variant, only when significant */
  leader: string | null;
  alpha: number;
}

/**
 * A test of 2–8 variants: the best variant by clicks per dispatched device against each other one (the two-sided
 * two-proportion z-test of abSignificance, so with two variants the same p-value), the k − 1 p-values adjusted by
 * Holm's step-down method (p₍ᵢ₎ sorted ascending: adjusted p₍ᵢ₎ = max over j ≤ i of min(1, (m − j + 1)·p₍ⱼ₎), m =
 * k − 1), which keeps the family-wise error at `alpha` for any dependence between the comparisons and is uniformly
 * more powerful than Bonferroni. The best is significantly best when every adjusted p-value is below `alpha`.
 */
export function variantsSignificance(variants: VariantCounts[], alpha = AB_ALPHA): VariantsSignificance {
  const rate = (v: VariantCounts) => (v.dispatched > 0 ? clamp(v.click, v.dispatched) / v.dispatched : -1);
  let best: VariantCounts | undefined;
  for (const v of variants) if (v.dispatched > 0 && (!best || rate(v) > rate(best))) best = v;
  const tests = variants.map((v) => {
    if (!best || v === best) return null;
    return pairTest(best, v);
  });
  const m = tests.filter((t) => t !== null).length;
  const order = tests
    .map((t, i) => ({ i, p: t?.pValue ?? Number.NaN }))
    .filter((x) => tests[x.i] !== null)
    .sort((x, y) => x.p - y.p);
  const adjusted = new Map<number, number>();
  let running = 0;
  order.forEach(({ i, p }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted.set(i, running);
  });
  const arms = variants.map((v, i) => ({
    tag: v.tag,
    rates: armRates(v),
    z: tests[i]?.z ?? null,
    pValue: tests[i]?.pValue ?? null,
    adjustedP: adjusted.get(i) ?? null,
  }));
  const significant = !!best && m > 0 && [...adjusted.values()].every((p) => p < alpha);
  return { arms, best: best?.tag ?? null, significant, leader: significant ? best!.tag : null, alpha };
}

/** The two-proportion z-test of `hi` against `lo` (clicks per dispatched device), z > 0 when `hi` clicks more. */
function pairTest(hi: AbArmCounts, lo: AbArmCounts): { z: number; pValue: number } {
  const nH = hi.dispatched;
  const nL = lo.dispatched;
  if (!(nH > 0) || !(nL > 0)) return { z: 0, pValue: 1 };
  const kH = clamp(hi.click, nH);
  const kL = clamp(lo.click, nL);
  const pooled = (kH + kL) / (nH + nL);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / nH + 1 / nL));
  if (!(se > 0)) return { z: 0, pValue: 1 };
  const z = (kH / nH - kL / nL) / se;
  return { z, pValue: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

/** A count within [0, max] (a non-number counts as 0). */
function clamp(count: number, max: number): number {
  return count > 0 ? Math.min(count, max) : 0;
}

function armRates(c: AbArmCounts): AbArmRates {
  return {
    reach: wilsonInterval(c.reach, c.dispatched),
    show: wilsonInterval(c.show, c.reach),
    click: wilsonInterval(c.click, c.show),
    clickPerDispatch: wilsonInterval(c.click, c.dispatched),
  };
}

/** The standard normal cumulative distribution Φ(x) = erfc(−x/√2) / 2, to about 1e-15 absolute. */
export function normalCdf(x: number): number {
  return erfc(-x / Math.SQRT2) / 2;
}

/**
 * The complementary error function: the Maclaurin series of erf below 3 (terms stay below ~200, so about 1e-14
 * absolute), the continued fraction of erfc from 3 up (relative accuracy near machine precision, no cancellation in
 * the tail). Better than Abramowitz–Stegun 7.1.26 (1.5e-7).
 */
function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  return x < 3 ? 1 - erfSeries(x) : erfcContinuedFraction(x);
}

/** erf x = 2/√π · Σₙ (−1)ⁿ x²ⁿ⁺¹ / (n! (2n + 1)). */
function erfSeries(x: number): number {
  let power = x; // (−1)ⁿ x²ⁿ⁺¹ / n!
  let sum = x;
  for (let n = 1; n < 200; n++) {
    power *= (-x * x) / n;
    const term = power / (2 * n + 1);
    sum += term;
    if (Math.abs(term) < 1e-17 * Math.abs(sum)) break;
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}

/** erfc x = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated by the modified Lentz method. */
function erfcContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    if (d === 0) d = tiny;
    d = 1 / d;
    c = x + a / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}
