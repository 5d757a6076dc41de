import { describe, expect, it } from 'vitest';
import { clampReportTime } from '../limits';
import { AppSaveRequest, PackageName } from './apps';

describe('app contracts', () => {
  it('strips spaces from package names and checks the Android form', () => {
    expect(PackageName.parse(' com.example. shop ')).toBe('com.example.shop');
    for (const bad of ['', 'shop', 'com..shop', '1com.shop', 'com.shop-app', 'com.shop.'])
      expect(PackageName.safeParse(bad).success, bad).toBe(false);
    expect(PackageName.safeParse('com.Example_1.app2').success).toBe(true);
  });
  it('limits the title to 20 and the description to 150 characters', () => {
    const base = {
      title: 'x'.repeat(20),
      pkg: 'com.a.b',
      appFireBaseJsonId: 'h',
      description: 'd'.repeat(150),
    };
    expect(AppSaveRequest.safeParse(base).success).toBe(true);
    expect(AppSaveRequest.safeParse({ ...base, title: 'x'.repeat(21) }).success).toBe(false);
    expect(AppSaveRequest.safeParse({ ...base, description: 'd'.repeat(151) }).success).toBe(false);
  });
  it('clamps report intervals to 2–24 hours and refuses non-digits', () => {
    expect([clampReportTime('1'), clampReportTime(0), clampReportTime('6'), clampReportTime('30')]).toEqual([
      2, 2, 6, 24,
    ]);
    expect([
      clampReportTime('1.5'),
      clampReportTime('-2'),
      clampReportTime(''),
      clampReportTime('x'),
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
