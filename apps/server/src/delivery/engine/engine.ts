import type PgBoss from 'pg-boss';
import { MessageStatus as S } from '@beacon/shared';
import type { SecretBox } from '../../lib/secret-box';
import type { FcmClient } from '../fcm-client';
import type { FcmApp, ServiceAccount } from '../fcm-types';
import { JOBS } from '../../jobs/boss';
import { retryDelayMs } from '../backoff';
import { audienceOf } from './audience-source';
import type { EngineMessage, EngineRepository, SendResultRow } from './engine.repository';
import { filterDevice, LOSS, type PolicyFilter } from './filters';
import { buildFcmMessage, dataBytes, type PayloadMessage } from './payload';
import { SpeedLimiter } from './speed-limiter';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface EngineDeps {
  repo: EngineRepository;
  boss: PgBoss;
  client: FcmClient;
  box: SecretBox;
  publicUrl: string;
  log: Log;
  /** Platform policies per app (banned countries and hours, shielding, limits), when available. */
  policyFor?: (appId: number, message: EngineMessage) => Promise<PolicyFilter | undefined>;
  /** Called when an app's FCM credentials fail. */
  onAuthFailure?: (appId: number, message: string) => void;
  pageSize?: number;
  maxAttempts?: number;
  /** Dispatch workers per process. */
  dispatchConcurrency?: number;
}

const CHUNK = 100;
const STOPPING = new Set<number>([S.STOP_IN_PROCESS, S.STOPPED, S.STOPPED_ALT, S.DELETED, S.DELETED_ALT, S.INVALID]);

/**
 * The delivery engine (DESIGN §5): waves resolve the audience in keyset pages and filter it into send records;
 * dispatch jobs send batches through FCM under the message's speed limit and the app's FCM quota; every stage is a
 * pg-boss job that re-reads state, so a crashed worker's job runs again and finishes the work (devices in flight at
 * the crash are sent again: tag and collapse key, the message id, make the device show it once).
 */
export class DeliveryEngine {
  private readonly stopping = new Set<number>();
  private readonly limiters = new Map<number, SpeedLimiter>();
  private readonly apps = new Map<number, FcmApp>();

  constructor(private readonly deps: EngineDeps) {}

  /** Starts this process's workers. */
  async start(): Promise<void> {
    const { boss } = this.deps;
    await boss.work<{ waveId: number }>(JOBS.wave.name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await this.runWave(JOBS.wave.payload.parse(job.data).waveId);
    });
    for (let i = 0; i < (this.deps.dispatchConcurrency ?? 4); i++) {
      await boss.work<{ messageId: number; fromId: number; toId: number }>(JOBS.dispatch.name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (job) await this.dispatch(JOBS.dispatch.payload.parse(job.data));
      });
    }
  }

  /** Queues a wave to run at `runAt`. */
  async queueWave(waveId: number, runAt: Date): Promise<void> {
    await this.deps.boss.send(JOBS.wave.name, { waveId }, { startAfter: runAt, singletonKey: `wave-${waveId}` });
  }

  /** Queues one dispatch batch (a device id range of a message's selected devices). */
  async queueDispatch(messageId: number, fromId: number, toId: number): Promise<void> {
    await this.deps.boss.send(JOBS.dispatch.name, { messageId, fromId, toId });
  }

  /** Asks every batch of the message in this process to send nothing more (other processes see the status). */
  markStopping(messageId: number): void {
    this.stopping.add(messageId);
  }

  private isStopping(messageId: number): boolean {
    return this.stopping.has(messageId);
  }

  async runWave(waveId: number): Promise<void> {
    const { repo } = this.deps;
    const wave = await repo.wave(waveId);
    if (!wave || wave.status >= 2) return;
    const msg = await repo.message(wave.messageId);
    if (!msg) return;
    if (STOPPING.has(msg.status) || this.isStopping(msg.id)) {
      await repo.updateWave(waveId, { status: 4 });
      await this.maybeFinish(msg.id);
      return;
    }
    await repo.setStatus(msg.id, S.SENDING, [S.WAITING, S.WAITING_SCHEDULED, S.WAITING_LOCAL, S.SENDING]);
    await repo.updateWave(waveId, { status: 1 });
    const groupConditions = msg.targetingType === 3 && msg.groupId ? await repo.groupConditions(msg.appId, msg.groupId) : undefined;
    const audience = audienceOf({ ...msg, ...(groupConditions ? { groupConditions } : {}) }, wave.utcOffsetMin);
    const policy = await this.deps.policyFor?.(msg.appId, msg);
    let cursor = wave.cursor;
    let selected = msg.selectedCount;
    const pageSize = this.deps.pageSize ?? 1000;
    for (;;) {
      if (this.isStopping(msg.id) || selected >= msg.pushCount) break;
      const page = await repo.page(audience, cursor, pageSize);
      if (page.length === 0) break;
      const now = Date.now();
      await policy?.prefetch?.(page);
      const rows: Array<{ deviceId: string; lossCode: number }> = [];
      let survivors = 0;
      for (const device of page) {
        const loss = filterDevice(device, now, policy);
        if (loss === 0) {
          if (selected + survivors >= msg.pushCount) continue;
          survivors++;
        }
        rows.push({ deviceId: device.id, lossCode: loss });
      }
      const result = await repo.select(msg.id, rows);
      selected += result.selected;
      const last = (page.at(-1) as (typeof page)[number]).id;
      const first = rows.find((r) => r.lossCode === 0)?.deviceId;
      if (first) await this.deps.boss.send(JOBS.dispatch.name, { messageId: msg.id, fromId: Number(first), toId: Number(last) });
      cursor = last;
      await repo.updateWave(waveId, { cursor, selectedDelta: result.selected });
      if (page.length < pageSize) break;
    }
    await repo.updateWave(waveId, { status: 2 });
    await this.maybeFinish(msg.id);
  }

  private fcmApp(msg: EngineMessage): FcmApp | undefined {
    const cached = this.apps.get(msg.appId);
    if (cached) return cached;
    if (!msg.firebaseJsonEnc) return undefined;
    const serviceAccount = JSON.parse(this.deps.box.open(msg.firebaseJsonEnc)) as ServiceAccount;
    const app = { appId: String(msg.appId), serviceAccount };
    this.apps.set(msg.appId, app);
    return app;
  }

  /** Forgets cached credentials (after an app's service account changes). */
  forgetApp(appId: number): void {
    this.apps.delete(appId);
  }

  async dispatch(batch: { messageId: number; fromId: number; toId: number }): Promise<void> {
    const { repo, client } = this.deps;
    const msg = await repo.message(batch.messageId);
    if (!msg) return;
    if (STOPPING.has(msg.status) || this.isStopping(msg.id)) return this.maybeFinish(msg.id);
    const claimed = await repo.claim(msg.id, batch.fromId, batch.toId);
    if (claimed.length === 0) return this.maybeFinish(msg.id);
    const app = this.fcmApp(msg);
    const payload: PayloadMessage = {
      id: msg.id,
      msgType: msg.msgType,
      pkg: msg.pkg,
      ttlSeconds: msg.ttlSeconds,
      createdAt: msg.createdAt,
      data: msg.data,
      multiLangEnable: msg.multiLangEnable,
      multiLangContent: msg.multiLangContent,
      publicUrl: this.deps.publicUrl,
      ...(msg.msgType === 99 && msg.parentMsgId ? { targetMsgId: msg.parentMsgId } : {}),
    };
    let limiter = this.limiters.get(msg.id);
    if (!limiter) {
      limiter = new SpeedLimiter(msg.speedLimit);
      this.limiters.set(msg.id, limiter);
    }
    const deadline = (msg.startedAt ?? msg.createdAt).getTime() + msg.ttlSeconds * 1000;
    const maxAttempts = this.deps.maxAttempts ?? 5;
    let retryAfter = 0;
    const retry: string[] = [];
    for (let i = 0; i < claimed.length; i += CHUNK) {
      const chunk = claimed.slice(i, i + CHUNK);
      if (this.isStopping(msg.id)) {
        await repo.release(msg.id, claimed.slice(i).map((c) => c.deviceId));
        break;
      }
      await limiter.take(chunk.length);
      if (this.isStopping(msg.id)) {
        // stopped while this batch waited for its turn under the speed limit
        await repo.release(msg.id, claimed.slice(i).map((c) => c.deviceId));
        break;
      }
      const results: SendResultRow[] = [];
      if (!app) {
        for (const c of chunk) results.push({ deviceId: c.deviceId, outcome: 2, lossCode: LOSS.INVALID_KEY, fcmName: null });
      } else {
        const outcomes = await Promise.all(
          chunk.map((c) => {
            const message = buildFcmMessage(payload, c.token, c.language);
            if (dataBytes(message.data as Record<string, string>) > 4096) return Promise.resolve({ outcome: 'message_invalid' as const, httpStatus: 400, message: 'data over 4096 bytes' });
            return client.send(app, message);
          }),
        );
        outcomes.forEach((r, k) => {
          const deviceId = (chunk[k] as (typeof chunk)[number]).deviceId;
          switch (r.outcome) {
            case 'dispatched':
              results.push({ deviceId, outcome: 1, lossCode: 0, fcmName: r.name });
              break;
            case 'token_dead':
              results.push({ deviceId, outcome: 2, lossCode: LOSS.UNINSTALLED, fcmName: null });
              break;
            case 'sender_mismatch':
              results.push({ deviceId, outcome: 2, lossCode: LOSS.SENDER_MISMATCH, fcmName: null });
              break;
            case 'message_invalid':
              results.push({ deviceId, outcome: 2, lossCode: LOSS.OTHER, fcmName: null });
              break;
            case 'auth_error':
              results.push({ deviceId, outcome: 2, lossCode: LOSS.INVALID_KEY, fcmName: null });
              this.deps.onAuthFailure?.(msg.appId, r.message);
              break;
            case 'retry': {
              const attempt = (chunk[k] as (typeof chunk)[number]).attempts;
              const delay = retryDelayMs(attempt, r);
              if (Date.now() + delay > deadline || attempt >= maxAttempts) {
                results.push({ deviceId, outcome: 2, lossCode: LOSS.PROVIDER_ERROR, fcmName: null });
              } else {
                retry.push(deviceId);
                retryAfter = Math.max(retryAfter, delay);
              }
              break;
            }
          }
        });
      }
      await repo.record(msg.id, results);
    }
    if (retry.length) {
      await repo.release(msg.id, retry);
      const ids = retry.map(Number);
      await this.deps.boss.send(
        JOBS.dispatch.name,
        { messageId: msg.id, fromId: Math.min(...ids), toId: Math.max(...ids) },
        { startAfter: Math.ceil(retryAfter / 1000) },
      );
    }
    await this.maybeFinish(msg.id);
  }

  /** Moves the message to its final status once no wave is open and no device is waiting or in flight. */
  async maybeFinish(messageId: number): Promise<void> {
    const { repo } = this.deps;
    const msg = await repo.message(messageId);
    if (!msg) return;
    if (msg.status === S.STOP_IN_PROCESS || this.isStopping(messageId)) {
      // devices still waiting stay unsent; the message is stopped for good
      await repo.cancelWaves(messageId);
      await repo.setStatus(messageId, S.STOPPED, [S.STOP_IN_PROCESS, S.SENDING, S.WAITING, S.WAITING_SCHEDULED, S.WAITING_LOCAL]);
      return;
    }
    if (msg.status !== S.SENDING) return;
    if ((await repo.openWaves(messageId)) > 0 || (await repo.pending(messageId)) > 0) return;
    await repo.setStatus(messageId, S.SENT, [S.SENDING]);
    this.limiters.delete(messageId);
    if (msg.msgType === 99 && msg.parentMsgId) await repo.setStatus(msg.parentMsgId, S.RECALLED, [S.RECALLING]);
  }
}
