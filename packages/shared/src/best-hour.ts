/**
 * Each device's best hour (issue 32 §2): the rules shared by the server (learning, planning, the detail's lift) and the
 * console (compose, the confirmation, the detail).
 *
 * - Learning: every show and click a device reports (statistics counting, once per send record) adds to the device's
 *   histogram by the hour of day, in the device's local time, at which the message reached it (its receipt: the hour
 *   at which sending worked) — a show weighs SHOW_WEIGHT, a click CLICK_WEIGHT. Once the weights add up to
 *   `minEvents`, the device's best hour is its histogram's highest hour (the earliest of equal ones).
 * - Fallback: a device with less history takes its app's best local hour (the app's histogram, every device's shows
 *   and clicks added up), and an app with none `defaultHour`.
 * - Plan: the control share of the audience (a random `controlShare` %, by the device's bucket for the message) is sent
 *   at once; every other device at the next start of its best local hour within 24 hours (one that began less than
 *   `graceMinutes` ago is now). One wave per distinct instant; the engine's speed limit and the app's FCM quota pace
 *   them, so an hour whose devices exceed what the limits let through in an hour spills into the next (`spread`).
 */
export const BEST_HOUR = {
  /** weighted events (SHOW_WEIGHT per show, CLICK_WEIGHT per click) before a device's own hour is used */
  minEvents: 5,
  showWeight: 1,
  clickWeight: 3,
  /** the local hour of an app with no history at all */
  defaultHour: 19,
  /** the control share: a whole percentage of the audience sent at once */
  controlShareMin: 0,
  controlShareMax: 50,
  controlShareDefault: 10,
  /** a best hour that began less than this many minutes ago is sent at once rather than tomorrow */
  graceMinutes: 30,
  /** the plan reaches this far ahead */
  horizonHours: 24,
} as const;

/** The buckets a device falls in for the control split (the engine's A/B buckets: a share of p % is p × 100 of them). */
export const CONTROL_BUCKETS = 10_000;

/** The buckets below which a device of the audience is in the control group, for a control share in %. */
export function controlBuckets(controlShare: number): number {
  const share = Math.min(BEST_HOUR.controlShareMax, Math.max(BEST_HOUR.controlShareMin, controlShare));
  return Math.round(share * (CONTROL_BUCKETS / 100));
}

/**
 * Minutes from `startMinute` (a UTC minute of the day, 0–1439) until a device's best local hour next starts:
 * in [−graceMinutes, 1440 − graceMinutes). The device's local hour `hour` (0–23) at UTC offset `utcOffsetMin` starts at
 * the UTC minute of day (hour × 60 − offset) mod 1440.
 */
export function minutesUntilHour(hour: number, utcOffsetMin: number, startMinute: number): number {
  const slot = (((hour * 60 - utcOffsetMin) % 1440) + 1440) % 1440;
  const grace = BEST_HOUR.graceMinutes;
  return ((((slot - startMinute + grace) % 1440) + 1440) % 1440) - grace;
}

/** The index of the highest count of a 24-hour histogram (the earliest of equal ones), or null when it is empty. */
export function bestHourOf(counts: readonly number[]): number | null {
  let best = -1;
  let top = 0;
  counts.forEach((c, h) => {
    if (c > top) {
      top = c;
      best = h;
    }
  });
  return best < 0 ? null : best;
}

/** The devices of one planned wave: `minutes` from the plan's start. */
export interface BestHourSlot {
  minutes: number;
  devices: number;
}

/** How a best-hour plan fits the limits: how long its sends take and when the last one is expected. */
export interface BestHourSpread {
  /** some hour holds more devices than the limits let through in an hour: its sends spill into the next ones */
  crowded: boolean;
  /** hours from the first best-hour send to the expected last (rounded up; 0 without devices) */
  spreadHours: number;
  /** minutes from the plan's start to the expected last send */
  finishMinutes: number;
  /** the devices of the busiest hour */
  peakDevices: number;
}

/**
 * The spread of a best-hour plan under `perMinute` sends a minute (the lower of the app's FCM quota and the speed limit
 * × 60): waves release in time order, each sending as fast as the limit lets, a wave that finds the previous ones still
 * sending waits behind them (the engine's shared pace). The control share is not in `slots` (it is sent at once).
 */
export function bestHourSpread(slots: readonly BestHourSlot[], perMinute: number): BestHourSpread {
  const sorted = [...slots].filter((s) => s.devices > 0).sort((a, b) => a.minutes - b.minutes);
  if (sorted.length === 0 || !(perMinute > 0))
    return { crowded: false, spreadHours: 0, finishMinutes: 0, peakDevices: 0 };
  const first = Math.max(0, sorted[0]?.minutes ?? 0);
  let busyUntil = first;
  let crowded = false;
  const perHour = new Map<number, number>();
  for (const s of sorted) {
    const start = Math.max(0, s.minutes);
    const hour = Math.floor(start / 60);
    perHour.set(hour, (perHour.get(hour) ?? 0) + s.devices);
    const from = Math.max(busyUntil, start);
    busyUntil = from + s.devices / perMinute;
    // the wave's last device is sent after its hour has ended
    if (busyUntil > start + 60) crowded = true;
  }
  const finishMinutes = Math.ceil(busyUntil);
  return {
    crowded,
    spreadHours: Math.max(1, Math.ceil((busyUntil - first) / 60)),
    finishMinutes,
    peakDevices: Math.max(...perHour.values()),
  };
}

/** Clicks of one group of a best-hour send over the devices dispatched. */
export interface BestHourGroupCounts {
  dispatched: number;
  show: number;
  click: number;
}

/** The click-rate lift of best-hour sends over the control group, in percentage points of click / show. */
export interface BestHourLift {
  /** click / show of the control group, of the best-hour group (0–1) */
  controlRate: number;
  bestRate: number;
  /** bestRate − controlRate, and its 95 % interval (normal approximation of the difference of two proportions) */
  lift: number;
  low: number;
  high: number;
  /** the interval excludes 0 */
  significant: boolean;
}

/** The 0.975 quantile of the standard normal distribution. */
const Z_975 = 1.959963984540054;

/**
 * The lift of the best-hour group's click rate (click / show, the rate the reports show) over the control group's,
 * with its 95 % interval: (p₁ − p₀) ± z·√(p₁(1 − p₁)/n₁ + p₀(1 − p₀)/n₀). Clicks are clamped to shows; with no shows
 * in a group its rate is 0 and the interval is [−1, 1] (nothing is known).
 */
export function bestHourLift(control: BestHourGroupCounts, best: BestHourGroupCounts): BestHourLift {
  const rate = (g: BestHourGroupCounts) => (g.show > 0 ? Math.min(g.click, g.show) / g.show : 0);
  const p0 = rate(control);
  const p1 = rate(best);
  const lift = p1 - p0;
  if (!(control.show > 0) || !(best.show > 0))
    return { controlRate: p0, bestRate: p1, lift, low: -1, high: 1, significant: false };
  const se = Math.sqrt((p1 * (1 - p1)) / best.show + (p0 * (1 - p0)) / control.show);
  const low = Math.max(-1, lift - Z_975 * se);
  const high = Math.min(1, lift + Z_975 * se);
  return { controlRate: p0, bestRate: p1, lift, low, high, significant: low > 0 || high < 0 };
}
