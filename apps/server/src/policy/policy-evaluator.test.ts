import { describe, expect, it } from 'vitest';
import { evaluate, isInWindow, modelKey, monthsSince, nextAllowedTime } from './policy-evaluator';
import type { DailyLimits, DeviceFacts, MessageFacts, PolicySnapshot, TimeWindow } from './policy-types';

const NOW = new Date('2025-06-15T12:00:00Z');
const hm = (h: number, m = 0) => h * 60 + m;
const win = (start: number, end: number): TimeWindow => ({ startMinute: start, endMinute: end });

function snapshot(over: Partial<PolicySnapshot> = {}): PolicySnapshot {
  return {
    appId: 7,
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
  };
}

function device(over: Partial<DeviceFacts> = {}): DeviceFacts {
  return {
    country: 'FR',
    brand: 'samsung',
    model: 'SM-G991B',
    utcOffsetMin: 0,
    firstSeenAt: new Date('2025-01-15T12:00:00Z'), // 5 months before NOW
    sentToday: { total: 0, ad: 0, distribute: 0, content: 0 },
    ...over,
  };
}

const ad: MessageFacts = { appId: 7, kind: 1 };
const distribute: MessageFacts = { appId: 7, kind: 2 };
const content: MessageFacts = { appId: 7, kind: 3 };
const code = (v: ReturnType<typeof evaluate>) => (v.drop ? v.lossCode : 0);

describe('evaluate: countries', () => {
  it('drops platform banned countries with 6, any case', () => {
    const s = snapshot({ platformBannedCountries: new Set(['FR']) });
    const v = evaluate(device({ country: 'fr' }), ad, s, NOW);
    expect(v).toMatchObject({ drop: true, lossCode: 6, policy: 'platform-country' });
    expect(code(evaluate(device({ country: 'DE' }), ad, s, NOW))).toBe(0);
  });

  it('drops app banned countries with 104; the platform ban wins when both apply', () => {
    expect(code(evaluate(device(), content, snapshot({ appBannedCountries: new Set(['FR']) }), NOW))).toBe(
      104,
    );
    expect(
      code(
        evaluate(
          device(),
          content,
          snapshot({ appBannedCountries: new Set(['FR']), platformBannedCountries: new Set(['FR']) }),
          NOW,
        ),
      ),
    ).toBe(6);
  });

  it('passes when nothing applies', () => {
    expect(evaluate(device(), ad, snapshot(), NOW)).toEqual({ drop: false });
  });
});

describe('evaluate: banned time windows (105) in the device’s local time', () => {
  const at = (iso: string) => new Date(iso);
  const s = (country: string, ...windows: TimeWindow[]) =>
    snapshot({ bannedWindows: new Map([[country, windows]]) });

  it('same-day window: start included, end excluded', () => {
    const snap = s('FR', win(hm(9), hm(17)));
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T09:00:00Z')))).toBe(105);
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T16:59:59Z')))).toBe(105);
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T17:00:00Z')))).toBe(0);
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T08:59:59Z')))).toBe(0);
  });

  it('a window whose end is earlier than its start runs across midnight', () => {
    const snap = s('FR', win(hm(22), hm(6)));
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T23:30:00Z')))).toBe(105);
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T00:00:00Z')))).toBe(105);
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T05:59:00Z')))).toBe(105);
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T06:00:00Z')))).toBe(0);
    expect(code(evaluate(device(), ad, snap, at('2025-06-15T21:59:00Z')))).toBe(0);
  });

  it('half-hour (+330 India) and 45-minute (+345 Nepal) offsets', () => {
    const snap = snapshot({
      bannedWindows: new Map([
        ['IN', [win(hm(22), hm(8))]],
        ['NP', [win(hm(22), hm(8))]],
      ]),
    });
    // 16:30Z = 22:00 in India, 21:45 in Nepal
    expect(
      code(evaluate(device({ country: 'IN', utcOffsetMin: 330 }), ad, snap, at('2025-06-15T16:30:00Z'))),
    ).toBe(105);
    expect(
      code(evaluate(device({ country: 'IN', utcOffsetMin: 330 }), ad, snap, at('2025-06-15T16:29:00Z'))),
    ).toBe(0);
    expect(
      code(evaluate(device({ country: 'NP', utcOffsetMin: 345 }), ad, snap, at('2025-06-15T16:14:00Z'))),
    ).toBe(0);
    expect(
      code(evaluate(device({ country: 'NP', utcOffsetMin: 345 }), ad, snap, at('2025-06-15T16:15:00Z'))),
    ).toBe(105);
    // 02:15Z = 08:00 in Nepal: the window has ended; 07:59 still inside
    expect(
      code(evaluate(device({ country: 'NP', utcOffsetMin: 345 }), ad, snap, at('2025-06-15T02:15:00Z'))),
    ).toBe(0);
    expect(
      code(evaluate(device({ country: 'NP', utcOffsetMin: 345 }), ad, snap, at('2025-06-15T02:14:00Z'))),
    ).toBe(105);
  });

  it('negative offsets wrap to the previous local day (-210 Newfoundland, -600 Hawaii)', () => {
    const snap = snapshot({
      bannedWindows: new Map([
        ['CA', [win(hm(21), hm(23, 30))]],
        ['US', [win(hm(14), hm(15))]],
      ]),
    });
    // 00:45Z = 21:15 the previous evening in Newfoundland
    expect(
      code(evaluate(device({ country: 'CA', utcOffsetMin: -210 }), ad, snap, at('2025-06-15T00:45:00Z'))),
    ).toBe(105);
    expect(
      code(evaluate(device({ country: 'CA', utcOffsetMin: -210 }), ad, snap, at('2025-06-15T03:00:00Z'))),
    ).toBe(0);
    // 00:30Z = 14:30 the previous day in Hawaii
    expect(
      code(evaluate(device({ country: 'US', utcOffsetMin: -600 }), ad, snap, at('2025-06-15T00:30:00Z'))),
    ).toBe(105);
    expect(
      code(evaluate(device({ country: 'US', utcOffsetMin: -600 }), ad, snap, at('2025-06-15T14:30:00Z'))),
    ).toBe(0);
  });

  it('applies only to the window’s country; the country bans come first', () => {
    const snap = snapshot({
      bannedWindows: new Map([['FR', [win(0, hm(23, 59))]]]),
      appBannedCountries: new Set(['FR']),
    });
    expect(code(evaluate(device(), ad, snap, NOW))).toBe(104);
    expect(code(evaluate(device({ country: 'DE' }), ad, snap, NOW))).toBe(0);
  });

  it('isInWindow ignores empty windows', () => {
    expect(isInWindow(hm(5), win(hm(5), hm(5)))).toBe(false);
  });
});

describe('nextAllowedTime', () => {
  const at = (iso: string) => new Date(iso);
  const s = (...windows: TimeWindow[]) => snapshot({ bannedWindows: new Map([['IN', windows]]) });
  const india = { country: 'in', utcOffsetMin: 330 };

  it('is now when outside every window', () => {
    expect(nextAllowedTime(india, s(win(hm(22), hm(8))), at('2025-06-15T06:00:00Z'))).toEqual(
      at('2025-06-15T06:00:00Z'),
    );
    expect(nextAllowedTime({ country: 'DE', utcOffsetMin: 60 }, s(win(0, hm(23))), NOW)).toEqual(NOW);
  });

  it('is the window’s end in local time, across midnight, at a half-hour offset', () => {
    // 17:00Z = 22:30 IST; the window ends at 08:00 IST = 02:30Z the next day
    expect(nextAllowedTime(india, s(win(hm(22), hm(8))), at('2025-06-15T17:00:00Z'))).toEqual(
      at('2025-06-16T02:30:00Z'),
    );
    // 20:00Z = 01:30 IST (after midnight): same end
    expect(nextAllowedTime(india, s(win(hm(22), hm(8))), at('2025-06-15T20:00:00Z'))).toEqual(
      at('2025-06-16T02:30:00Z'),
    );
  });

  it('keeps seconds exact and follows chained or overlapping windows', () => {
    expect(
      nextAllowedTime(
        { country: 'FR', utcOffsetMin: 0 },
        snapshot({ bannedWindows: new Map([['FR', [win(hm(9), hm(10))]]]) }),
        at('2025-06-15T09:59:30Z'),
      ),
    ).toEqual(at('2025-06-15T10:00:00Z'));
    const chained = snapshot({
      bannedWindows: new Map([['FR', [win(hm(22), hm(2)), win(hm(1, 30), hm(6)), win(hm(6), hm(7))]]]),
    });
    expect(nextAllowedTime({ country: 'FR', utcOffsetMin: 0 }, chained, at('2025-06-15T23:00:00Z'))).toEqual(
      at('2025-06-16T07:00:00Z'),
    );
  });

  it('with a negative 45-minute offset (-345 does not exist, but -45 offsets work the same)', () => {
    const snap = snapshot({ bannedWindows: new Map([['XX', [win(hm(23), hm(1))]]]) });
    // -45: 00:00Z = 23:15 local; the window ends at 01:00 local = 01:45Z
    expect(nextAllowedTime({ country: 'XX', utcOffsetMin: -45 }, snap, at('2025-06-15T00:00:00Z'))).toEqual(
      at('2025-06-15T01:45:00Z'),
    );
  });

  it('is null when the windows cover the whole day', () => {
    expect(
      nextAllowedTime(
        { country: 'FR', utcOffsetMin: 0 },
        snapshot({ bannedWindows: new Map([['FR', [win(0, hm(12)), win(hm(12), 0)]]]) }),
        NOW,
      ),
    ).toBeNull();
  });
});

describe('evaluate: model shielding (4)', () => {
  const rule = (protectDefault: number, protectNewMarket: number) => ({ protectDefault, protectNewMarket });
  const key = modelKey('SAMSUNG', 'SMG991B');
  const control = { isNotificationControlApp: true };

  it('matches brand and model whatever the case and punctuation the device reports', () => {
    expect(modelKey('samsung', 'SM-G991B')).toBe(key);
    expect(modelKey('Samsung ', 'sm g991b')).toBe(key);
  });

  it('ad shielding drops ads only, while the device is younger than protectDefault months', () => {
    const s = snapshot({ ...control, adShield: new Map([[key, rule(6, 1)]]) });
    expect(evaluate(device(), ad, s, NOW)).toMatchObject({
      drop: true,
      lossCode: 4,
      policy: 'model-ad-shield',
    });
    expect(code(evaluate(device(), distribute, s, NOW))).toBe(0);
    expect(code(evaluate(device(), content, s, NOW))).toBe(0);
    // 6 months old: protection over
    expect(code(evaluate(device({ firstSeenAt: new Date('2024-12-15T12:00:00Z') }), ad, s, NOW))).toBe(0);
    expect(code(evaluate(device({ firstSeenAt: new Date('2024-12-15T12:00:01Z') }), ad, s, NOW))).toBe(4);
  });

  it('global shielding drops every kind', () => {
    const s = snapshot({ ...control, globalShield: new Map([[key, rule(6, 6)]]) });
    for (const m of [ad, distribute, content])
      expect(evaluate(device(), m, s, NOW)).toMatchObject({ lossCode: 4, policy: 'model-global-shield' });
  });

  it('the global whitelist escapes global shielding but not ad shielding', () => {
    const s = snapshot({
      ...control,
      isGlobalWhitelistApp: true,
      globalShield: new Map([[key, rule(999, 999)]]),
    });
    expect(code(evaluate(device(), content, s, NOW))).toBe(0);
    const both = snapshot({
      ...control,
      isGlobalWhitelistApp: true,
      globalShield: new Map([[key, rule(999, 999)]]),
      adShield: new Map([[key, rule(999, 999)]]),
    });
    expect(evaluate(device(), ad, both, NOW)).toMatchObject({ lossCode: 4, policy: 'model-ad-shield' });
    expect(code(evaluate(device(), content, both, NOW))).toBe(0);
  });

  it('applies only to notification-control apps', () => {
    const s = snapshot({
      globalShield: new Map([[key, rule(999, 999)]]),
      adShield: new Map([[key, rule(999, 999)]]),
    });
    expect(code(evaluate(device(), ad, s, NOW))).toBe(0);
  });

  it('999 shields for ever, 0 never', () => {
    const old = device({ firstSeenAt: new Date('2010-01-01T00:00:00Z') });
    expect(
      code(evaluate(old, ad, snapshot({ ...control, adShield: new Map([[key, rule(999, 0)]]) }), NOW)),
    ).toBe(4);
    const fresh = device({ firstSeenAt: NOW });
    expect(
      code(evaluate(fresh, ad, snapshot({ ...control, adShield: new Map([[key, rule(0, 999)]]) }), NOW)),
    ).toBe(0);
  });

  it('new-market countries use protectNewMarket, others protectDefault', () => {
    const s = snapshot({
      ...control,
      adShield: new Map([[key, rule(3, 12)]]),
      newMarketCountries: new Set(['IN']),
    });
    const fiveMonths = { firstSeenAt: new Date('2025-01-15T12:00:00Z') };
    expect(code(evaluate(device({ ...fiveMonths, country: 'IN', utcOffsetMin: 330 }), ad, s, NOW))).toBe(4);
    expect(code(evaluate(device({ ...fiveMonths, country: 'FR' }), ad, s, NOW))).toBe(0);
    const reversed = snapshot({
      ...control,
      adShield: new Map([[key, rule(12, 0)]]),
      newMarketCountries: new Set(['IN']),
    });
    expect(code(evaluate(device({ ...fiveMonths, country: 'IN' }), ad, reversed, NOW))).toBe(0);
    expect(code(evaluate(device({ ...fiveMonths, country: 'FR' }), ad, reversed, NOW))).toBe(4);
  });

  it('other models pass', () => {
    const s = snapshot({ ...control, globalShield: new Map([[key, rule(999, 999)]]) });
    expect(code(evaluate(device({ model: 'SM-G991U' }), ad, s, NOW))).toBe(0);
    expect(code(evaluate(device({ brand: 'XIAOMI' }), ad, s, NOW))).toBe(0);
  });

  it('country and time bans come before the model shielding', () => {
    const s = snapshot({
      ...control,
      globalShield: new Map([[key, rule(999, 999)]]),
      bannedWindows: new Map([['FR', [win(0, hm(23, 59))]]]),
    });
    expect(code(evaluate(device(), ad, s, NOW))).toBe(105);
  });
});

describe('monthsSince', () => {
  it('counts whole calendar months', () => {
    expect(monthsSince(new Date('2025-01-31T00:00:00Z'), new Date('2025-02-28T23:59:59Z'))).toBe(0);
    expect(monthsSince(new Date('2025-01-31T00:00:00Z'), new Date('2025-03-01T00:00:00Z'))).toBe(1);
    expect(monthsSince(new Date('2024-06-15T12:00:00Z'), NOW)).toBe(12);
    expect(monthsSince(new Date('2024-06-15T12:00:01Z'), NOW)).toBe(11);
    expect(monthsSince(new Date('2026-01-01T00:00:00Z'), NOW)).toBe(0);
  });
});

describe('evaluate: per-user daily limits (7)', () => {
  const off = { enable: false, number: 0 };
  const limits = (over: Partial<DailyLimits>): DailyLimits => ({
    total: off,
    ad: off,
    distribute: off,
    content: off,
    ...over,
  });
  const sent = (total: number, adN = 0, distributeN = 0, contentN = 0) =>
    device({ sentToday: { total, ad: adN, distribute: distributeN, content: contentN } });

  it('the total limit counts every kind', () => {
    const s = snapshot({ dailyLimits: limits({ total: { enable: true, number: 3 } }) });
    expect(code(evaluate(sent(2, 2), content, s, NOW))).toBe(0);
    expect(evaluate(sent(3, 0, 0, 3), distribute, s, NOW)).toMatchObject({
      lossCode: 7,
      policy: 'daily-limit-total',
    });
  });

  it('a kind limit counts only that kind', () => {
    const s = snapshot({
      dailyLimits: limits({ ad: { enable: true, number: 1 }, content: { enable: true, number: 2 } }),
    });
    expect(evaluate(sent(1, 1), ad, s, NOW)).toMatchObject({ lossCode: 7, policy: 'daily-limit-kind' });
    expect(code(evaluate(sent(1, 1), content, s, NOW))).toBe(0);
    expect(code(evaluate(sent(5, 0, 5, 1), content, s, NOW))).toBe(0);
    expect(code(evaluate(sent(2, 0, 0, 2), content, s, NOW))).toBe(7);
    expect(code(evaluate(sent(9, 0, 9, 0), distribute, s, NOW))).toBe(0);
  });

  it('disabled limits and a null limit set (switch off) never drop; 0 with enable drops everything', () => {
    expect(
      code(
        evaluate(
          sent(100, 100),
          ad,
          snapshot({ dailyLimits: limits({ ad: { enable: false, number: 0 } }) }),
          NOW,
        ),
      ),
    ).toBe(0);
    expect(code(evaluate(sent(100, 100), ad, snapshot(), NOW))).toBe(0);
    expect(
      code(
        evaluate(
          sent(0),
          content,
          snapshot({ dailyLimits: limits({ total: { enable: true, number: 0 } }) }),
          NOW,
        ),
      ),
    ).toBe(7);
  });

  it('comes last: a shielded model is counted as 4, not 7', () => {
    const key = modelKey('SAMSUNG', 'SMG991B');
    const s = snapshot({
      isNotificationControlApp: true,
      adShield: new Map([[key, { protectDefault: 999, protectNewMarket: 999 }]]),
      dailyLimits: limits({ total: { enable: true, number: 0 } }),
    });
    expect(code(evaluate(sent(5), ad, s, NOW))).toBe(4);
    expect(code(evaluate(sent(5), content, s, NOW))).toBe(7);
  });
});
