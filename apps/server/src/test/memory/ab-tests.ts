import { AB_TEST_TYPE, type AbTestListRequest } from '@beacon/shared';
import { scheduleInstant } from '../../delivery/engine';
import type { AbChildRecord, AbParentRecord, AbTestsRepositoryPort } from '../../modules/ab-tests';
import { copy, type MemoryMessageRow, type MemoryStore } from './store';

const DAY_MS = 24 * 3600 * 1000;

/** `%term%` ILIKE: the term anywhere, any case. */
export const ilike = (value: string, term: string) => value.toLowerCase().includes(term.toLowerCase());

/** The rows of a list query's creation range [begin 00:00, end + 1 day 00:00) in the zone asked. */
export function createdWithin(m: MemoryMessageRow, q: { begin?: string; end?: string; tz: string }): boolean {
  const at = m.createdAt.getTime();
  if (q.begin && at < scheduleInstant(`${q.begin} 00:00:00`, q.tz).getTime()) return false;
  if (q.end && at >= scheduleInstant(`${q.end} 00:00:00`, q.tz).getTime() + DAY_MS) return false;
  return true;
}

/** AbTestsRepository over the store (modules/ab-tests/ab-tests.repository.ts). */
export class MemoryAbTestsRepository implements AbTestsRepositoryPort {
  constructor(private readonly store: MemoryStore) {}

  private parentRecord(m: MemoryMessageRow): AbParentRecord {
    return copy({
      id: m.id,
      appId: m.appId,
      title: m.title,
      ownerEmail: m.ownerEmail,
      status: m.status,
      createdAt: m.createdAt,
      targetingType: m.targetingType,
      targetLabels: this.store.targetLabels(m),
      abAllSent: m.abAllSent,
      winner: m.abWinner,
      decision: m.abDecision,
      ownerId: m.ownerId,
      rounds: m.abRounds,
      conditions: m.conditions,
      groupId: m.groupId,
      userIds: m.userIds,
      fileOrigin: m.fileOrigin,
      fileLink: m.fileLink,
      ttlSeconds: m.ttlSeconds,
      speedLimit: m.speedLimit,
      restrictType: m.restrictType,
      displayPrior: m.displayPrior,
      appGroupId: m.appGroupId,
      appGroupParentId: m.appGroupParentId,
    });
  }

  async parent(appId: number, id: number): Promise<AbParentRecord | undefined> {
    const m = this.store.row(id);
    return m && m.appId === appId && m.msgType === AB_TEST_TYPE && !m.deleted
      ? this.parentRecord(m)
      : undefined;
  }

  async list(appId: number, q: AbTestListRequest): Promise<{ rows: AbParentRecord[]; total: number }> {
    const all = this.store
      .rows(
        (m) =>
          m.appId === appId &&
          !m.deleted &&
          m.msgType === AB_TEST_TYPE &&
          (!q.desc || ilike(m.title, q.desc)) &&
          (!q.creator || ilike(m.ownerEmail, q.creator)) &&
          createdWithin(m, q),
      )
      .reverse();
    const page = all.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
    return { rows: page.map((m) => this.parentRecord(m)), total: all.length };
  }

  /** The children of the given tests, by test, then slice (A, B, …, the rest), then id. */
  async children(parentIds: number[]): Promise<AbChildRecord[]> {
    return this.store
      .rows(
        (m) =>
          m.parentMsgId !== null && parentIds.includes(m.parentMsgId) && m.splitSeed !== null && !m.deleted,
      )
      .sort(
        (a, b) =>
          a.parentMsgId! - b.parentMsgId! ||
          Number(a.groupTag?.endsWith('*')) - Number(b.groupTag?.endsWith('*')) ||
          a.abRound - b.abRound ||
          a.splitFrom! - b.splitFrom! ||
          a.id - b.id,
      )
      .map((m) =>
        copy({
          id: m.id,
          parentMsgId: m.parentMsgId!,
          msgType: m.msgType,
          status: m.status,
          groupTag: m.groupTag ?? '',
          groupPercent: m.groupPercent ?? 0,
          splitFrom: m.splitFrom!,
          splitTo: m.splitTo!,
          scheduleType: m.scheduleType,
          scheduleLocal: m.scheduleLocal,
          scheduleAt: m.scheduleAt,
          startedAt: m.startedAt,
          round: m.abRound,
          data: m.data,
          multiLangEnable: m.multiLangEnable,
          multiLangContent: m.multiLangContent,
          contentCreateType: m.contentCreateType,
          pushCount: m.pushCount,
          targetCount: m.targetCount,
          dispatchCount: m.dispatchCount,
          reachCount: m.reachCount,
          showCount: m.showCount,
          clickCount: m.clickCount,
        }),
      );
  }
}
