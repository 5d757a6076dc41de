import { describe, expect, it } from 'vitest';
import { type ReviewItem } from '@beacon/shared';
import { checkReason } from './reject-reason';
import { composePath, mayDecide, reviewMenu, scheduleInstantOf, scheduleOf } from './review-item';

const ITEM: ReviewItem = {
  msgType: 1,
  msgId: 7,
  id: 7,
  title: 'Spring sale',
  ownerEmail: 'op@example.com',
  status: 11,
  appGroupId: null,
  appGroupParentMsgId: null,
  materialId: null,
  scheduleType: 2,
  scheduleDate: '2030-01-01 10:00:00',
  scheduleUTC: '+0800',
  schedulePassed: false,
  file: false,
  audiencePackage: false,
  rejectReason: '',
  createTime: '2029-12-01T00:00:00.000Z',
};
const NOW = Date.parse('2029-12-31T00:00:00Z');

describe('review items', () => {
  it('reads the schedule: now, a time in its zone, a local time', () => {
    expect(scheduleOf({ ...ITEM, scheduleType: 1, scheduleDate: null })).toEqual({ kind: 'now' });
    expect(scheduleOf(ITEM)).toEqual({ kind: 'at', date: '2030-01-01 10:00', zone: 'UTC+08:00' });
    expect(scheduleOf({ ...ITEM, scheduleType: 3 })).toEqual({ kind: 'local', date: '2030-01-01 10:00' });
    expect(scheduleInstantOf(ITEM)).toBe(Date.parse('2030-01-01T02:00:00Z'));
    expect(scheduleInstantOf({ ...ITEM, scheduleType: 3 })).toBe(Date.parse('2030-01-01T10:00:00Z'));
  });

  it('lets project levels 100, 200 and 300 decide an item still waiting, nobody a rejected one', () => {
    expect([100, 200, 300, 400, 500].map((level) => mayDecide(ITEM, level))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(mayDecide({ status: 12 }, 200)).toBe(false);
  });

  it('offers delete for a "now" item or a passed schedule to levels 100–400, copy unless a file is targeted', () => {
    expect(reviewMenu(ITEM, 200, NOW, true)).toEqual(['edit', 'copy', 'detail']);
    expect(reviewMenu({ ...ITEM, schedulePassed: true }, 400, NOW, true)).toEqual([
      'edit',
      'copy',
      'detail',
      'delete',
    ]);
    expect(reviewMenu({ ...ITEM, scheduleType: 1, scheduleDate: null }, 500, NOW, true)).toEqual([
      'edit',
      'copy',
      'detail',
    ]);
    expect(reviewMenu({ ...ITEM, file: true, status: 12 }, 300, NOW, true)).toEqual(['edit', 'detail']);
  });

  it('offers neither edit nor copy of an item targeting an audience package while the app’s DMP switch is off', () => {
    const pkg = { ...ITEM, audiencePackage: true };
    expect(reviewMenu(pkg, 200, NOW, false)).toEqual(['detail']);
    expect(reviewMenu(pkg, 200, NOW, true)).toEqual(['edit', 'copy', 'detail']);
    expect(reviewMenu(ITEM, 200, NOW, false)).toEqual(['edit', 'copy', 'detail']);
  });

  it('edits and copies on the compose screen of the item, back to the review list', () => {
    expect(composePath(1, ITEM, 'edit', true)).toBe('/app/1/message/editpush?id=7&act=edit&from=review');
    expect(composePath(1, { ...ITEM, msgType: 2, materialId: 4 }, 'copy', true)).toBe(
      '/app/1/message/editcross?id=7&act=copy&from=review&materialId=4',
    );
    expect(composePath(1, { ...ITEM, msgType: 2, materialId: 4 }, 'copy', false)).toBe(
      '/app/1/message/editcross?id=7&act=copy&from=review',
    );
    expect(composePath(1, { ...ITEM, msgType: 4 }, 'edit', true)).toBe(
      '/app/1/message/editabtest?id=7&act=edit&from=review',
    );
  });

  it('checks a rejection reason by the contract: required, at most 200, no control characters', () => {
    expect(checkReason('  Wrong link ')).toEqual({ ok: true, reason: 'Wrong link' });
    expect(checkReason('Line one\nline two')).toEqual({ ok: true, reason: 'Line one\nline two' });
    expect(checkReason(undefined)).toEqual({ ok: false, problem: 'required' });
    expect(checkReason('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkReason('\u200b')).toEqual({ ok: false, problem: 'required' });
    expect(checkReason('x'.repeat(201))).toEqual({ ok: false, problem: 'tooLong' });
    expect(checkReason('bad\u0007bell')).toEqual({ ok: false, problem: 'invalid' });
  });
});
