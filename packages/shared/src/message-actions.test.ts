import { describe, expect, it } from 'vitest';
import {
  mayAbSendToAll,
  mayCancel,
  mayCopy,
  mayDelete,
  mayEdit,
  mayRecall,
  messageActions,
  type ActionArm,
  type ActionRow,
  type MessageActionKey,
} from './message-actions';
import { MessageStatus } from './status';

const HOUR = 3600 * 1000;
const NOW = Date.parse('2030-06-01T12:00:00Z');

/** Every status code of part 2 §4. */
const ALL_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 91, 99];

/** The schedules of the table, in column order. */
const SCHEDULES = {
  now: { scheduleType: 1, scheduleDate: null },
  atFuture: { scheduleType: 2, scheduleDate: NOW + 24 * HOUR },
  atPast: { scheduleType: 2, scheduleDate: NOW - HOUR },
  localFar: { scheduleType: 3, scheduleDate: NOW + 24 * HOUR },
  localSoon: { scheduleType: 3, scheduleDate: NOW + 10 * HOUR },
} as const;
const COLUMNS = Object.keys(SCHEDULES) as (keyof typeof SCHEDULES)[];

/** One letter per menu position, '.' when absent: Edit Copy (I)detail (X)cancel Stop Recall Delete Material. */
const LETTERS: Record<string, MessageActionKey> = {
  E: 'edit',
  C: 'copy',
  I: 'detail',
  X: 'cancel',
  S: 'stop',
  R: 'recall',
  D: 'delete',
  M: 'material',
};
const menu = (cell: string): MessageActionKey[] =>
  [...cell].filter((c) => c !== '.').map((c) => LETTERS[c] as MessageActionKey);

/*
 * The expected menus, written out from §4 for a level-200 user, targeting 0, no A/B arm (columns: now, 2 in a day,
 * 2 an hour ago, 3 in a day, 3 in 10 hours):
 * edit 0, 2, 7, 11, 12, 13 (local time: only when cancellable, so not 0); cancel 2, 7, 11, 12, 13, 18, 19, 20;
 * stop 4, 2, 0, 7; recall 1, 4, 5, 7 for notifications only; delete "now", 99, 21 or a passed schedule (local time
 * from 12 h before), never 4; material for notifications and cross.
 */
const NOTIFICATION: Record<number, readonly [string, string, string, string, string]> = {
  0: ['ECI.S.DM', 'ECI.S..M', 'ECI.S.DM', '.CI.S..M', '.CI.S.DM'],
  1: ['.CI..RDM', '.CI..R.M', '.CI..RDM', '.CI..R.M', '.CI..RDM'],
  2: ['ECIXS.DM', 'ECIXS..M', 'ECIXS.DM', 'ECIXS..M', 'ECIXS.DM'],
  3: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  4: ['.CI.SR.M', '.CI.SR.M', '.CI.SR.M', '.CI.SR.M', '.CI.SR.M'],
  5: ['.CI..RDM', '.CI..R.M', '.CI..RDM', '.CI..R.M', '.CI..RDM'],
  6: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  7: ['ECIXSRDM', 'ECIXSR.M', 'ECIXSRDM', 'ECIXSR.M', 'ECIXSRDM'],
  8: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  9: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  10: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  11: ['ECIX..DM', 'ECIX...M', 'ECIX..DM', 'ECIX...M', 'ECIX..DM'],
  12: ['ECIX..DM', 'ECIX...M', 'ECIX..DM', 'ECIX...M', 'ECIX..DM'],
  13: ['ECIX..DM', 'ECIX...M', 'ECIX..DM', 'ECIX...M', 'ECIX..DM'],
  14: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  16: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  17: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  18: ['.CIX..DM', '.CIX...M', '.CIX..DM', '.CIX...M', '.CIX..DM'],
  19: ['.CIX..DM', '.CIX...M', '.CIX..DM', '.CIX...M', '.CIX..DM'],
  20: ['.CIX..DM', '.CIX...M', '.CIX..DM', '.CIX...M', '.CIX..DM'],
  21: ['.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM'],
  91: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  99: ['.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM'],
};

/** Cross (msgType 2): as notifications, never recall. */
const CROSS: Record<number, readonly [string, string, string, string, string]> = {
  0: ['ECI.S.DM', 'ECI.S..M', 'ECI.S.DM', '.CI.S..M', '.CI.S.DM'],
  1: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  2: ['ECIXS.DM', 'ECIXS..M', 'ECIXS.DM', 'ECIXS..M', 'ECIXS.DM'],
  3: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  4: ['.CI.S..M', '.CI.S..M', '.CI.S..M', '.CI.S..M', '.CI.S..M'],
  5: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  6: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  7: ['ECIXS.DM', 'ECIXS..M', 'ECIXS.DM', 'ECIXS..M', 'ECIXS.DM'],
  8: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  9: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  10: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  11: ['ECIX..DM', 'ECIX...M', 'ECIX..DM', 'ECIX...M', 'ECIX..DM'],
  12: ['ECIX..DM', 'ECIX...M', 'ECIX..DM', 'ECIX...M', 'ECIX..DM'],
  13: ['ECIX..DM', 'ECIX...M', 'ECIX..DM', 'ECIX...M', 'ECIX..DM'],
  14: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  16: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  17: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  18: ['.CIX..DM', '.CIX...M', '.CIX..DM', '.CIX...M', '.CIX..DM'],
  19: ['.CIX..DM', '.CIX...M', '.CIX..DM', '.CIX...M', '.CIX..DM'],
  20: ['.CIX..DM', '.CIX...M', '.CIX..DM', '.CIX...M', '.CIX..DM'],
  21: ['.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM'],
  91: ['.CI...DM', '.CI....M', '.CI...DM', '.CI....M', '.CI...DM'],
  99: ['.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM', '.CI...DM'],
};

/**
 * A/B parent (msgType 4) whose two notification arms share its status and schedule: never material; edit only
 * when the arms cannot be deleted (so not for "now" or a passed schedule), the rest as notifications.
 */
const AB_TEST: Record<number, readonly [string, string, string, string, string]> = {
  0: ['.CI.S.D.', 'ECI.S...', '.CI.S.D.', '.CI.S...', '.CI.S.D.'],
  1: ['.CI..RD.', '.CI..R..', '.CI..RD.', '.CI..R..', '.CI..RD.'],
  2: ['.CIXS.D.', 'ECIXS...', '.CIXS.D.', 'ECIXS...', '.CIXS.D.'],
  3: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  4: ['.CI.SR..', '.CI.SR..', '.CI.SR..', '.CI.SR..', '.CI.SR..'],
  5: ['.CI..RD.', '.CI..R..', '.CI..RD.', '.CI..R..', '.CI..RD.'],
  6: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  7: ['.CIXSRD.', 'ECIXSR..', '.CIXSRD.', 'ECIXSR..', '.CIXSRD.'],
  8: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  9: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  10: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  11: ['.CIX..D.', 'ECIX....', '.CIX..D.', 'ECIX....', '.CIX..D.'],
  12: ['.CIX..D.', 'ECIX....', '.CIX..D.', 'ECIX....', '.CIX..D.'],
  13: ['.CIX..D.', 'ECIX....', '.CIX..D.', 'ECIX....', '.CIX..D.'],
  14: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  16: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  17: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  18: ['.CIX..D.', '.CIX....', '.CIX..D.', '.CIX....', '.CIX..D.'],
  19: ['.CIX..D.', '.CIX....', '.CIX..D.', '.CIX....', '.CIX..D.'],
  20: ['.CIX..D.', '.CIX....', '.CIX..D.', '.CIX....', '.CIX..D.'],
  21: ['.CI...D.', '.CI...D.', '.CI...D.', '.CI...D.', '.CI...D.'],
  91: ['.CI...D.', '.CI.....', '.CI...D.', '.CI.....', '.CI...D.'],
  99: ['.CI...D.', '.CI...D.', '.CI...D.', '.CI...D.', '.CI...D.'],
};

const TABLES = { 1: NOTIFICATION, 2: CROSS, 4: AB_TEST } as const;

function tableRow(msgType: 1 | 2 | 4, status: number, column: keyof typeof SCHEDULES): ActionRow {
  const schedule = SCHEDULES[column];
  const arm: ActionArm = { msgType: 1, status, ...schedule };
  return {
    msgType,
    status,
    ...schedule,
    targetingType: 0,
    parentMsgId: null,
    ...(msgType === 4 ? { children: [arm, arm] } : {}),
  };
}

const CASES = ([1, 2, 4] as const).flatMap((msgType) =>
  ALL_STATUSES.flatMap((status) =>
    COLUMNS.map((column, i) => ({
      msgType,
      status,
      column,
      cell: TABLES[msgType][status]?.[i] ?? '?',
    })),
  ),
);

describe('row actions over every status, schedule and message type (part 2 §4)', () => {
  it('the table covers every status code of MessageStatus', () => {
    expect(Object.values(MessageStatus).sort((a, b) => a - b)).toEqual(ALL_STATUSES);
    for (const table of Object.values(TABLES)) expect(Object.keys(table).map(Number)).toEqual(ALL_STATUSES);
  });

  it.each(CASES)('msgType $msgType, status $status, $column: $cell', ({ msgType, status, column, cell }) => {
    expect(messageActions(tableRow(msgType, status, column), 200, NOW, true)).toEqual(menu(cell));
  });

  it.each(CASES)('a tester (500) sees only edit, copy, detail, material: $msgType/$status/$column', (c) => {
    const readOnly = menu(c.cell).filter((k) => ['edit', 'copy', 'detail', 'material'].includes(k));
    expect(messageActions(tableRow(c.msgType, c.status, c.column), 500, NOW, true)).toEqual(readOnly);
  });

  it('levels 100 to 400 act, 500 does not', () => {
    const sending = tableRow(1, 4, 'now');
    for (const level of [100, 200, 300, 400])
      expect(messageActions(sending, level, NOW, true)).toContain('stop');
    expect(messageActions(sending, 500, NOW, true)).toEqual(['copy', 'detail', 'material']);
  });
});

describe('the single rules', () => {
  const row = (over: Partial<ActionRow> = {}): ActionRow => ({
    msgType: 1,
    status: 2,
    scheduleType: 2,
    scheduleDate: NOW + 24 * HOUR,
    targetingType: 0,
    ...over,
  });

  it('hides copy for file targets (6 uploaded file, 7 file link, the spec’s 9) only', () => {
    for (const targetingType of [6, 7, 9]) expect(mayCopy(row({ targetingType }), NOW)).toBe(false);
    for (const targetingType of [0, 1, 2, 3]) expect(mayCopy(row({ targetingType }), NOW)).toBe(true);
  });

  it('deletes a scheduled message from its time, a local-time one from 12 hours before', () => {
    expect(mayDelete(row({ scheduleDate: NOW }), NOW)).toBe(true);
    expect(mayDelete(row({ scheduleDate: NOW + 1 }), NOW)).toBe(false);
    expect(mayDelete(row({ scheduleType: 3, scheduleDate: NOW + 12 * HOUR }), NOW)).toBe(true);
    expect(mayDelete(row({ scheduleType: 3, scheduleDate: NOW + 12 * HOUR + 1 }), NOW)).toBe(false);
    expect(mayDelete(row({ scheduleDate: null }), NOW)).toBe(false);
    expect(mayDelete(row({ scheduleType: 1, scheduleDate: null, status: 4 }), NOW)).toBe(false);
  });

  it('never edits or cancels an A/B arm on its own; stop, recall, delete and material follow the arm', () => {
    const arm = row({ parentMsgId: 9 });
    expect(messageActions(arm, 200, NOW, true)).toEqual(['copy', 'detail', 'stop', 'material']);
    const sentArm = row({ parentMsgId: 9, status: 1, scheduleType: 1, scheduleDate: null });
    expect(messageActions(sentArm, 200, NOW, true)).toEqual([
      'copy',
      'detail',
      'recall',
      'delete',
      'material',
    ]);
    expect(mayRecall({ ...sentArm, msgType: 2 }, NOW)).toBe(false);
  });

  it('recalls only notifications: not cross, not a journey', () => {
    expect(mayRecall(row({ status: 1, msgType: 1 }), NOW)).toBe(true);
    expect(mayRecall(row({ status: 1, msgType: 2 }), NOW)).toBe(false);
    expect(mayRecall(row({ status: 1, msgType: 9 }), NOW)).toBe(false);
  });

  it('offers upload as material for notifications and cross only', () => {
    expect(messageActions(row({ msgType: 1 }), 200, NOW, true)).toContain('material');
    expect(messageActions(row({ msgType: 2 }), 200, NOW, true)).toContain('material');
    expect(messageActions(row({ msgType: 9 }), 200, NOW, true)).not.toContain('material');
  });
});

describe('A/B tests (msgType 4)', () => {
  const arm = (over: Partial<ActionArm> = {}): ActionArm => ({
    msgType: 1,
    status: 2,
    scheduleType: 2,
    scheduleDate: NOW + 24 * HOUR,
    ...over,
  });
  const ab = (children: ActionArm[] | undefined, over: Partial<ActionRow> = {}): ActionRow => ({
    msgType: 4,
    status: 2,
    scheduleType: 2,
    scheduleDate: NOW + 24 * HOUR,
    targetingType: 0,
    ...(children ? { children } : {}),
    ...over,
  });

  it('recalls only when the first arm is a notification', () => {
    const sent = { status: 1 };
    expect(mayRecall(ab([arm({ msgType: 1 }), arm({ msgType: 2 })], sent), NOW)).toBe(true);
    expect(mayRecall(ab([arm({ msgType: 2 }), arm({ msgType: 1 })], sent), NOW)).toBe(false);
    expect(mayRecall(ab([arm({ msgType: 2 }), arm({ msgType: 2 })], sent), NOW)).toBe(false);
    expect(mayRecall(ab([arm({ msgType: 1 }), arm({ msgType: 1 })], { status: 3 }), NOW)).toBe(false);
  });

  it('edits only when no arm can be deleted and each local-time arm is cancellable', () => {
    expect(mayEdit(ab([arm(), arm()]), NOW)).toBe(true);
    // arm B sends now: deletable, so the test can no longer be edited
    expect(mayEdit(ab([arm(), arm({ scheduleType: 1, scheduleDate: null })]), NOW)).toBe(false);
    // arm A's time has passed
    expect(mayEdit(ab([arm({ scheduleDate: NOW - HOUR }), arm()]), NOW)).toBe(false);
    // arm B in local time, 10 hours ahead: within the 12 hours it is deletable
    expect(mayEdit(ab([arm(), arm({ scheduleType: 3, scheduleDate: NOW + 10 * HOUR })]), NOW)).toBe(false);
    // local-time arms a day ahead: cancellable (2) yes, not cancellable (0, waves under way) no
    expect(mayEdit(ab([arm({ scheduleType: 3 }), arm({ scheduleType: 3 })]), NOW)).toBe(true);
    expect(mayEdit(ab([arm({ scheduleType: 3 }), arm({ scheduleType: 3, status: 0 })]), NOW)).toBe(false);
    // the parent's own status still has to allow editing
    expect(mayEdit(ab([arm(), arm()], { status: 1 }), NOW)).toBe(false);
  });

  it('cancels only when both arms are cancellable', () => {
    expect(mayCancel(ab([arm(), arm()]), NOW)).toBe(true);
    expect(mayCancel(ab([arm(), arm({ status: 4 })]), NOW)).toBe(false);
    expect(mayCancel(ab([arm({ status: 21 }), arm()]), NOW)).toBe(false);
    expect(mayCancel(ab([arm({ status: 11 }), arm({ status: 7 })]), NOW)).toBe(true);
  });

  it('deletes only when each arm can be deleted', () => {
    const past = { scheduleDate: NOW - HOUR };
    expect(mayDelete(ab([arm(past), arm(past)], past), NOW)).toBe(true);
    expect(mayDelete(ab([arm(past), arm()], past), NOW)).toBe(false);
    expect(mayDelete(ab([arm(past), arm({ ...past, status: 4 })], past), NOW)).toBe(false);
  });

  it('reads the schedule from the arms, not from the parent', () => {
    const parentNow = { scheduleType: 1, scheduleDate: null };
    expect(mayEdit(ab([arm(), arm()], parentNow), NOW)).toBe(true);
    expect(mayDelete(ab([arm(), arm()], parentNow), NOW)).toBe(false);
    const past = { scheduleDate: NOW - HOUR };
    expect(mayDelete(ab([arm(past), arm(past)], { status: 4 }), NOW)).toBe(false);
  });

  it('without its arms, offers nothing that depends on them', () => {
    expect(messageActions(ab(undefined), 200, NOW, true)).toEqual(['copy', 'detail', 'stop']);
    expect(
      messageActions(ab([], { status: 1, scheduleType: 1, scheduleDate: null }), 200, NOW, true),
    ).toEqual(['copy', 'detail']);
  });

  it('never offers upload as material', () => {
    expect(messageActions(ab([arm(), arm()]), 200, NOW, true)).toEqual([
      'edit',
      'copy',
      'detail',
      'cancel',
      'stop',
    ]);
  });
});

describe('A/B send to all', () => {
  type Schedule = Pick<ActionArm, 'scheduleType' | 'scheduleDate'>;
  const at: Schedule = { scheduleType: 2, scheduleDate: NOW + HOUR };
  const parent = (abAllSent: boolean, children: Schedule[] = [at, at]) => ({ abAllSent, children });

  it('offers sending when both arms share schedule type and date, then shows done', () => {
    expect(mayAbSendToAll(parent(false))).toBe('send');
    expect(mayAbSendToAll(parent(true))).toBe('done');
    const now = { scheduleType: 1, scheduleDate: null };
    expect(mayAbSendToAll(parent(false, [now, now]))).toBe('send');
  });

  it('hides the button in review, audit and static mode', () => {
    for (const opts of [{ review: true }, { audit: true }, { static: true }]) {
      expect(mayAbSendToAll(parent(false), opts)).toBe('hidden');
      expect(mayAbSendToAll(parent(true), opts)).toBe('hidden');
    }
    expect(mayAbSendToAll(parent(false), { review: false, audit: false, static: false })).toBe('send');
  });

  it('hides the button when the arms differ in schedule type or date, or an arm is missing', () => {
    expect(mayAbSendToAll(parent(false, [at, { ...at, scheduleType: 3 }]))).toBe('hidden');
    expect(mayAbSendToAll(parent(false, [at, { ...at, scheduleDate: NOW + 2 * HOUR }]))).toBe('hidden');
    expect(mayAbSendToAll(parent(true, [at, { ...at, scheduleDate: null }]))).toBe('hidden');
    expect(mayAbSendToAll(parent(false, [at]))).toBe('hidden');
  });

  it('offers sending for up to eight arms that share their schedule, and hides it when one differs', () => {
    expect(mayAbSendToAll(parent(false, [at, at, at, at]))).toBe('send');
    expect(
      mayAbSendToAll(
        parent(
          false,
          Array.from({ length: 8 }, () => at),
        ),
      ),
    ).toBe('send');
    expect(
      mayAbSendToAll(
        parent(
          false,
          Array.from({ length: 9 }, () => at),
        ),
      ),
    ).toBe('hidden');
    expect(mayAbSendToAll(parent(false, [at, at, { ...at, scheduleType: 3 }]))).toBe('hidden');
  });
});
