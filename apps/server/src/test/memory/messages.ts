import { MessageStatus as S, MessageType, type AbWinnerReason, type AbWinnerSettings } from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import type { AudienceEstimate } from '../../audience/sampled-estimate';
import type {
  MessageRecord,
  MessagesRepositoryPort,
  MessageWriterPort,
  NewMessage,
} from '../../modules/messages';
import { copy, newRowDefaults, type MemoryStore } from './store';

/** MessagesRepository's reads over the in-memory `messages` table (modules/messages/messages.repository.ts). */
/** The columns both an insert and a replace write from the message as given (MessageWriter's shared column list). */
function saved(v: NewMessage) {
  return {
    data: v.data,
    targetingType: v.targetingType,
    conditions: v.conditions,
    groupId: v.groupId,
    userIds: v.userIds,
    fileOrigin: v.fileOrigin ?? '',
    fileLink: v.fileLink ?? '',
    pushCount: v.pushCount,
    targetCount: v.targetCount,
    scheduleType: v.scheduleType,
    scheduleLocal: v.scheduleLocal,
    scheduleAt: v.scheduleAt,
    scheduleUtc: v.scheduleUtc,
    ttlSeconds: v.ttlSeconds,
    speedLimit: v.speedLimit,
    restrictType: v.restrictType,
    displayPrior: v.displayPrior,
    multiLangEnable: v.multiLangEnable,
    multiLangContent: v.multiLangContent as MessageRecord['multiLangContent'],
    forecast: v.forecast ?? null,
    controlShare: v.controlShare ?? 0,
    holdoutShare: v.holdoutShare ?? 0,
  };
}

export class MemoryMessagesRepository implements MessagesRepositoryPort {
  constructor(private readonly store: MemoryStore) {}

  /** Exact on the store's devices (the database samples only apps far larger than a test's). */
  async estimateAudience(audience: CompiledAudience): Promise<AudienceEstimate> {
    const count = this.store.audienceDevices(audience).length;
    return {
      count,
      exact: true,
      fraction: 1,
      matches: count,
      relativeError: 0,
      reason: 'small app',
      query: { sql: audience.sql, params: audience.params },
      sample: audience,
    };
  }

  async find(appId: number, id: number): Promise<MessageRecord | undefined> {
    const m = this.store.row(id);
    return m && m.appId === appId && !m.deleted ? this.store.record(m) : undefined;
  }

  /** An A/B test's children: arms (A, B) then its "send to all" child, by their slice. */
  async abChildren(parentId: number): Promise<MessageRecord[]> {
    return this.store
      .rows((m) => m.parentMsgId === parentId && m.splitSeed !== null && !m.deleted)
      .sort((a, b) => (a.splitFrom ?? 0) - (b.splitFrom ?? 0) || a.id - b.id)
      .map((m) => this.store.record(m));
  }

  async dmpEnabled(appId: number): Promise<boolean> {
    return this.store.apps.get(appId)?.commercialEnable === true;
  }

  async tagsOf(appId: number, ids: readonly number[]): Promise<Map<number, string>> {
    const found = new Map<number, string>();
    for (const id of ids) {
      const tag = this.store.tags.get(id);
      if (tag?.appId === appId) found.set(id, tag.flag);
    }
    return found;
  }

  /** Notifications and cross messages of a restrict type the app created since `since`, deleted ones not counted. */
  async countCreatedSince(appId: number, restrictType: number, since: Date): Promise<number> {
    const kinds: number[] = [MessageType.NOTIFICATION, MessageType.PASS_THROUGH];
    return this.store.rows(
      (m) =>
        m.appId === appId &&
        m.restrictType === restrictType &&
        m.createdAt.getTime() >= since.getTime() &&
        kinds.includes(m.msgType) &&
        !m.deleted,
    ).length;
  }

  /** The store keeps no send records: a recall finds no device that got the message. */
  async selectForRecall(): Promise<{ count: number; minId: string | null; maxId: string | null }> {
    return { count: 0, minId: null, maxId: null };
  }
}

/** MessageWriter over the in-memory `messages` table: each write as its SQL makes it (message-writer.repository.ts). */
export class MemoryMessageWriter implements MessageWriterPort {
  constructor(private readonly store: MemoryStore) {}

  private touch(id: number, change: (m: NonNullable<ReturnType<MemoryStore['row']>>) => void): void {
    const m = this.store.row(id);
    if (!m) return;
    change(m);
    m.updatedAt = this.store.now();
  }

  async reserveId(): Promise<number> {
    return this.store.nextMessageId();
  }

  async insert(n: NewMessage): Promise<number> {
    const id = n.id ?? this.store.nextMessageId();
    const v = copy(n);
    this.store.messages.set(id, {
      ...newRowDefaults(this.store.now()),
      id,
      appId: v.appId,
      msgType: v.msgType,
      status: v.status,
      title: v.title,
      ownerId: v.ownerId,
      ownerEmail: v.ownerEmail,
      ...saved(v),
      materialId: v.materialId,
      materialCountries: v.materialCountries ?? null,
      parentMsgId: v.parentMsgId,
      contentCreateType: v.contentCreateType ?? 0,
    });
    return id;
  }

  /** Who and what it is for stay (app, kind, owner, parent); the material and the AI mark only when named; waves go. */
  async replace(id: number, n: NewMessage): Promise<void> {
    const v = copy(n);
    this.touch(id, (m) => {
      const material = v.materialId;
      Object.assign(m, {
        status: v.status,
        title: v.title,
        ...saved(v),
        materialId: material ?? m.materialId,
        materialCountries: material === null ? m.materialCountries : (v.materialCountries ?? null),
        contentCreateType: v.contentCreateType ?? m.contentCreateType,
      });
    });
    for (let i = this.store.waves.length - 1; i >= 0; i--)
      if (this.store.waves[i]!.messageId === id) this.store.waves.splice(i, 1);
  }

  async setArm(
    id: number,
    arm: {
      parentMsgId: number;
      groupTag: string;
      groupPercent: number;
      split?: { seed: number; from: number; to: number } | undefined;
      round?: number | undefined;
    },
  ): Promise<void> {
    const m = this.store.row(id);
    if (!m) return;
    Object.assign(m, {
      abRound: arm.round ?? 0,
      parentMsgId: arm.parentMsgId,
      groupTag: arm.groupTag,
      groupPercent: arm.groupPercent,
      splitSeed: arm.split?.seed ?? null,
      splitFrom: arm.split?.from ?? null,
      splitTo: arm.split?.to ?? null,
    });
  }

  async softDelete(id: number): Promise<void> {
    this.touch(id, (m) => {
      m.deleted = true;
      m.status = S.DELETED;
    });
  }

  async setRecallAudience(id: number, count: number): Promise<void> {
    const m = this.store.row(id);
    if (!m) return;
    m.selectedCount = count;
    m.pushCount = Math.max(count, 1);
  }

  async setStatus(id: number, status: number, from: readonly number[]): Promise<boolean> {
    return this.store.setStatus(id, status, from);
  }

  async setAbParent(
    id: number,
    f: { status: number; pushCount: number; targetCount: number; winner: AbWinnerSettings },
  ): Promise<void> {
    const { winner, ...counts } = f;
    this.touch(id, (m) => Object.assign(m, counts, { abWinner: winner }));
  }

  async takeSendToAll(id: number, decision: { msgId: number; reason: AbWinnerReason }): Promise<boolean> {
    const m = this.store.row(id);
    if (!m || m.abAllSent) return false;
    this.touch(id, (r) => {
      r.abAllSent = true;
      r.abDecision = { ...decision, at: new Date().toISOString() };
    });
    return true;
  }

  async takeRound(id: number, round: number): Promise<boolean> {
    const m = this.store.row(id);
    if (!m || m.abAllSent || m.abRounds !== round) return false;
    this.touch(id, (r) => (r.abRounds = round + 1));
    return true;
  }

  async releaseRound(id: number, round: number): Promise<void> {
    const m = this.store.row(id);
    if (m && m.abRounds === round + 1) m.abRounds = round;
  }

  async releaseSendToAll(id: number): Promise<void> {
    const m = this.store.row(id);
    if (m) Object.assign(m, { abAllSent: false, abDecision: null });
  }

  async setJourneyDefinition(
    id: number,
    data: object,
    status: number,
    from: readonly number[],
    targetCount?: number,
  ): Promise<boolean> {
    const m = this.store.row(id);
    if (!m || !from.includes(m.status)) return false;
    this.touch(id, (r) => {
      r.data = copy(data) as Record<string, unknown>;
      r.status = status;
      if (targetCount !== undefined) {
        r.targetCount = targetCount;
        r.pushCount = targetCount;
      }
    });
    return true;
  }

  /** Out of review (`from` → `status`) and its confirmed steps deleted, or nothing when it was not in review. */
  async withdrawJourney(id: number, status: number, from: readonly number[]): Promise<boolean> {
    if (!this.store.setStatus(id, status, from)) return false;
    for (const s of this.store.rows((m) => m.parentMsgId === id && !m.deleted)) await this.softDelete(s.id);
    return true;
  }

  /** A step: its journey, tag, branch and place; gated when it has a branch (display conditions). */
  async setJourneyStep(
    id: number,
    parentId: number,
    step: { groupTag: string; displayConditions?: unknown; position?: unknown },
  ): Promise<void> {
    const m = this.store.row(id);
    if (!m) return;
    m.parentMsgId = parentId;
    m.groupTag = step.groupTag;
    m.displayConditions = step.displayConditions ? copy(step.displayConditions) : null;
    m.position = step.position ? copy(step.position) : null;
    m.journeyGated = m.displayConditions !== null;
  }

  /** A live step of an event-started journey (the memory store has none: such a journey is refused there). */
  async setJourneyLive(id: number, held = false): Promise<void> {
    const m = this.store.row(id);
    if (!m) return;
    m.journeyGated = true;
    m.status = held ? S.PENDING_REVIEW : S.SENDING;
  }
}
