import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppIdParams, AppUpdateRequest, LegacyAppDeleteRequest } from './contracts/apps';
import { ForbidType } from './contracts/forbid';
import { UserListRequest } from './contracts/users';
import { numberInput } from './numbers';

const messages = (r: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')} ${i.message}`.trim()) ?? [];

describe('numberInput', () => {
  const page = numberInput(z.number().int().min(1)).default(1);

  it('accepts JSON numbers and strings of digits (query strings)', () => {
    expect(page.parse(3)).toBe(3);
    expect(page.parse('3')).toBe(3);
    expect(page.parse(' 12 ')).toBe(12);
    expect(page.parse(undefined)).toBe(1);
    expect(numberInput().parse('-2.5')).toBe(-2.5);
  });

  it('refuses booleans, null, empty and other types instead of turning them into numbers', () => {
    for (const bad of [true, false, null, '', ' ', 'abc', '1e3', '0x10', [1], { n: 1 }]) {
      expect(messages(page.safeParse(bad)), JSON.stringify(bad)).toEqual(['must be a number']);
    }
  });

  it('keeps the inner checks and their messages', () => {
    expect(messages(page.safeParse('0'))).toEqual(['Too small: expected number to be >=1']);
    expect(messages(numberInput(z.number().int('must be a whole number')).safeParse('1.5'))).toEqual([
      'must be a whole number',
    ]);
    expect(messages(numberInput(z.number(), 'is required: choose an app').safeParse(undefined))).toEqual([
      'is required: choose an app',
    ]);
  });

  it('is used by the contracts: a boolean is not an upload limit, an app id or a page', () => {
    const update = {
      title: 'Shop',
      uploadFileLimit: 30,
      multiLangEnable: false,
      localTimeEnable: false,
      reviewEnable: false,
      materialReviewEnable: false,
      displayPriorityEnable: false,
      linksEnable: false,
    };
    expect(AppUpdateRequest.parse(update).uploadFileLimit).toBe(30);
    expect(AppUpdateRequest.parse({ ...update, uploadFileLimit: '30' }).uploadFileLimit).toBe(30);
    expect(messages(AppUpdateRequest.safeParse({ ...update, uploadFileLimit: true }))).toEqual([
      'uploadFileLimit must be a number',
    ]);
    expect(messages(LegacyAppDeleteRequest.safeParse({ pkg: 'com.example.shop', appId: true }))).toEqual([
      'appId must be a number',
    ]);
    expect(AppIdParams.parse({ appId: '7' })).toEqual({ appId: 7 });
    expect(AppIdParams.safeParse({ appId: true }).success).toBe(false);
    expect(UserListRequest.safeParse({ pageNo: true }).success).toBe(false);
    expect(ForbidType.parse('2')).toBe(2);
    expect(ForbidType.safeParse(true).success).toBe(false);
  });
});
