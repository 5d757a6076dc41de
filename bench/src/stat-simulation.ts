// The simulation behind the synthetic statistics rollups (stat-rollups.ts): the app's cells (countries × app
// versions, with skewed shares) and its messages (day, type, AI content, audience, funnel rates), deterministic.

/** Deterministic PRNG: the emulator fleet's mulberry32. */
export { mulberry32 as prng } from '../../packages/fcm-emulator/src/fleet/prng';

/** 60 countries in the order of their share (Zipf, s = 1.1: the first ≈ 26 %, the last ≈ 0.3 %). */
export const STAT_COUNTRIES = (
  'IN NG ID BR PK KE BD EG PH VN MX GH ZA TZ ET UG TR CO MA DZ TH IR IQ SA PE AR VE MY CM CI ' +
  'SN NP LK MM KH UZ KZ AO MZ ZM ZW RW SD YE JO TN LB AE CL EC GT BO DO HN PY NI SV PA UY US'
).split(' ');
/** 15 app versions, newest first: each ≈ 0.72 × the share of the next newer one (newest ≈ 28 %). */
export const STAT_VERSIONS = Array.from({ length: 15 }, (_, k) => `3.${14 - k}.0`);
/** msg_type values of the simulation: notification, pass-through, test preview, recall. */
export const TYPES = [1, 2, 98, 99] as const;
/** the types the app rollups count (statistics.sql.ts REPORTED_TYPE: not previews 98, not recalls 99) */
export const REPORTED = new Set<number>([1, 2]);

export const NC = STAT_COUNTRIES.length;
export const NV = STAT_VERSIONS.length;
export const NCELL = NC * NV;
/** counters of a stat_app_days row, in this order */
export const K = ['push', 'dispatch', 'notice_off', 'reach', 'show', 'click', 'conversion'] as const;
export const NK = K.length;
export const SLOT = TYPES.length * 2 * NCELL; // (type, ai, country, version) of one day

/** Shares of the countries (Zipf) and, per country, of the versions (newer first, older ones more in later countries). */
export function cellShares(rand: () => number): { country: number[]; version: number[][] } {
  const cw = STAT_COUNTRIES.map((_, i) => 1 / (i + 1) ** 1.1);
  const cs = cw.reduce((a, b) => a + b, 0);
  const version = STAT_COUNTRIES.map((_, i) => {
    // adoption lag: the smaller the country, the more devices stay on older versions (0 … 1.5)
    const lag = (i / NC) * 1.5 * (0.5 + rand());
    const w = STAT_VERSIONS.map((_, k) => 0.72 ** k * (1 + (lag * k) / 3));
    const s = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / s);
  });
  return { country: cw.map((w) => w / cs), version };
}

export interface SimMessage {
  /** days before today of its send (1 = yesterday) */
  ago: number;
  type: number;
  ai: boolean;
  /** part of its sends that went out the next day (local-time waves) */
  nextDayShare: number;
  /** audience per cell, as a share of the cell's devices */
  reach: (c: number, v: number) => number;
  rates: { noticeOff: number; otherLoss: number; reach: number; show: number; click: number; conv: number };
  /** a test preview: a few devices in one cell */
  preview?: { cell: number; n: number };
  targetingType: number;
}

export function simulateMessage(rand: () => number, ago: number, shareOfCountry: number[]): SimMessage {
  const r = rand();
  const type = r < 0.82 ? 1 : r < 0.95 ? 2 : r < 0.98 ? 98 : 99;
  const ai = (type === 1 || type === 2) && rand() < 0.2;
  const u = (lo: number, hi: number) => lo + (hi - lo) * rand();
  const rates = {
    noticeOff: u(0.04, 0.08),
    otherLoss: u(0.02, 0.12),
    reach: u(0.55, 0.85),
    show: type === 2 ? 0 : u(0.8, 0.95),
    click: u(0.01, 0.08),
    conv: u(0.05, 0.3),
  };
  const base = { ago, type, ai, rates, nextDayShare: ago > 1 && rand() < 0.25 ? u(0.1, 0.4) : 0 };
  /** a country drawn by share */
  const pickCountry = () => {
    let x = rand();
    for (let c = 0; c < NC; c++) if ((x -= shareOfCountry[c]!) < 0) return c;
    return NC - 1;
  };
  if (type === 98) {
    return {
      ...base,
      nextDayShare: 0,
      reach: () => 0,
      preview: { cell: pickCountry() * NV + Math.floor(rand() * 3), n: 1 + Math.floor(rand() * 10) },
      targetingType: 5,
    };
  }
  if (type === 99) {
    const f = u(0.01, 0.1);
    return { ...base, nextDayShare: 0, reach: () => f, targetingType: 0 };
  }
  const t = rand();
  if (t < 0.15) {
    const f = u(0.9, 1);
    return { ...base, reach: () => f, targetingType: 0 };
  }
  if (t < 0.6) {
    const n = 1 + Math.floor(rand() * 5);
    const set = new Set(Array.from({ length: n }, pickCountry));
    const f = u(0.3, 1);
    return { ...base, reach: (c) => (set.has(c) ? f : 0), targetingType: 1 };
  }
  if (t < 0.75) {
    const n = 1 + Math.floor(rand() * 3);
    const set = new Set(Array.from({ length: n }, () => Math.floor(rand() * NV)));
    const f = u(0.5, 1);
    return { ...base, reach: (_c, v) => (set.has(v) ? f : 0), targetingType: 1 };
  }
  const f = u(0.02, 0.3);
  return { ...base, reach: () => f, targetingType: 1 };
}

/** Stochastic rounding: floor, plus one with the probability of the fraction (unbiased totals). */
export const sround = (x: number, rand: () => number): number => {
  const f = Math.floor(x);
  return f + (rand() < x - f ? 1 : 0);
};
