import { describe, expect, it } from 'vitest';
import { evaluate, nextAllowedTime, type PolicySnapshot } from '../../policy';
import type { PageDevice } from './batch.repository';
import { decide, filterDevice, LOSS, withMaterialCountries, type PolicyFilter } from './filters';

const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 21, 30); // 22:30 in Lagos (UTC+1)
const device = (over: Partial<PageDevice> = {}): PageDevice => ({
  id: '1',
  country: 'NG',
  language: 'en',
  appVersion: '3.1.0',
  token: 'tok',
  own: 0,
  facts: { brand: 'TECNO', model: 'SPARK 10', utcOffsetMin: 60, firstSeenAt: NOW - 400 * 24 * H },
  ...over,
});
const snapshot = (over: Partial<PolicySnapshot> = {}): PolicySnapshot => ({
  appId: 1,
  platformBannedCountries: new Set(),
  appBannedCountries: new Set(),
  bannedWindows: new Map([['NG', [{ startMinute: 22 * 60, endMinute: 23 * 60 }]]]),
  isNotificationControlApp: false,
  isGlobalWhitelistApp: false,
  adShield: new Map(),
  globalShield: new Map(),
  newMarketCountries: new Set(),
  dailyLimits: null,
  ...over,
});
/** The policy binding's shape over a fixed snapshot (policy-binding.ts adds the database loads). */
const policyOf = (s: PolicySnapshot, sentAfter?: number): PolicyFilter => ({
  check: (d, now) => {
    const sent = sentAfter !== undefined && now >= sentAfter ? 5 : 0;
    const f = d.facts!;
    const v = evaluate(
      {
        country: d.country,
        brand: f.brand,
        model: f.model,
        utcOffsetMin: f.utcOffsetMin,
        firstSeenAt: new Date(f.firstSeenAt),
        sentToday: { total: sent, ad: 0, distribute: 0, content: 0 },
      },
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

describe('the filter stage decision', () => {
  it('sends a device no policy stops and drops by the engine’s own filters first', () => {
    expect(decide(device({ country: 'KE' }), NOW, NOW + 12 * H, policyOf(snapshot()))).toEqual({ loss: 0 });
    expect(decide(device({ own: LOSS.NOTIFICATIONS_OFF }), NOW, NOW + 12 * H, policyOf(snapshot()))).toEqual({
      loss: 107,
    });
    expect(decide(device(), NOW, NOW + 12 * H)).toEqual({ loss: 0 });
  });

  it('makes a device inside a banned window wait for its end when the TTL allows, else drops it with 105', () => {
    const end = NOW + 30 * 60_000; // 23:00 in Lagos
    expect(decide(device(), NOW, NOW + 12 * H, policyOf(snapshot()))).toEqual({ loss: 0, notBefore: end });
    expect(decide(device(), NOW, end, policyOf(snapshot()))).toEqual({ loss: 0, notBefore: end });
    expect(decide(device(), NOW, end - 1, policyOf(snapshot()))).toEqual({ loss: 105 });
  });

  it('follows chained windows, and drops when they cover the whole day', () => {
    const chained = snapshot({
      bannedWindows: new Map([
        [
          'NG',
          [
            { startMinute: 22 * 60, endMinute: 23 * 60 },
            { startMinute: 23 * 60, endMinute: 60 },
          ],
        ],
      ]),
    });
    expect(decide(device(), NOW, NOW + 12 * H, policyOf(chained))).toEqual({
      loss: 0,
      notBefore: NOW + 2.5 * H,
    });
    const allDay = snapshot({
      bannedWindows: new Map([
        [
          'NG',
          [
            { startMinute: 0, endMinute: 720 },
            { startMinute: 720, endMinute: 0 },
          ],
        ],
      ]),
    });
    expect(decide(device(), NOW, NOW + 12 * H, policyOf(allDay))).toEqual({ loss: 105 });
  });

  it('drops with the other policy’s code when the window is not the only obstacle', () => {
    const limited = snapshot({
      dailyLimits: {
        total: { enable: true, number: 5 },
        ad: { enable: false, number: 0 },
        distribute: { enable: false, number: 0 },
        content: { enable: false, number: 0 },
      },
    });
    // by the window's end the device has reached its daily limit
    expect(decide(device(), NOW, NOW + 12 * H, policyOf(limited, NOW + 1))).toEqual({ loss: 7 });
    expect(
      decide(device(), NOW, NOW + 12 * H, policyOf(snapshot({ appBannedCountries: new Set(['NG']) }))),
    ).toEqual({ loss: 104 });
  });

  it('keeps the troubleshooting view of the engine’s own filters', () => {
    expect(
      filterDevice({ invalidReason: 3, notificationsEnabled: true, lastActiveAt: new Date(NOW) }, NOW),
    ).toBe(LOSS.UNINSTALLED);
    expect(filterDevice({ invalidReason: 0, notificationsEnabled: false, lastActiveAt: NOW }, NOW)).toBe(
      LOSS.NOTIFICATIONS_OFF,
    );
    expect(
      filterDevice({ invalidReason: 0, notificationsEnabled: true, lastActiveAt: NOW - 91 * 24 * H }, NOW),
    ).toBe(LOSS.INACTIVE);
    expect(
      filterDevice({ invalidReason: 0, notificationsEnabled: true, lastActiveAt: NOW, token: null }, NOW),
    ).toBe(LOSS.UNINSTALLED);
    expect(filterDevice({ invalidReason: 0, notificationsEnabled: true, lastActiveAt: NOW }, NOW)).toBe(0);
  });

  it('drops a stale device with 111 before the 90-day rule, and an off device first', () => {
    const D = 24 * H;
    const idle = (days: number, tokenDays = days) => ({
      invalidReason: 0,
      notificationsEnabled: true,
      lastActiveAt: NOW - days * D,
      tokenUpdatedAt: NOW - tokenDays * D,
    });
    expect(filterDevice(idle(271), NOW)).toBe(LOSS.STALE);
    expect(filterDevice(idle(100), NOW)).toBe(LOSS.INACTIVE);
    expect(filterDevice(idle(100), NOW, { staleDays: 30 })).toBe(LOSS.STALE);
    expect(filterDevice(idle(40), NOW, { staleDays: 30 })).toBe(LOSS.STALE);
    expect(filterDevice(idle(40), NOW)).toBe(0);
    expect(filterDevice(idle(1, 300), NOW)).toBe(0);
    expect(filterDevice({ ...idle(271), notificationsEnabled: false }, NOW)).toBe(LOSS.NOTIFICATIONS_OFF);
  });
});

describe('a message composed from a material (loss 109)', () => {
  const only = (push: string[], notPush: string[] = []) => ({
    pushCountrySet: push,
    notPushCountrySet: notPush,
  });

  it('drops devices outside the countries to push to, and those of the countries not to push to', () => {
    const filter = withMaterialCountries(only(['NG', 'KE']), undefined);
    expect(decide(device({ country: 'ng' }), NOW, NOW + 12 * H, filter)).toEqual({ loss: 0 });
    expect(decide(device({ country: 'GH' }), NOW, NOW + 12 * H, filter)).toEqual({ loss: 109 });
    const not = withMaterialCountries(only([], ['GH']), undefined);
    expect(decide(device({ country: 'GH' }), NOW, NOW + 12 * H, not)).toEqual({
      loss: LOSS.MATERIAL_COUNTRY,
    });
    expect(decide(device({ country: 'KE' }), NOW, NOW + 12 * H, not)).toEqual({ loss: 0 });
  });

  it('adds nothing without countries, and keeps the platform policies and their banned windows', () => {
    const policy = policyOf(snapshot());
    expect(withMaterialCountries(null, policy)).toBe(policy);
    expect(withMaterialCountries(only([]), undefined)).toBeUndefined();
    const both = withMaterialCountries(only(['NG']), policy);
    // 22:30 in Lagos is inside NG's banned window: the device waits for 23:00 as without the material
    expect(decide(device(), NOW, NOW + 12 * H, both)).toEqual({ loss: 0, notBefore: NOW + 0.5 * H });
    expect(decide(device({ own: LOSS.INACTIVE, country: 'GH' }), NOW, NOW + 12 * H, both)).toEqual({
      loss: LOSS.INACTIVE,
    });
  });
});
