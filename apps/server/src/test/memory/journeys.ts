import { JOURNEY_TYPE, type JourneyListRequest } from '@beacon/shared';
import type { JourneyStepRecord, JourneysRepositoryPort } from '../../modules/journeys';
import { createdWithin, ilike } from './ab-tests';
import { copy, type MemoryStore } from './store';

/** JourneysRepository's reads the service makes, over the store (modules/journeys/journeys.repository.ts). */
export class MemoryJourneysRepository implements JourneysRepositoryPort {
  constructor(private readonly store: MemoryStore) {}

  async list(appId: number, q: JourneyListRequest): Promise<{ ids: number[]; total: number }> {
    const all = this.store
      .rows(
        (m) =>
          m.appId === appId &&
          !m.deleted &&
          m.msgType === JOURNEY_TYPE &&
          (!q.desc || ilike(m.title, q.desc)) &&
          (!q.creator || ilike(m.ownerEmail, q.creator)) &&
          createdWithin(m, q),
      )
      .reverse();
    const page = all.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
    return { ids: page.map((m) => m.id), total: all.length };
  }

  /** The steps of the given journeys, in id order. */
  async steps(parentIds: number[]): Promise<JourneyStepRecord[]> {
    return this.store
      .rows((m) => m.parentMsgId !== null && parentIds.includes(m.parentMsgId) && !m.deleted)
      .map((m) =>
        copy({
          id: m.id,
          appId: m.appId,
          parentMsgId: m.parentMsgId!,
          groupTag: m.groupTag ?? '',
          title: m.title,
          msgType: m.msgType,
          status: m.status,
          data: m.data,
          multiLangEnable: m.multiLangEnable,
          multiLangContent: m.multiLangContent,
          conditions: m.conditions,
          displayConditions: m.displayConditions as JourneyStepRecord['displayConditions'],
          position: m.position as JourneyStepRecord['position'],
          gated: m.journeyGated,
          targetCount: m.targetCount,
          pushCount: m.pushCount,
          dispatchCount: m.dispatchCount,
          reachCount: m.reachCount,
          showCount: m.showCount,
          clickCount: m.clickCount,
          enteredAt: m.enteredAt,
          dueAt: m.dueAt,
          finishedAt: m.finishedAt,
        }),
      );
  }

  async rates(appId: number): Promise<{ push: number; dispatch: number; show: number; click: number }> {
    return { ...(this.store.rates.get(appId) ?? { push: 0, dispatch: 0, show: 0, click: 0 }) };
  }
}
