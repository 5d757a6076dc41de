import {
  isPullUp,
  MessageType,
  showableMessage,
  showRate,
  statRate,
  type MessageDetail,
  type MessageRow,
  targetsAudiencePackage,
} from '@beacon/shared';
import { labelsOf, type MessageRecord } from './messages.repository';

const rate = statRate;

/** A list row: counts and the rates of DESIGN §7 (reach over dispatch, show over reach, click over show), in %. */
export function toRow(m: MessageRecord): MessageRow {
  return {
    id: m.id,
    msgId: m.id,
    msgType: m.msgType,
    title: m.title,
    ownerEmail: m.ownerEmail,
    status: m.status,
    scheduleType: m.scheduleType,
    scheduleDate: m.scheduleLocal,
    createTime: new Date(m.createdAt).toISOString(),
    materialId: m.materialId,
    multiLangEnable: m.multiLangEnable,
    targetingType: m.targetingType,
    audiencePackage: targetsAudiencePackage(labelsOf(m.targetLabels)),
    pushCount: m.pushCount,
    targetCount: m.targetCount,
    dispatchCount: m.dispatchCount,
    lostCount: m.lostCount,
    arriveAll: m.reachCount,
    reachRate: rate(m.reachCount, m.dispatchCount),
    show: m.showCount,
    // the show rate's one rule: over what could be shown (a cross or pull-up message: nothing)
    showRate: showRate(
      showableMessage(m.msgType, m.data)
        ? { showableShow: m.showCount, showableReach: m.reachCount }
        : { showableShow: 0, showableReach: 0 },
    ),
    click: m.clickCount,
    clickRate: rate(m.clickCount, m.showCount),
    conversion: m.conversionCount,
    speedLimit: m.speedLimit,
    parentMsgId: m.msgType === MessageType.RECALL ? null : m.parentMsgId,
    pullUp: isPullUp(m.data),
    appGroupId: m.appGroupId,
    appGroupParentMsgId: m.appGroupParentId,
  };
}

export function toDetail(
  m: MessageRecord,
  waves: Array<{
    utcOffsetMin: number | null;
    bestMinutes: number | null;
    runAt: Date;
    status: number;
    selected: number;
  }>,
  bestHour: MessageDetail['bestHour'] = null,
): MessageDetail {
  return {
    ...toRow(m),
    data: m.data,
    conditions: m.conditions,
    groupId: m.groupId,
    userIds: m.userIds,
    fileOrigin: m.fileOrigin,
    fileLink: m.fileLink,
    scheduleUTC: m.scheduleUtc,
    timeToLive: m.ttlSeconds,
    msgRestrictType: m.restrictType,
    msgDisplayPrior: m.displayPrior,
    multiLangContent: m.multiLangContent,
    rejectReason: m.rejectReason,
    contentCreateType: m.contentCreateType,
    forecast: m.forecast,
    waves: waves.map((w) => ({ ...w, runAt: new Date(w.runAt).toISOString() })),
    controlShare: m.controlShare,
    holdoutShare: m.holdoutShare,
    bestHour,
  };
}

export { rate };
