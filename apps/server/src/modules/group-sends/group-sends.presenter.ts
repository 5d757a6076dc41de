import type { GroupChildRow } from '@beacon/shared';
import type { MessageRecord } from '../messages';

/** A group-send child as its parent's row lists it. */
export function toGroupChild(m: MessageRecord & { appTitle: string; pkg: string }): GroupChildRow {
  return {
    msgId: m.id,
    appId: m.appId,
    appTitle: m.appTitle,
    pkg: m.pkg,
    status: m.status,
    pushCount: m.pushCount,
    targetCount: m.targetCount,
    dispatchCount: m.dispatchCount,
    arriveAll: m.reachCount,
    show: m.showCount,
    click: m.clickCount,
  };
}
