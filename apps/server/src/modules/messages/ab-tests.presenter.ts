import type { AbArmRow, AbTestRow, MultiLangEntry } from '@beacon/shared';
import type { AbChildRecord, AbParentRecord } from './ab-tests.repository';
import { isArm } from './ab-arms';

function toArm(c: AbChildRecord): AbArmRow {
  return {
    msgId: c.id,
    groupTag: c.groupTag,
    groupPercent: c.groupPercent,
    msgType: c.msgType,
    status: c.status,
    scheduleType: c.scheduleType,
    scheduleDate: c.scheduleLocal,
    data: c.data,
    multiLangEnable: c.multiLangEnable,
    multiLangContent: c.multiLangContent as MultiLangEntry[],
    pushCount: c.pushCount,
    targetCount: c.targetCount,
    dispatchCount: c.dispatchCount,
    arriveAll: c.reachCount,
    show: c.showCount,
    click: c.clickCount,
    rest: !isArm(c),
  };
}

/** A test's row: the parent's description, owner and combined status, and its children (A, B, then the rest). */
export function toAbRow({
  parent,
  children,
}: {
  parent: AbParentRecord;
  children: AbChildRecord[];
}): AbTestRow {
  return {
    id: parent.id,
    msgId: parent.id,
    title: parent.title,
    ownerEmail: parent.ownerEmail,
    status: parent.status,
    createTime: new Date(parent.createdAt).toISOString(),
    targetingType: parent.targetingType,
    abAllSent: parent.abAllSent,
    childMsgs: children.map(toArm),
  };
}
