import type PgBoss from 'pg-boss';
import { BEST_HOUR, controlBuckets, MessageStatus as S, MessageType, TargetingType } from '@beacon/shared';
import type { SecretBox } from '../../lib/secret-box';
import type { FcmClient } from '../fcm-client';
import type { FcmApp, ServiceAccount } from '../fcm-types';
import { dispatchJobOptions, JOBS } from '../../jobs/boss';
import { audienceOf, bestHourWave, holdoutsOf } from './audience-source';
import type { Batch, BatchRepository } from './batch.repository';
import { BatchRun } from './batch-run';
import { LeaseClock } from './lease-clock';
import type { EngineMessage, EngineRepository } from './engine.repository';
import { withMaterialCountries } from './filters';
import { BatchKind, BatchStatus, WaveStatus } from './kinds';
import { PayloadCache, payloadOf } from './payload';
import type { AuthFailureSink, DeliveryMetrics, PolicySource } from './ports';
import { ProjectQuotas } from './project-quotas';
import { SpeedLimiter } from './speed-limiter';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The engine's knobs (DeliveryRuntime takes them from Config.delivery; docs/operations.md). */
export interface EngineSettings {
  /** devices per audience page (one statement each) */
  pageSize: number;
  /** dispatch jobs per process */
  dispatchConcurrency: number;
  /** FCM requests in flight per dispatch job */
  window: number;
  /** pages per batch: a wave of N devices becomes ⌈N / (pageSize × batchPages)⌉ batches */
  batchPages: number;
  maxAttempts: number;
  /** how long a dispatch job (and the lease of its batch) may run before another worker takes the batch over */
  dispatchExpireSeconds: number;
  /** how long a send of unknown fate (its worker died mid-request) waits for the device's receipt before a resend */
  receiptWindowSeconds: number;
}

export const ENGINE_DEFAULTS: EngineSettings = {
  pageSize: 1000,
  dispatchConcurrency: 4,
  window: 250,
  batchPages: 4,
  maxAttempts: 5,
  dispatchExpireSeconds: 60,
  receiptWindowSeconds: 120,
};

export interface EngineDeps {
  repo: EngineRepository;
  batches: BatchRepository;
  boss: PgBoss;
  client: FcmClient;
  box: SecretBox;
  publicUrl: string;
  log: Log;
  /** Platform policies per app (banned countries and hours, shielding, limits), when available. */
  policyFor?: PolicySource;
  /** Called when an app's FCM credentials fail. */
  onAuthFailure?: AuthFailureSink;
  /** Called once a message has sent (moved to status 1), e.g. a journey's step whose followers wait for it. */
  onFinished?: (messageId: number) => Promise<void>;
  /** The process's metrics (speed-limit waits here; the batches' results through BatchRepository), when on. */
  metrics?: DeliveryMetrics;
  settings?: Partial<EngineSettings>;
}

/**
 * A message its review has not passed (waiting 11, rejected 12, awaiting audit 13): the engine plans and sends none
 * of it, whatever was queued (docs/review.md). A review that passes moves it out first, then plans new waves.
 */
const UNREVIEWED = new Set<number>([S.PENDING_REVIEW, S.REVIEW_REJECTED, S.AWAITING_AUDIT]);

/** How long a best-hour wave waits before it looks again whether the earlier ones have read their audiences. */
const BEST_WAVE_WAIT_MS = 2_000;

const STOPPING = new Set<number>([
  S.STOP_IN_PROCESS,
  S.STOPPED,
  S.STOPPED_ALT,
  S.DELETED,
  S.DELETED_ALT,
  S.INVALID,
]);

/**
 * The delivery engine (DESIGN §5): a wave splits its audience into device-id ranges (batches); parallel dispatch
 * jobs each hold one batch (a lease), read its audience page by page, filter, send through FCM with a sliding window
 * of requests under the message's speed limit and the app's quota, and record results in set-based statements.
 * Stopping the process (drain) finishes the requests on the wire, records them and hands the rest of the batch
 * over. Each send is written in flight before its request: a killed or cut-off worker's batch is taken over once its
 * lease runs out, and the sends it left in flight are resolved by the devices' receipts (docs/scaling.md).
 */
export class DeliveryEngine {
  private readonly stopping = new Set<number>();
  private readonly limiters = new Map<number, SpeedLimiter>();
  /** the FCM quota of each Firebase project, shared through the database with every sender */
  private readonly quotas: ProjectQuotas;
  private readonly apps = new Map<number, FcmApp>();
  private readonly settings: EngineSettings;
  private readonly active = new Set<Promise<unknown>>();
  private readonly watches = new Map<number, { timer: NodeJS.Timeout; users: number }>();
  private draining = false;

  constructor(private readonly deps: EngineDeps) {
    this.settings = { ...ENGINE_DEFAULTS, ...deps.settings };
    this.quotas = new ProjectQuotas(
      deps.repo,
      (err, projectId) => deps.log.error({ err, projectId }, 'lowering the FCM quota pace failed'),
      deps.metrics,
    );
  }

  /** Starts this process's workers. */
  async start(): Promise<void> {
    const { boss } = this.deps;
    await boss.work<{ waveId: number }>(
      JOBS.wave.name,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (job) await this.track(this.runWave(JOBS.wave.payload.parse(job.data).waveId));
      },
    );
    for (let i = 0; i < this.settings.dispatchConcurrency; i++) {
      await boss.work<{ batchId: number }>(
        JOBS.dispatch.name,
        { batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (job) await this.track(this.dispatch(JOBS.dispatch.payload.parse(job.data).batchId));
        },
      );
    }
  }

  private async track<T>(p: Promise<T>): Promise<T> {
    this.active.add(p);
    try {
      return await p;
    } finally {
      this.active.delete(p);
    }
  }

  /**
   * Graceful stop: batches send nothing more, the requests already on the wire finish and are recorded, and each
   * batch is handed back (open, queued again) for another worker. Resolves when no job of this process runs.
   */
  async drain(): Promise<void> {
    this.draining = true;
    while (this.active.size) await Promise.allSettled([...this.active]);
  }

  /** Queues a wave to run at `runAt`. */
  async queueWave(waveId: number, runAt: Date): Promise<void> {
    await this.deps.boss.send(
      JOBS.wave.name,
      { waveId },
      { startAfter: runAt, singletonKey: `wave-${waveId}` },
    );
  }

  /** Queues the send of a message's send records already written in a device id range (a recall). */
  async queueDispatch(messageId: number, fromId: number, toId: number): Promise<void> {
    const batchId = await this.deps.batches.insertRecordsBatch(messageId, fromId, toId);
    await this.deps.boss.send(JOBS.dispatch.name, { batchId });
  }

  /** Asks every batch of the message in this process to send nothing more (other processes see the status). */
  markStopping(messageId: number): void {
    this.stopping.add(messageId);
  }

  private isStopping(messageId: number): boolean {
    return this.stopping.has(messageId);
  }

  async runWave(waveId: number): Promise<void> {
    const { repo, batches, boss } = this.deps;
    const wave = await repo.wave(waveId);
    if (!wave || wave.status >= WaveStatus.DONE) return; // done, skipped or cancelled
    const msg = await repo.message(wave.messageId);
    if (!msg) return;
    if (UNREVIEWED.has(msg.status)) {
      this.deps.log.warn(
        { messageId: msg.id, waveId, status: msg.status },
        'wave of a message not passed by review: cancelled, nothing planned',
      );
      await repo.updateWave(waveId, { status: WaveStatus.CANCELLED });
      return;
    }
    if (STOPPING.has(msg.status) || this.isStopping(msg.id)) {
      await repo.updateWave(waveId, { status: WaveStatus.CANCELLED });
      await this.maybeFinish(msg.id);
      return;
    }
    // a best-hour wave takes every device of its hours not sent yet: it waits while an earlier one still reads its
    // audience (a crowded hour spilling into the next, paced by the quota), so that no device is taken by two
    if (
      wave.bestMinutes !== null &&
      wave.bestMinutes >= 0 &&
      (await repo.bestWavesSending(msg.id, waveId, wave.bestMinutes)) > 0
    ) {
      await this.deps.boss.send(
        JOBS.wave.name,
        { waveId },
        { startAfter: new Date(Date.now() + BEST_WAVE_WAIT_MS) },
      );
      return;
    }
    await repo.setStatus(msg.id, S.SENDING, [S.WAITING, S.WAITING_SCHEDULED, S.WAITING_LOCAL, S.SENDING]);
    await repo.updateWave(waveId, { status: WaveStatus.RUNNING });
    const bounds = await repo.bounds(await this.audience(msg, wave.utcOffsetMin, wave.bestMinutes, waveId));
    if (bounds.count > 0) {
      const parts = Math.ceil(bounds.count / (this.settings.pageSize * this.settings.batchPages));
      const ids = await batches.plan(msg.id, waveId, bounds.minId, bounds.maxId, parts);
      const { retryLimit, retryDelay, expireInSeconds } = dispatchJobOptions(
        this.settings.dispatchExpireSeconds,
      );
      for (let i = 0; i < ids.length; i += 1000) {
        await boss.insert(
          ids.slice(i, i + 1000).map((batchId) => ({
            name: JOBS.dispatch.name,
            data: { batchId },
            retryLimit,
            retryDelay,
            expireInSeconds,
          })),
        );
      }
    }
    await repo.updateWave(waveId, { status: WaveStatus.DONE });
    await this.maybeFinish(msg.id);
  }

  private async audience(
    msg: EngineMessage,
    utcOffsetMin: number | null,
    bestMinutes: number | null,
    waveId: number | null,
  ) {
    const groupConditions =
      msg.targetingType === TargetingType.USER_GROUP && msg.groupId
        ? await this.deps.repo.groupConditions(msg.appId, msg.groupId)
        : undefined;
    // a live journey step's wave sends to the members it was given, not to every member of the step
    const journeyWaveId = msg.journeyLive ? waveId : null;
    const audience = audienceOf(
      { ...msg, journeyWaveId, ...(groupConditions ? { groupConditions } : {}) },
      utcOffsetMin,
    );
    if (bestMinutes === null) return audience;
    // a best-hour wave: the plan's split and hours, as fixed on the message when it was planned
    const plan = {
      seed: msg.id,
      controlBuckets: controlBuckets(msg.controlShare),
      fallbackHour: msg.bestFallbackHour ?? BEST_HOUR.defaultHour,
      startMin: msg.bestStartMin ?? 0,
    };
    return bestHourWave(audience, plan, bestMinutes);
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

  async dispatch(batchId: number): Promise<void> {
    const { repo, batches } = this.deps;
    if (this.draining) return this.requeue(batchId);
    const { dispatchExpireSeconds: leaseSeconds, receiptWindowSeconds } = this.settings;
    const clock = new LeaseClock(leaseSeconds);
    const { batch, status } = await batches.lease(batchId, leaseSeconds, receiptWindowSeconds);
    if (!batch) {
      // another worker holds it: try again once its lease has run out (pg-boss retries the job)
      if (status === BatchStatus.OPEN) throw new Error(`batch ${batchId} is held by another worker`);
      return;
    }
    const msg = await repo.message(batch.messageId);
    if (!msg) return batches.release(batch, BatchStatus.CANCELLED, null);
    if (UNREVIEWED.has(msg.status)) {
      this.deps.log.warn(
        { messageId: msg.id, batchId, status: msg.status },
        'batch of a message not passed by review: cancelled, nothing sent',
      );
      return batches.release(batch, BatchStatus.CANCELLED, null);
    }
    if (STOPPING.has(msg.status) || this.isStopping(msg.id)) {
      await batches.release(batch, BatchStatus.CANCELLED, null);
      return this.maybeFinish(msg.id);
    }
    try {
      const result = await this.runBatch(msg, batch, clock);
      const a = result.ambiguous;
      if (a && a.received + a.resend + a.deferred > 0)
        this.deps.log.info(
          { messageId: msg.id, batchId, attempts: batch.attempts, ...a },
          'sends left in flight: resolved by receipts (received), to send again (resend), waiting for receipts (deferred)',
        );
      if (this.isStopping(msg.id)) {
        await batches.release(batch, BatchStatus.CANCELLED, null);
      } else if (result.halted) {
        // shutting down: the batch goes back open (its waiting records re-read) for another worker
        await batches.release(batch, BatchStatus.OPEN, new Date(), result.resolved);
        await this.requeue(batch.id);
      } else {
        // devices that wait (a window, a retry; after a crash, retries recorded before it) keep the batch open
        const mayWait =
          result.waiting || batch.waiting || batch.kind === BatchKind.SEND_RECORDS || batch.attempts > 1;
        const due = mayWait ? await batches.nextDue(batch) : null;
        await batches.release(batch, due ? BatchStatus.OPEN : BatchStatus.DONE, due, result.resolved);
        if (due) await this.requeue(batch.id, due);
      }
    } catch (err) {
      // its sends in flight (the database lost mid-send) wait for their receipts
      await batches
        .release(batch, BatchStatus.OPEN, new Date(), false, receiptWindowSeconds)
        .catch(() => undefined);
      throw err;
    }
    await this.maybeFinish(msg.id);
  }

  private async requeue(batchId: number, at?: Date): Promise<void> {
    const { retryLimit, retryDelay, expireInSeconds } = dispatchJobOptions(
      this.settings.dispatchExpireSeconds,
    );
    await this.deps.boss.send(
      JOBS.dispatch.name,
      { batchId },
      {
        retryLimit,
        retryDelay,
        expireInSeconds,
        ...(at && at.getTime() > Date.now() ? { startAfter: at } : {}),
      },
    );
  }

  private async runBatch(msg: EngineMessage, batch: Batch, clock: LeaseClock) {
    const { settings } = this;
    let limiter: SpeedLimiter | undefined;
    if (msg.speedLimit > 0) {
      const metrics = this.deps.metrics;
      limiter =
        this.limiters.get(msg.id) ??
        new SpeedLimiter(
          msg.speedLimit,
          metrics ? (seconds) => metrics.tokenWait('speed_limit', seconds) : undefined,
          // shared with every process sending this message: together they keep to its limit
          (spanMs) => this.deps.repo.reservePace(msg.id, spanMs),
        );
      this.limiters.set(msg.id, limiter);
    }
    const audience =
      batch.kind === BatchKind.AUDIENCE && !batch.resolved
        ? await this.audience(msg, batch.utcOffsetMin, batch.bestMinutes, batch.waveId)
        : undefined;
    const policy = audience
      ? withMaterialCountries(msg.materialCountries, await this.deps.policyFor?.(msg.appId, msg))
      : undefined;
    const stop = this.watchStatus(msg.id);
    try {
      const run = new BatchRun(
        {
          repo: this.deps.batches,
          inFlight: this.deps.batches.inFlight,
          clock,
          receiptWindowSeconds: settings.receiptWindowSeconds,
          client: this.deps.client,
          app: this.fcmApp(msg),
          payload: new PayloadCache(payloadOf(msg, this.deps.publicUrl)),
          limiter,
          quota: this.quotas.paceOf(msg.firebaseProjectId, msg.fcmQuotaPerMin),
          onQuotaExceeded: () => this.quotas.lower(msg.firebaseProjectId),
          window: settings.window,
          leaseSeconds: settings.dispatchExpireSeconds,
          maxAttempts: settings.maxAttempts,
          // a best-hour wave's devices get their message hours after the first wave: their TTL runs from their wave
          deadline:
            Math.max(
              (msg.startedAt ?? msg.createdAt).getTime(),
              batch.bestMinutes !== null && batch.waveRunAt ? new Date(batch.waveRunAt).getTime() : 0,
            ) +
            msg.ttlSeconds * 1000,
          onAuthFailure: (m) => this.deps.onAuthFailure?.(msg.appId, m),
          audience,
          policy,
          pageSize: settings.pageSize,
          protectNew: msg.newDeviceProtection,
          staleDays: msg.staleDays,
          holdouts: holdoutsOf(msg),
          halted: () => this.draining || this.stopping.has(msg.id),
        },
        batch,
        batch.resolved,
      );
      return await run.run();
    } finally {
      stop();
    }
  }

  /** Polls the message's status (once a second, one poll per message and process) while its batches send here. */
  private watchStatus(messageId: number): () => void {
    let watch = this.watches.get(messageId);
    if (!watch) {
      const timer = setInterval(() => {
        void this.deps.repo.status(messageId).then(
          (s) => {
            if (s === undefined || STOPPING.has(s) || s === S.RECALLING) this.stopping.add(messageId);
          },
          () => undefined,
        );
      }, 1000);
      timer.unref();
      watch = { timer, users: 0 };
      this.watches.set(messageId, watch);
    }
    watch.users++;
    const w = watch;
    return () => {
      if (--w.users > 0) return;
      clearInterval(w.timer);
      this.watches.delete(messageId);
    };
  }

  /** Moves the message to its final status once no wave or batch is open (waiting devices keep their batch open). */
  async maybeFinish(messageId: number): Promise<void> {
    const { repo, batches } = this.deps;
    const msg = await repo.message(messageId);
    if (!msg) return;
    if (msg.status === S.STOP_IN_PROCESS || this.isStopping(messageId)) {
      // devices still waiting stay unsent; the message is stopped once no worker holds one of its batches
      await repo.cancelWaves(messageId);
      if ((await batches.cancelIdle(messageId)) > 0) return;
      await repo.setStatus(messageId, S.STOPPED, [
        S.STOP_IN_PROCESS,
        S.SENDING,
        S.WAITING,
        S.WAITING_SCHEDULED,
        S.WAITING_LOCAL,
      ]);
      return;
    }
    // a live journey step sends while its journey runs: stopping the journey stops it
    if (msg.status !== S.SENDING || msg.journeyLive) return;
    if ((await repo.openWaves(messageId)) > 0 || (await batches.openBatches(messageId)) > 0) return;
    const sent = await repo.setStatus(messageId, S.SENT, [S.SENDING]);
    this.limiters.delete(messageId);
    if (sent && msg.speedLimit > 0) await repo.forgetPace(messageId);
    if (sent) await this.deps.onFinished?.(messageId);
    if (msg.msgType === MessageType.RECALL && msg.parentMsgId)
      await repo.setStatus(msg.parentMsgId, S.RECALLED, [S.RECALLING]);
  }
}
