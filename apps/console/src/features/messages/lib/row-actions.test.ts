import { describe, expect, it } from 'vitest';
import { composePathOf, materialPathOf, rowActions } from './row-actions';

const NOW = Date.parse('2030-06-01T12:00:00Z');
const row = (over: Partial<Parameters<typeof rowActions>[0]> = {}) => ({
  status: 1,
  msgType: 1,
  scheduleType: 1,
  scheduleDate: null,
  targetingType: 0,
  parentMsgId: null,
  ...over,
});

describe('row actions by status (part 2 §4)', () => {
  it.each([
    [0, ['edit', 'copy', 'detail', 'stop', 'delete', 'material']],
    [1, ['copy', 'detail', 'recall', 'delete', 'material']],
    [3, ['copy', 'detail', 'delete', 'material']],
    [4, ['copy', 'detail', 'stop', 'recall', 'material']],
    [5, ['copy', 'detail', 'recall', 'delete', 'material']],
    [8, ['copy', 'detail', 'delete', 'material']],
    [11, ['edit', 'copy', 'detail', 'cancel', 'delete', 'material']],
    [17, ['copy', 'detail', 'delete', 'material']],
    [21, ['copy', 'detail', 'delete', 'material']],
  ])('a "now" message in status %i offers %j', (status, expected) => {
    expect(rowActions(row({ status }), 200, NOW, true)).toEqual(expected);
  });

  it('a scheduled message (2) can be edited, cancelled and stopped, and deleted only once its time has passed', () => {
    const future = row({ status: 2, scheduleType: 2, scheduleDate: '2030-06-02 09:00:00' });
    expect(rowActions(future, 300, NOW, true)).toEqual([
      'edit',
      'copy',
      'detail',
      'cancel',
      'stop',
      'material',
    ]);
    const past = row({ status: 2, scheduleType: 2, scheduleDate: '2030-06-01 09:00:00' });
    expect(rowActions(past, 300, NOW, true)).toContain('delete');
  });

  it('a local-time message (7) is deletable from 12 hours before its time, and recallable', () => {
    const in10h = row({ status: 7, scheduleType: 3, scheduleDate: '2030-06-01 22:00:00' });
    expect(rowActions(in10h, 100, NOW, true)).toEqual([
      'edit',
      'copy',
      'detail',
      'cancel',
      'stop',
      'recall',
      'delete',
      'material',
    ]);
    const in13h = row({ status: 7, scheduleType: 3, scheduleDate: '2030-06-02 01:00:00' });
    expect(rowActions(in13h, 100, NOW, true)).not.toContain('delete');
  });

  it('hides edit and copy of a row targeting an audience package while the app’s DMP switch is off', () => {
    const pkg = row({
      status: 2,
      scheduleType: 2,
      scheduleDate: '2030-07-01 00:00:00',
      audiencePackage: true,
    });
    expect(rowActions(pkg, 200, NOW, true)).toEqual(expect.arrayContaining(['edit', 'copy']));
    const closed = rowActions(pkg, 200, NOW, false);
    expect(closed).not.toContain('edit');
    expect(closed).not.toContain('copy');
    expect(closed).toContain('cancel');
  });

  it('hides copy for file targets and edit/cancel for an A/B child', () => {
    expect(rowActions(row({ status: 1, targetingType: 6 }), 200, NOW, true)).not.toContain('copy');
    expect(rowActions(row({ status: 1, targetingType: 7 }), 200, NOW, true)).not.toContain('copy');
    const child = rowActions(
      row({ status: 2, scheduleType: 2, scheduleDate: '2030-07-01 00:00:00', parentMsgId: 9 }),
      200,
      NOW,
      true,
    );
    expect(child).not.toContain('edit');
    expect(child).not.toContain('cancel');
    expect(child).toContain('stop');
  });

  it('offers recall for notifications only, never for cross messages', () => {
    expect(rowActions(row({ status: 1, msgType: 2 }), 200, NOW, true)).toEqual([
      'copy',
      'detail',
      'delete',
      'material',
    ]);
    expect(rowActions(row({ status: 4, msgType: 2 }), 200, NOW, true)).toEqual([
      'copy',
      'detail',
      'stop',
      'material',
    ]);
  });

  it('reads an A/B parent through its arms (schedules as strings), with no upload as material', () => {
    const arm = { msgType: 1, status: 2, scheduleType: 2, scheduleDate: '2030-06-02 09:00:00' };
    const ab = row({ msgType: 4, status: 2, scheduleType: 2, scheduleDate: '2030-06-02 09:00:00' });
    expect(rowActions({ ...ab, children: [arm, arm] }, 200, NOW, true)).toEqual([
      'edit',
      'copy',
      'detail',
      'cancel',
      'stop',
    ]);
    // arm B's time has passed: it is deletable, so the test can no longer be edited
    const late = { ...arm, scheduleDate: '2030-06-01 09:00:00' };
    expect(rowActions({ ...ab, children: [arm, late] }, 200, NOW, true)).not.toContain('edit');
    // without its arms only what does not depend on them
    expect(rowActions(ab, 200, NOW, true)).toEqual(['copy', 'detail', 'stop']);
  });

  it('testers (500) see no action that changes a message, other levels do', () => {
    expect(rowActions(row({ status: 4 }), 500, NOW, true)).toEqual(['copy', 'detail', 'material']);
    for (const level of [100, 200, 300, 400])
      expect(rowActions(row({ status: 4 }), level, NOW, true)).toContain('stop');
  });
});

describe('where edit, copy and "upload as material" go', () => {
  it('edits and copies by the record id; a copy of a linked message keeps the link or says noMaterial', () => {
    const linked = { id: 3, materialId: 12 };
    expect(composePathOf(1, 'editpush', linked, 'edit')).toBe('/app/1/message/editpush?id=3&act=edit');
    expect(composePathOf(1, 'editpush', linked, 'copy', true)).toBe(
      '/app/1/message/editpush?id=3&act=copy&materialId=12',
    );
    expect(composePathOf(1, 'editcross', linked, 'copy', false)).toBe(
      '/app/1/message/editcross?id=3&act=copy&noMaterial=1',
    );
    expect(composePathOf(1, 'editpush', { id: 3, materialId: null }, 'copy')).toBe(
      '/app/1/message/editpush?id=3&act=copy',
    );
  });

  it('builds a material from the message’s record id (the id msg/detail takes)', () => {
    expect(materialPathOf(1, { id: 3 })).toBe('/app/1/material/create?msgId=3');
  });
});
