import { MessageForecast, ScheduleType } from '@beacon/shared';
import { describe, expect, it } from 'vitest';
import { evaluate, nextAllowedTime, type PolicySnapshot } from '../../policy';
import type { PolicyFilter } from '../../delivery/engine';
import { forecastOf, lossOf, timingOf, type Tally } from './messages.forecast';
import type { ForecastRow } from './messages-forecast.repository';

const H = 3_600_000;
const DAY = 24 * H;
const NOW = Date.UTC(2026, 10, 20, 10, 0); // 11:00 in Lagos (UTC+1)

const row = (over: Partial<ForecastRow> = {}): ForecastRow => ({
  id: '1',
  country: 'NG',
  language: 'en',
  appVersion: '3.1.0',
  invalidReason: 0,
  notificationsEnabled: true,
  noToken: false,
  lastActiveAt: NOW - DAY,
  brand: 'TECNO',
  model: 'SPARK 10',
  utcOffsetMin: 60,
  firstSeenAt: NOW - 400 * DAY,
  ...over,
});

const snapshot = (over: Partial<PolicySnapshot> = {}): PolicySnapshot => ({
  appId: 1,
  platformBannedCountries: new Set(),
  appBannedCountries: new Set(),
  bannedWindows: new Map(),
  isNotificationControlApp: false,
  isGlobalWhitelistApp: false,
  adShield: new Map(),
  globalShield: new Map(),
  newMarketCountries: new Set(),
  dailyLimits: null,
  ...over,
});

/** policy-binding.ts's PolicyFilter over a fixed snapshot (the binding adds the database loads). */
const policyOf = (s: PolicySnapshot): PolicyFilter => ({
  check: (d, now) => {
    const f = d.facts!;
    const v = evaluate(
      { ...f, country: d.country, firstSeenAt: new Date(f.firstSeenAt), sentToday: ZERO },
      { appId: 1, kind: 1 },
      s,
      new Date(now),
    );
    return v.drop ? v.lossCode : 0;
  },
  windowEnd: (d, now) =>
    nextAllowedTime(
      { country: d.country, utcOffsetMin: d.facts!.utcOffsetMin },
      s,
      new Date(now),
    )?.getTime() ?? null,
});
const ZERO = { total: 0, ad: 0, distribute: 0, content: 0 };

describe('lossOf: the engine’s filter stage for one device of the sample', () => {
  const policy = policyOf(
    snapshot({
      platformBannedCountries: new Set(['KE']),
      appBannedCountries: new Set(['GH']),
      // Lagos 11:00: inside 10:00–12:00 (ends in an hour), and all day in Brazil
      bannedWindows: new Map([
        ['NG', [{ startMinute: 600, endMinute: 720 }]],
        [
          'BR',
          [
            { startMinute: 0, endMinute: 720 },
            { startMinute: 720, endMinute: 0 },
          ],
        ],
      ]),
      isNotificationControlApp: true,
      globalShield: new Map([['INFINIX|HOT30', { protectDefault: 999, protectNewMarket: 999 }]]),
    }),
  );
  const lost = (over: Partial<ForecastRow>, deadline = NOW + 12 * H) =>
    lossOf(row(over), NOW, deadline, policy);

  it('applies the engine’s own filters first: uninstalled or no token 1, notifications off 107, inactive 90 days 108', () => {
    expect(lost({ invalidReason: 3, country: 'KE' })).toBe(1);
    expect(lost({ noToken: true, notificationsEnabled: false })).toBe(1);
    expect(lost({ notificationsEnabled: false, country: 'KE' })).toBe(107);
    expect(lost({ lastActiveAt: NOW - 91 * DAY })).toBe(108);
    expect(lost({ lastActiveAt: NOW - 89 * DAY, country: 'DE' })).toBe(0);
  });

  it('then the platform policies: banned countries 6 and 104, an all-day window 105, a shielded model 4', () => {
    expect(lost({ country: 'KE' })).toBe(6);
    expect(lost({ country: 'GH' })).toBe(104);
    expect(lost({ country: 'BR', utcOffsetMin: -180 })).toBe(105);
    expect(lost({ country: 'DE', brand: 'Infinix', model: 'HOT-30' })).toBe(4);
  });

  it('counts a device whose banned window ends before the TTL as sent (it waits), else as 105', () => {
    expect(lost({ country: 'NG' })).toBe(0);
    expect(lost({ country: 'NG' }, NOW + H - 1)).toBe(105);
  });

  it('without policies, only the own filters drop', () => {
    expect(lossOf(row({ country: 'KE' }), NOW, NOW + 12 * H, undefined)).toBe(0);
  });
});

describe('timingOf: when the devices meet the filters', () => {
  const ttl = 3 * 3600;
  it('now, or the chosen instant (now when it has passed)', () => {
    const now = timingOf({ type: ScheduleType.NOW, local: null, zone: '+0000', ttlSeconds: ttl }, NOW);
    expect([now.start, now.deadline(NOW), now.at({ utcOffsetMin: 60 })]).toEqual([NOW, NOW + 3 * H, NOW]);
    const at = timingOf(
      { type: ScheduleType.AT_TIME, local: '2026-11-20 20:00:00', zone: '+0100', ttlSeconds: ttl },
      NOW,
    );
    expect(at.at({ utcOffsetMin: -300 })).toBe(Date.UTC(2026, 10, 20, 19, 0));
    expect(at.deadline(at.start)).toBe(Date.UTC(2026, 10, 20, 22, 0));
    const past = timingOf(
      { type: ScheduleType.AT_TIME, local: '2026-11-20 08:00:00', zone: '+0000', ttlSeconds: ttl },
      NOW,
    );
    expect(past.start).toBe(NOW);
  });

  it('local time: each zone at its wall-clock time, past waves skipped, the TTL from the first wave', () => {
    const local = timingOf(
      { type: ScheduleType.LOCAL_TIME, local: '2026-11-20 12:00:00', zone: '+0000', ttlSeconds: ttl },
      NOW,
      [60, 180, 0, -300],
    );
    expect(local.at({ utcOffsetMin: 180 })).toBeNull(); // 09:00 UTC: already past
    expect(local.at({ utcOffsetMin: 60 })).toBe(Date.UTC(2026, 10, 20, 11, 0));
    expect(local.at({ utcOffsetMin: -300 })).toBe(Date.UTC(2026, 10, 20, 17, 0));
    expect(local.start).toBe(Date.UTC(2026, 10, 20, 11, 0));
    // the TTL runs from the first wave for every zone (the message's start)
    expect(local.deadline(Date.UTC(2026, 10, 20, 17, 0))).toBe(Date.UTC(2026, 10, 20, 14, 0));
  });
});

describe('timingOf: a best-hour send', () => {
  const ttl = 2 * 3600;
  const best = { fallbackHour: 20, controlBuckets: 1000, seed: 0 };
  const timing = timingOf(
    { type: ScheduleType.BEST_HOUR, local: null, zone: '+0000', ttlSeconds: ttl },
    NOW,
    [],
    best,
  );
  const minute = Math.floor(NOW / 60_000) * 60_000;
  // NOW is 2026-11-20 10:00 UTC (the file's clock)
  it('sends each device at the start of its best local hour within 24 h, its TTL from there', () => {
    // Lagos (+60): 21:00 local is 20:00 UTC, 10 hours on
    const lagos = timing.at({ utcOffsetMin: 60, bestHour: 21, bucket: 5000 })!;
    expect(lagos).toBe(minute + 10 * H);
    expect(timing.deadline(lagos)).toBe(lagos + 2 * H);
    // an hour that began at most 30 minutes ago is now; one that began an hour ago is tomorrow's
    expect(timing.at({ utcOffsetMin: 0, bestHour: 10, bucket: 5000 })).toBe(NOW);
    expect(timing.at({ utcOffsetMin: 0, bestHour: 9, bucket: 5000 })).toBe(minute + 23 * H);
  });

  it('uses the app’s hour for a device without one, and sends the control group at once', () => {
    expect(timing.at({ utcOffsetMin: 0, bestHour: null, bucket: 5000 })).toBe(minute + 10 * H);
    expect(timing.at({ utcOffsetMin: 60, bestHour: 21, bucket: 999 })).toBe(NOW);
    expect(timing.deadline(NOW)).toBe(NOW + 2 * H);
  });

  it('judges a banned window at the device’s hour, not at the moment of the forecast', () => {
    // NG bans 22:00–08:00 local; the forecast runs at 11:00 in Lagos, outside it: a 23:00 best hour waits past the 2 h
    // TTL (105), an 08:00 one is sent
    const policy = policyOf(
      snapshot({ bannedWindows: new Map([['NG', [{ startMinute: 1320, endMinute: 480 }]]]) }),
    );
    expect(lossOf(row({ country: 'NG' }), NOW, NOW + 2 * H, policy)).toBe(0);
    const at = timing.at({ utcOffsetMin: 60, bestHour: 23, bucket: 5000 })!;
    expect(lossOf(row({ country: 'NG' }), at, timing.deadline(at), policy)).toBe(105);
    const morning = timing.at({ utcOffsetMin: 60, bestHour: 8, bucket: 5000 })!;
    expect(lossOf(row({ country: 'NG' }), morning, timing.deadline(morning), policy)).toBe(0);
  });
});

describe('forecastOf: the tally as the contract states it', () => {
  const tally: Tally = new Map([
    [0, 800],
    [107, 40],
    [1, 40],
    [6, 3],
    [4, 0],
  ]);

  it('is the tally itself when the sample is the whole audience, reasons most first, no error stated', () => {
    const f = forecastOf(tally, { exact: true, fraction: 1, relativeError: 0 }, new Date(NOW));
    expect(f).toEqual({
      exact: true,
      send: 800,
      losses: [
        { type: 1, count: 40 },
        { type: 107, count: 40 },
        { type: 6, count: 3 },
      ],
      at: new Date(NOW).toISOString(),
    });
    expect(MessageForecast.safeParse(f).success).toBe(true);
  });

  it('scales a sample by 1 / fraction with each count’s standard error √(x(1 − f)) / f', () => {
    const f = forecastOf(tally, { exact: false, fraction: 1 / 8, relativeError: 0.033 }, new Date(NOW));
    expect(f).toEqual({
      exact: false,
      error: 0.033,
      send: 6400,
      sendError: Math.ceil(Math.sqrt(800 * (7 / 8)) * 8),
      losses: [
        { type: 1, count: 320, error: Math.ceil(Math.sqrt(40 * (7 / 8)) * 8) },
        { type: 107, count: 320, error: 48 },
        { type: 6, count: 24, error: Math.ceil(Math.sqrt(3 * (7 / 8)) * 8) },
      ],
      at: new Date(NOW).toISOString(),
    });
    expect(MessageForecast.safeParse(f).success).toBe(true);
  });

  it('states errors that hold: over many hash-like samples, 3 standard errors cover the true count', () => {
    // populations of 100,000 devices, 2 % of one reason and 0.5 % of a rarer one, each sampled at 1/8 (mulberry32)
    let seed = 12345;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    let misses = 0;
    const trials = 100;
    for (let trial = 0; trial < trials; trial++) {
      const sample: Tally = new Map();
      const truth = new Map<number, number>();
      for (let i = 0; i < 100_000; i++) {
        const r = random();
        const reason = r < 0.02 ? 107 : r < 0.025 ? 4 : 0;
        truth.set(reason, (truth.get(reason) ?? 0) + 1);
        if (random() < 1 / 8) sample.set(reason, (sample.get(reason) ?? 0) + 1);
      }
      const f = forecastOf(sample, { exact: false, fraction: 1 / 8, relativeError: 0.01 }, new Date(NOW));
      for (const l of f.losses)
        if (Math.abs(l.count - (truth.get(l.type) ?? 0)) > 3 * (l.error ?? 0)) misses++;
    }
    // 3 σ covers 99.7 %: of 200 counts, one or two may fall outside
    expect(misses).toBeLessThanOrEqual(3);
  });
});
