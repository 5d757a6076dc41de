import { MessageStatus as S, REVIEW_MESSAGE_TYPES, REVIEW_STATUSES } from '@beacon/shared';
import type { AuditEntry } from '../../platform/audit-log';
import type { ReviewChange, ReviewFilter, ReviewRecord, ReviewsRepositoryPort } from '../../modules/reviews';
import { isArm } from '../../modules/messages';
import { ilike } from './ab-tests';
import { copy, type MemoryMessageRow, type MemoryStore } from './store';

/** ReviewsRepository over the store (modules/reviews/reviews.repository.ts): a decision all or nothing, audited. */
export class MemoryReviewsRepository implements ReviewsRepositoryPort {
  constructor(private readonly store: MemoryStore) {}

  private record(m: MemoryMessageRow): ReviewRecord {
    return copy({
      id: m.id,
      appId: m.appId,
      msgType: m.msgType,
      status: m.status,
      title: m.title,
      ownerEmail: m.ownerEmail,
      parentMsgId: m.parentMsgId,
      groupTag: m.groupTag,
      appGroupId: m.appGroupId,
      appGroupParentId: m.appGroupParentId,
      materialId: m.materialId,
      targetingType: m.targetingType,
      targetLabels: this.store.targetLabels(m),
      scheduleType: m.scheduleType,
      scheduleLocal: m.scheduleLocal,
      scheduleAt: m.scheduleAt,
      scheduleUtc: m.scheduleUtc,
      rejectReason: m.rejectReason,
      createdAt: m.createdAt,
    });
  }

  /** Parents (never an arm) of the review's kinds waiting for review or rejected, newest first. */
  async list(appId: number, f: ReviewFilter): Promise<{ rows: ReviewRecord[]; total: number }> {
    const kinds: readonly number[] = REVIEW_MESSAGE_TYPES;
    const statuses: readonly number[] = f.status === '' ? REVIEW_STATUSES : [f.status];
    const all = this.store
      .rows(
        (m) =>
          m.appId === appId &&
          !m.deleted &&
          kinds.includes(m.msgType) &&
          statuses.includes(m.status) &&
          m.parentMsgId === null &&
          (!f.msgId || m.id === Number(f.msgId)) &&
          (!f.ownerEmail || ilike(m.ownerEmail, f.ownerEmail)) &&
          (!f.title || ilike(m.title, f.title)) &&
          (!f.from || m.createdAt.getTime() >= f.from.getTime()) &&
          (!f.to || m.createdAt.getTime() < f.to.getTime()),
      )
      .reverse();
    const page = all.slice((f.pageNo - 1) * f.pageSize, f.pageNo * f.pageSize);
    return { rows: page.map((m) => this.record(m)), total: all.length };
  }

  async find(appId: number, id: number): Promise<ReviewRecord | undefined> {
    const m = this.store.row(id);
    return m && m.appId === appId && !m.deleted ? this.record(m) : undefined;
  }

  /** The arms A–H of each test, A first (not the "send to all" children). */
  async arms(parentIds: number[]): Promise<ReviewRecord[]> {
    return this.store
      .rows(
        (m) =>
          m.parentMsgId !== null &&
          parentIds.includes(m.parentMsgId) &&
          m.splitSeed !== null &&
          isArm(m) &&
          !m.deleted,
      )
      .sort(
        (a, b) => a.parentMsgId! - b.parentMsgId! || a.groupTag!.localeCompare(b.groupTag!) || a.id - b.id,
      )
      .map((m) => this.record(m));
  }

  async journeyEntries(parentIds: number[]): Promise<ReviewRecord[]> {
    return this.store
      .rows(
        (m) => m.parentMsgId !== null && parentIds.includes(m.parentMsgId) && !m.journeyGated && !m.deleted,
      )
      .map((m) => this.record(m));
  }

  /** Every change from pending review (11) with the reason, and the audit row; false and nothing written otherwise. */
  async decide(changes: ReviewChange[], reason: string, audit: AuditEntry): Promise<boolean> {
    const draft = new Map<number, MemoryMessageRow>();
    for (const c of changes) {
      const m = draft.get(c.id) ?? copy(this.store.row(c.id));
      if (!m || m.deleted || m.status !== S.PENDING_REVIEW) return false;
      m.status = c.status;
      m.rejectReason = reason;
      m.updatedAt = this.store.now();
      if (c.schedule) {
        m.scheduleType = c.schedule.type;
        m.scheduleLocal = c.schedule.local;
        m.scheduleAt = c.schedule.at;
      }
      draft.set(c.id, m);
    }
    for (const [id, m] of draft) this.store.messages.set(id, m);
    this.store.audit.push(copy(audit));
    return true;
  }

  async reopen(changes: ReviewChange[]): Promise<void> {
    for (const c of changes) this.store.setStatus(c.id, S.PENDING_REVIEW, [c.status]);
  }
}
