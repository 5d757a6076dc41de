import { isDeepStrictEqual } from 'node:util';
import { DeviceRegister, GAID_PATTERN, utcOffsetMinutes } from '@beacon/shared';
import { describe, expect, it } from 'vitest';
import { hasTokenFormat } from '../registry';
import { API_LEVELS, COUNTRIES, MODELS } from './fleet-data';
import { generateFleetDevices, registerBody } from './fleet-devices';

const N = 5000;
const fleet = generateFleetDevices(N, 42);

const share = <T>(pred: (d: (typeof fleet)[number]) => T) => {
  const counts = new Map<T, number>();
  for (const d of fleet) counts.set(pred(d), (counts.get(pred(d)) ?? 0) + 1);
  return (v: T) => (counts.get(v) ?? 0) / N;
};

describe('generateFleetDevices', () => {
  it('is deterministic per seed, differs between seeds, and device i does not depend on the fleet size', () => {
    expect(generateFleetDevices(50, 42)).toEqual(fleet.slice(0, 50));
    const other = generateFleetDevices(50, 43);
    expect(other.map((d) => d.gaid)).not.toEqual(fleet.slice(0, 50).map((d) => d.gaid));
    expect(other.filter((d, i) => d.token === fleet[i]!.token)).toHaveLength(0);
  });

  it('makes unique UUID v4 gaids and unique tokens in the emulator format', () => {
    expect(new Set(fleet.map((d) => d.gaid)).size).toBe(N);
    expect(new Set(fleet.map((d) => d.token)).size).toBe(N);
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(fleet.filter((d) => !GAID_PATTERN.test(d.gaid) || !v4.test(d.gaid)).map((d) => d.gaid)).toEqual(
      [],
    );
    expect(fleet.filter((d) => !hasTokenFormat(d.token)).map((d) => d.token)).toEqual([]);
  });

  it('produces bodies the device API contract accepts, unchanged by its normalisation', () => {
    const bad: unknown[] = [];
    for (const d of fleet) {
      const body = registerBody(d);
      const parsed = DeviceRegister.safeParse(body);
      // already normal: what Beacon stores equals what the fleet reports (brand and model are stored upper case)
      const same =
        parsed.success && isDeepStrictEqual({ ...parsed.data, brand: body.brand, model: body.model }, body);
      const apiOk = d.attributes.osVersion >= 24 && d.attributes.osVersion <= 35;
      if (!same || !apiOk) bad.push({ body, issues: parsed.error?.issues });
    }
    expect(bad).toEqual([]);
  });

  it('matches the country weights and the per-country languages, zones and operators', () => {
    const byCountry = share((d) => d.attributes.country);
    const total = COUNTRIES.reduce((s, c) => s + c.weight, 0);
    for (const c of COUNTRIES) {
      const expected = c.weight / total;
      expect(Math.abs(byCountry(c.code) - expected), c.code).toBeLessThan(Math.max(0.015, expected * 0.25));
      const mine = fleet.filter((d) => d.attributes.country === c.code);
      const foreign = mine.filter(
        ({ attributes: a }) =>
          !c.languages.some(([l]) => l === a.language) ||
          !c.zones.some(([z]) => z === a.timezone) ||
          (a.operator !== '' && !c.operators.some(([o]) => o === a.operator)),
      );
      expect(foreign.map((d) => d.attributes)).toEqual([]);
    }
    expect(byCountry('NG')).toBeGreaterThan(byCountry('US') * 3);
    const zones = new Set(fleet.map((d) => d.attributes.timezone));
    for (const z of [
      'Asia/Kolkata',
      'Asia/Dhaka',
      'America/Sao_Paulo',
      'America/New_York',
      'America/Los_Angeles',
    ])
      expect(zones).toContain(z);
    const india = fleet.find((d) => d.attributes.timezone === 'Asia/Kolkata')!;
    expect(utcOffsetMinutes(india.attributes.timezone)).toBe(330);
    const share29to34 =
      fleet.filter((d) => d.attributes.osVersion >= 29 && d.attributes.osVersion <= 34).length / N;
    expect(share29to34).toBeGreaterThan(0.65);
    expect(new Set(fleet.map((d) => d.attributes.osVersion)).size).toBeGreaterThanOrEqual(
      API_LEVELS.length - 1,
    );
  });

  it('uses real brands and models within each model’s API range, with region-typical brands', () => {
    const wrong = fleet.filter(({ attributes: a }) => {
      const range = MODELS[a.brand]?.find(([m]) => m === a.model);
      const code = Number(
        a.appVersion
          .split('.')
          .map((p) => p.padStart(2, '0'))
          .join(''),
      );
      return !range || a.osVersion < range[1] || a.osVersion > range[2] || a.appVersionCode !== code;
    });
    expect(wrong.map((d) => d.attributes)).toEqual([]);
    const ng = fleet.filter((d) => d.attributes.country === 'NG');
    const transsion =
      ng.filter((d) => ['TECNO', 'INFINIX', 'ITEL'].includes(d.attributes.brand)).length / ng.length;
    expect(transsion).toBeGreaterThan(0.55);
    const br = fleet.filter((d) => d.attributes.country === 'BR');
    expect(br.filter((d) => d.attributes.brand === 'SAMSUNG').length / br.length).toBeGreaterThan(0.4);
  });

  it('honours the percentages of notifications off, uninstalled and offline devices', () => {
    const pct = (list: typeof fleet, f: (d: (typeof fleet)[number]) => boolean) =>
      list.filter(f).length / list.length;
    expect(pct(fleet, (d) => !d.notificationsEnabled)).toBeCloseTo(0.06, 1);
    expect(Math.abs(pct(fleet, (d) => !d.notificationsEnabled) - 0.06)).toBeLessThan(0.012);
    expect(Math.abs(pct(fleet, (d) => d.uninstalled) - 0.03)).toBeLessThan(0.01);
    expect(Math.abs(pct(fleet, (d) => d.offline) - 0.05 * 0.97)).toBeLessThan(0.012);
    expect(fleet.filter((d) => d.offline && d.uninstalled)).toHaveLength(0);
    expect(fleet.filter((d) => d.offlineForMs < 30_000 || d.offlineForMs > 600_000)).toEqual([]);
    const custom = generateFleetDevices(2000, 7, {
      notificationsOffPct: 0.5,
      uninstalledPct: 0,
      offlinePct: 1,
    });
    expect(Math.abs(pct(custom, (d) => !d.notificationsEnabled) - 0.5)).toBeLessThan(0.05);
    expect(pct(custom, (d) => d.uninstalled)).toBe(0);
    expect(pct(custom, (d) => d.offline)).toBe(1);
    // the flags do not change a device's identity or attributes
    const base = generateFleetDevices(2000, 7);
    expect(custom.map((d) => [d.gaid, d.token, d.attributes])).toEqual(
      base.map((d) => [d.gaid, d.token, d.attributes]),
    );
  });
});
