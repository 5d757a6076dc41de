import {
  MaterialStatus,
  statRate,
  type MaterialDetail,
  type MaterialReportRow,
  type MaterialRow,
} from '@beacon/shared';
import type { MaterialMessage, MaterialRecord } from './materials.repository';

/**
 * A list row. The counters are the message list's (messages.presenter toRow) summed over the material's messages:
 * `push` its dispatchCount (accepted by FCM), `reach` its arriveAll; the rates as that list computes them (statRate:
 * show over reach, click over show, in % with two decimals).
 */
export function toRow(m: MaterialRecord): MaterialRow {
  return {
    materialId: m.id,
    materialType: m.materialType,
    title: m.title,
    ownerEmail: m.ownerEmail,
    createType: m.createType,
    createDate: new Date(m.createdAt).toISOString(),
    status: m.status,
    attribute: m.attribute,
    multiLangEnable: m.multiLangEnable,
    subCount: m.multiLangContent.length,
    nationalAttributes: { pushCountrySet: m.pushCountrySet, notPushCountrySet: m.notPushCountrySet },
    contentCreateType: m.contentCreateType,
    rejectReason: m.status === MaterialStatus.REJECTED ? m.rejectReason : '',
    messages: m.messages,
    push: m.dispatch,
    reach: m.reach,
    show: m.show,
    showRate: statRate(m.show, m.reach),
    click: m.click,
    clickRate: statRate(m.click, m.show),
  };
}

export function toDetail(m: MaterialRecord): MaterialDetail {
  return { ...toRow(m), data: m.data, multiLangContent: m.multiLangContent, msgId: m.msgId };
}

/** A message of the material report: the message list row's counters and rates for that message. */
export function toReportRow(m: MaterialMessage): MaterialReportRow {
  return {
    msgId: m.id,
    id: m.id,
    msgType: m.msgType,
    title: m.title,
    status: m.status,
    scheduleDate: m.scheduleLocal,
    createTime: new Date(m.createdAt).toISOString(),
    push: m.dispatchCount,
    reach: m.reachCount,
    show: m.showCount,
    showRate: statRate(m.showCount, m.reachCount),
    click: m.clickCount,
    clickRate: statRate(m.clickCount, m.showCount),
  };
}
