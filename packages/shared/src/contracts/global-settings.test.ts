import { describe, expect, it } from 'vitest';
import { dailyWindow, isDayBoundaryZone, parseFixedOffset, parseRestrictNumber } from './global-settings';

const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

describe('dailyWindow', () => {
  it('is the UTC calendar day with the defaults', () => {
    expect(iso(dailyWindow({ timezone: '+00:00', time: '00:00' }, new Date('2025-03-10T15:00:00Z')))).toEqual(
      ['2025-03-10T00:00:00.000Z', '2025-03-11T00:00:00.000Z'],
    );
  });

  it('starts at the boundary time of a fixed offset, before and after it', () => {
    const s = { timezone: '+08:00', time: '04:00' };
    // 04:00 at +08:00 = 20:00 UTC the day before
    expect(iso(dailyWindow(s, new Date('2025-03-10T19:59:59Z')))).toEqual([
      '2025-03-09T20:00:00.000Z',
      '2025-03-10T20:00:00.000Z',
    ]);
    expect(iso(dailyWindow(s, new Date('2025-03-10T20:00:00Z')))).toEqual([
      '2025-03-10T20:00:00.000Z',
      '2025-03-11T20:00:00.000Z',
    ]);
  });

  it('handles negative and half-hour offsets', () => {
    expect(iso(dailyWindow({ timezone: '-05:00', time: '23:30' }, new Date('2025-01-01T03:00:00Z')))).toEqual(
      ['2024-12-31T04:30:00.000Z', '2025-01-01T04:30:00.000Z'],
    );
    expect(iso(dailyWindow({ timezone: '+05:30', time: '00:00' }, new Date('2025-06-30T18:29:00Z')))).toEqual(
      ['2025-06-29T18:30:00.000Z', '2025-06-30T18:30:00.000Z'],
    );
    expect(iso(dailyWindow({ timezone: '+05:30', time: '00:00' }, new Date('2025-06-30T18:30:00Z')))).toEqual(
      ['2025-06-30T18:30:00.000Z', '2025-07-01T18:30:00.000Z'],
    );
  });

  it('follows an IANA zone across daylight-saving changes (23- and 25-hour days)', () => {
    const paris = { timezone: 'Europe/Paris', time: '00:00' };
    expect(iso(dailyWindow(paris, new Date('2025-03-30T12:00:00Z')))).toEqual([
      '2025-03-29T23:00:00.000Z',
      '2025-03-30T22:00:00.000Z',
    ]);
    expect(iso(dailyWindow(paris, new Date('2025-10-26T12:00:00Z')))).toEqual([
      '2025-10-25T22:00:00.000Z',
      '2025-10-26T23:00:00.000Z',
    ]);
    expect(iso(dailyWindow(paris, new Date('2025-07-01T21:59:00Z')))).toEqual([
      '2025-06-30T22:00:00.000Z',
      '2025-07-01T22:00:00.000Z',
    ]);
    expect(
      iso(dailyWindow({ timezone: 'Asia/Kolkata', time: '06:15' }, new Date('2025-07-01T00:00:00Z'))),
    ).toEqual(['2025-06-30T00:45:00.000Z', '2025-07-01T00:45:00.000Z']);
    expect(
      iso(dailyWindow({ timezone: 'Asia/Kolkata', time: '06:15' }, new Date('2025-07-01T00:45:00Z'))),
    ).toEqual(['2025-07-01T00:45:00.000Z', '2025-07-02T00:45:00.000Z']);
  });

  it('always contains now, whatever the zone and time', () => {
    const zones = [
      '+14:00',
      '-12:00',
      '+05:45',
      'America/New_York',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Europe/London',
    ];
    for (const timezone of zones) {
      for (const time of ['00:00', '01:30', '02:30', '12:00', '23:59']) {
        for (
          let t = Date.parse('2025-03-08T00:00:00Z');
          t < Date.parse('2025-03-12T00:00:00Z');
          t += 97 * 60_000
        ) {
          const now = new Date(t);
          const w = dailyWindow({ timezone, time }, now);
          expect(
            w.start.getTime() <= t && t < w.end.getTime(),
            `${timezone} ${time} ${now.toISOString()}`,
          ).toBe(true);
          const hours = (w.end.getTime() - w.start.getTime()) / 3_600_000;
          expect(hours >= 22.5 && hours <= 25.5, `${timezone} ${time} ${hours}`).toBe(true);
        }
      }
    }
  });
});

describe('day boundary and limit values', () => {
  it('accepts ±HH:MM offsets and IANA names only', () => {
    expect(parseFixedOffset('+08:00')).toBe(480);
    expect(parseFixedOffset('-03:30')).toBe(-210);
    for (const bad of ['+8:00', '+15:00', '-12:30', '+08:10', 'UTC+8', ''])
      expect(parseFixedOffset(bad), bad).toBeUndefined();
    expect(isDayBoundaryZone('Asia/Shanghai')).toBe(true);
    expect(isDayBoundaryZone('Mars/Base')).toBe(false);
  });

  it('checks per-user limits: integers ≥ 0, total at most 100', () => {
    expect(parseRestrictNumber('total', '100')).toEqual({ ok: true, value: 100 });
    expect(parseRestrictNumber('total', 101).ok).toBe(false);
    expect(parseRestrictNumber('ad', '-1').ok).toBe(false);
    expect(parseRestrictNumber('ad', '2.5').ok).toBe(false);
    expect(parseRestrictNumber('ad', ' 7 ')).toEqual({ ok: true, value: 7 });
    expect(parseRestrictNumber('content', '').ok).toBe(false);
  });
});
