import {
  abSignificance,
  targetsAudiencePackage,
  type AbArmRow,
  type AbTestRow,
  type MultiLangEntry,
} from '@beacon/shared';
import { labelsOf, isArm, parentSettings } from '../messages';
import type { AbChildRecord, AbParentRecord } from './ab-tests.repository';

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
    contentCreateType: c.contentCreateType,
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
    audiencePackage: targetsAudiencePackage(labelsOf(parent.targetLabels)),
    abAllSent: parent.abAllSent,
    childMsgs: children.map(toArm),
    appGroupId: parent.appGroupId,
    appGroupParentMsgId: parent.appGroupParentId,
  };
}

/** Whether arm B's clicks per dispatched device differ from arm A's (null until both arms exist). */
function significanceOf(children: AbChildRecord[]) {
  const a = children.find((c) => c.groupTag === 'A');
  const b = children.find((c) => c.groupTag === 'B');
  if (!a || !b) return null;
  const counts = (c: AbChildRecord) => ({
    dispatched: c.dispatchCount,
    reach: c.reachCount,
    show: c.showCount,
    click: c.clickCount,
  });
  return abSignificance(counts(a), counts(b));
}

/** A test's detail: its row, the settings its arms share (kept on the parent) and the arms' significance. */
export function toAbDetail(test: { parent: AbParentRecord; children: AbChildRecord[] }) {
  const { parent } = test;
  return {
    ...toAbRow(test),
    ...parentSettings(parent),
    significance: significanceOf(test.children),
  };
}
