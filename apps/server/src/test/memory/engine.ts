import { MessageStatus as S, type Condition } from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { WaveStatus } from '../../delivery/engine';
import type { MessagesEnginePort, MessagesEngineRepositoryPort } from '../../modules/messages';
import { copy, type MemoryStore } from './store';

type EngineMessage = NonNullable<Awaited<ReturnType<MessagesEngineRepositoryPort['message']>>>;

const OPEN_WAVES: readonly number[] = [WaveStatus.QUEUED, WaveStatus.RUNNING];

/** The delivery engine's SQL the messages services use, over the store (delivery/engine/engine.repository.ts). */
export class MemoryEngineRepository implements MessagesEngineRepositoryPort {
  constructor(private readonly store: MemoryStore) {}

  async message(id: number): Promise<EngineMessage | undefined> {
    const m = this.store.row(id);
    const app = m && this.store.apps.get(m.appId);
    if (!m || !app) return undefined;
    return copy({
      id: m.id,
      appId: m.appId,
      msgType: m.msgType,
      status: m.status,
      pkg: app.pkg,
      ttlSeconds: m.ttlSeconds,
      speedLimit: m.speedLimit,
      restrictType: m.restrictType,
      pushCount: m.pushCount,
      selectedCount: m.selectedCount,
      scheduleType: m.scheduleType,
      createdAt: m.createdAt,
      startedAt: m.startedAt,
      data: m.data,
      multiLangEnable: m.multiLangEnable,
      multiLangContent: m.multiLangContent,
      targetingType: m.targetingType,
      conditions: m.conditions,
      groupId: m.groupId,
      userIds: m.userIds,
      parentMsgId: m.parentMsgId,
      newDeviceProtection: app.newDeviceProtection,
      staleDays: app.staleDays,
      split: m.splitSeed === null ? null : { seed: m.splitSeed, from: m.splitFrom ?? 0, to: m.splitTo ?? 0 },
      journeyStepId: m.journeyGated ? m.id : null,
      journeyLive: false,
      controlGroup: app.controlGroup,
      transactionalOf: null,
      firebaseJsonEnc: app.firebaseJsonEnc,
      materialCountries: m.materialCountries,
      firebaseProjectId: app.firebaseProjectId,
      fcmQuotaPerMin: app.fcmQuotaPerMin,
      controlShare: m.controlShare,
      holdoutShare: m.holdoutShare,
      bestFallbackHour: null,
      bestStartMin: null,
    });
  }

  async groupConditions(appId: number, groupId: number): Promise<Condition[] | undefined> {
    const group = this.store.userGroups.get(groupId);
    return group?.appId === appId ? copy(group.conditions) : undefined;
  }

  /** The status, with when it started sending and when it ended, only from one of `from` when given. */
  async setStatus(id: number, status: number, from?: readonly number[]): Promise<boolean> {
    if (!this.store.setStatus(id, status, from)) return false;
    const m = this.store.row(id)!;
    if (status === S.SENDING) m.startedAt ??= this.store.now();
    if (([S.SENT, S.STOPPED, S.RECALLED] as number[]).includes(status)) m.finishedAt ??= this.store.now();
    return true;
  }

  async insertWave(
    messageId: number,
    utcOffsetMin: number | null,
    runAt: Date,
    status: WaveStatus,
  ): Promise<number> {
    const id = this.store.nextWaveId();
    this.store.waves.push({ id, messageId, utcOffsetMin, runAt: new Date(runAt), status });
    return id;
  }

  async cancelWaves(messageId: number): Promise<void> {
    for (const w of this.store.waves)
      if (w.messageId === messageId && OPEN_WAVES.includes(w.status)) w.status = WaveStatus.CANCELLED;
  }

  async offsets(audience: CompiledAudience): Promise<number[]> {
    const offsets = new Set(this.store.audienceDevices(audience).map((d) => d.utcOffsetMin));
    return [...offsets].sort((a, b) => a - b);
  }

  async count(audience: CompiledAudience): Promise<number> {
    return this.store.audienceDevices(audience).length;
  }

  /** The store drops no send records. */
  async beyondRetention(): Promise<boolean> {
    return false;
  }
}

/** The delivery engine as the services drive it, recording what it was asked (no sends: the database tests send). */
export class MemoryEngine implements MessagesEnginePort {
  readonly queued: Array<{ waveId: number; runAt: Date }> = [];
  readonly dispatched: Array<{ messageId: number; fromId: number; toId: number }> = [];
  readonly stopping = new Set<number>();
  readonly finishChecked: number[] = [];

  async queueWave(waveId: number, runAt: Date): Promise<void> {
    this.queued.push({ waveId, runAt });
  }

  async queueDispatch(messageId: number, fromId: number, toId: number): Promise<void> {
    this.dispatched.push({ messageId, fromId, toId });
  }

  markStopping(messageId: number): void {
    this.stopping.add(messageId);
  }

  async maybeFinish(messageId: number): Promise<void> {
    this.finishChecked.push(messageId);
  }
}
