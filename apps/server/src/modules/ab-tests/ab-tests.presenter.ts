import {
  AB_WINNER_LIMITS,
  targetsAudiencePackage,
  variantsSignificance,
  type AbArmRow,
  type AbTestRow,
  type MultiLangEntry,
} from '@beacon/shared';
import { labelsOf, isArm, parentSettings } from '../messages';
import type { AbChildRecord, AbParentRecord } from './ab-tests.repository';
import { decidesAt } from './ab-winner';

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

/** A test's row: the parent's description, owner and combined status, and its children (A, B, …, then the rest). */
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
    winner: winnerOf(parent, children),
    appGroupId: parent.appGroupId,
    appGroupParentMsgId: parent.appGroupParentId,
  };
}

/** How the test picks its winner and, once picked, which arm went to the rest, why and when. */
function winnerOf(parent: AbParentRecord, children: AbChildRecord[]): AbTestRow['winner'] {
  const settings = parent.winner ?? { auto: false, afterHours: AB_WINNER_LIMITS.hoursDefault, early: true };
  const deadline = settings.auto ? decidesAt(settings, children.filter(isArm)) : null;
  const d = parent.decision;
  return {
    ...settings,
    msgId: d ? Number(d.msgId) : null,
    reason: d?.reason ?? null,
    decidedAt: d ? new Date(d.at).toISOString() : null,
    decidesAt: deadline ? deadline.toISOString() : null,
  };
}

/** The variants' rates and whether the best differs from each other one (null until every arm exists). */
function significanceOf(children: AbChildRecord[]) {
  const arms = children.filter(isArm);
  if (arms.length < 2) return null;
  return variantsSignificance(
    arms.map((c) => ({
      tag: c.groupTag,
      dispatched: c.dispatchCount,
      reach: c.reachCount,
      show: c.showCount,
      click: c.clickCount,
    })),
  );
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
