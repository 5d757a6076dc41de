import { AB_TAGS, MessageType, statRate, type AbArmRow, type AbTestRow } from '@beacon/shared';
import { scheduleInstant } from '../../messages';

/** The counts a row shows: one message's, or a test's summed over its messages. */
export interface AbCounts {
  pushCount: number;
  targetCount: number;
  dispatchCount: number;
  arriveAll: number;
  show: number;
  click: number;
}

/** A test's counts: the sums over its arms and its "send to all" message. */
export function testCounts(row: Pick<AbTestRow, 'childMsgs'>): AbCounts {
  const sum = (key: keyof AbCounts) => row.childMsgs.reduce((n, c) => n + c[key], 0);
  return {
    pushCount: sum('pushCount'),
    targetCount: sum('targetCount'),
    dispatchCount: sum('dispatchCount'),
    arriveAll: sum('arriveAll'),
    show: sum('show'),
    click: sum('click'),
  };
}

/** The rates of a row of counts, in percent, each over the step before (DESIGN §7, as the server's lists). */
export function countRates(c: AbCounts): { reachRate: number; showRate: number; clickRate: number } {
  return {
    reachRate: statRate(c.arriveAll, c.dispatchCount),
    showRate: statRate(c.show, c.arriveAll),
    clickRate: statRate(c.click, c.show),
  };
}

/** The arms of a test, A, B, C… in order (not the "send to all" message). */
export function armsOf(row: Pick<AbTestRow, 'childMsgs'>): AbArmRow[] {
  const arms = row.childMsgs.filter((c) => !c.rest);
  return AB_TAGS.flatMap((tag) => arms.filter((c) => c.groupTag === tag));
}

/** The arm sent to the rest once the winner is decided (the operator's or the server's choice); undefined before. */
export function winnerArm(row: Pick<AbTestRow, 'childMsgs' | 'winner'>): AbArmRow | undefined {
  const id = row.winner?.msgId;
  return id === null || id === undefined ? undefined : armsOf(row).find((a) => a.msgId === id);
}

/** The arm a "send to all" message came from (its tag is the arm's with a star: `B*`). */
export const restSource = (child: Pick<AbArmRow, 'groupTag'>): string => child.groupTag.replace('*', '');

/** A test as the shared row rules read it (`rowActions`): msgType 4, the first arm's schedule, the arms. */
export function actionRow(row: AbTestRow) {
  const [a] = armsOf(row);
  return {
    status: row.status,
    msgType: MessageType.AB_TEST,
    targetingType: row.targetingType,
    audiencePackage: row.audiencePackage,
    scheduleType: a?.scheduleType ?? 1,
    scheduleDate: a?.scheduleDate ?? null,
    children: armsOf(row),
  };
}

/** The arms as `mayAbSendToAll` reads them: their schedule type and instant. */
export const sendToAllArms = (row: Pick<AbTestRow, 'childMsgs'>) =>
  armsOf(row).map((a) => ({ scheduleType: a.scheduleType, scheduleDate: scheduleInstant(a.scheduleDate) }));
