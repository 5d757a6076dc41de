import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { startBoss } from '../../jobs/boss';
import type { SecretBox } from '../../lib/secret-box';
import { FcmClient } from '../fcm-client';
import { allowedTokenEndpoints } from '../token-endpoints';
import { BatchRepository } from './batch.repository';
import { DeliveryEngine, ENGINE_DEFAULTS, type EngineDeps, type EngineSettings } from './engine';
import { EngineRepository } from './engine.repository';
import type { DeliveryMetrics, SendCounter, TemplateValues } from './ports';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DeliveryRuntimeOptions {
  database: Database;
  config: Config;
  box: SecretBox;
  log: Log;
  /** FCM's base URL: the sandbox emulator's, FCM_BASE_URL, or the real FCM. */
  fcmBaseUrl: string;
  /** Run this process's delivery workers (serve and worker roles; not api). */
  runWorkers: boolean;
  /** the statistics writer: counts every decided send in the transaction that records it */
  counter: SendCounter;
  policyFor?: EngineDeps['policyFor'];
  onAuthFailure?: EngineDeps['onAuthFailure'];
  /** The process's metrics (app.ts: platform/metrics.ts), when METRICS or METRICS_PORT is set. */
  metrics?: DeliveryMetrics;
  /** The users' values templates read (app.ts: platform/template-values.ts); none: the device's fields only. */
  templateValues?: TemplateValues;
}

/**
 * The engine's and the FCM client's settings from the configuration (config.ts parses them: BEACON_PAGE_SIZE,
 * BEACON_DISPATCH_CONCURRENCY, BEACON_DISPATCH_WINDOW, BEACON_BATCH_PAGES, BEACON_DISPATCH_EXPIRE_SECONDS, BEACON_RECEIPT_WINDOW_SECONDS, and the
 * FCM client's FCM_RATE_PER_MIN (per app), FCM_SESSIONS, FCM_STREAMS_PER_SESSION, FCM_H2_BIND_FAST_PATH).
 */
export function deliverySettings(config: Pick<Config, 'delivery' | 'fcm'>): {
  engine: EngineSettings;
  fcm: Config['fcm'];
} {
  const { delivery } = config;
  return {
    engine: {
      pageSize: delivery.pageSize,
      dispatchConcurrency: delivery.dispatchConcurrency,
      window: delivery.window,
      batchPages: delivery.batchPages,
      maxAttempts: ENGINE_DEFAULTS.maxAttempts,
      dispatchExpireSeconds: delivery.dispatchExpireSeconds,
      receiptWindowSeconds: delivery.receiptWindowSeconds,
    },
    fcm: { ...config.fcm },
  };
}

/**
 * The delivery engine of one process, started on first use (a process that never sends never starts the job queue).
 */
export class DeliveryRuntime {
  readonly repo: EngineRepository;
  private readonly finishedListeners: Array<(messageId: number) => Promise<void>> = [];
  private readonly workerStarters: Array<(boss: PgBoss) => Promise<void>> = [];
  private started: Promise<{ engine: DeliveryEngine; boss: PgBoss; client: FcmClient }> | undefined;

  constructor(private readonly opts: DeliveryRuntimeOptions) {
    this.repo = new EngineRepository(opts.database);
  }

  /**
   * The platform policies the engine applies (the PolicySource wired in app.ts), or undefined when none is: the
   * forecast before send evaluates the audience with the very same binding.
   */
  get policyFor(): DeliveryRuntimeOptions['policyFor'] {
    return this.opts.policyFor;
  }

  /** Tells `listener` when a message has sent (after the engine recorded it); register before the engine starts. */
  whenFinished(listener: (messageId: number) => Promise<void>): void {
    this.finishedListeners.push(listener);
  }

  /** A module's background jobs, started with this process's delivery workers (serve and worker roles). */
  addWorkers(start: (boss: PgBoss) => Promise<void>): void {
    this.workerStarters.push(start);
  }

  /** The job queue (started with the engine), for a module that queues its own jobs. */
  async boss(): Promise<PgBoss> {
    this.started ??= this.boot();
    return (await this.started).boss;
  }

  engine(): Promise<DeliveryEngine> {
    this.started ??= this.boot();
    return this.started.then((s) => s.engine);
  }

  private async boot() {
    const { opts } = this;
    const boss = await startBoss(
      opts.database,
      opts.database.kind === 'postgres' ? opts.database.url : undefined,
      (err) => opts.log.error({ err }, 'job queue error'),
      opts.config.delivery,
    );
    const { engine: settings, fcm } = deliverySettings(opts.config);
    const client = new FcmClient({
      baseUrl: opts.fcmBaseUrl,
      logger: opts.log,
      // the same rule as the upload check: Google's endpoint, FCM_BASE_URL's origin, or the sandbox's
      tokenEndpoints: allowedTokenEndpoints(opts.config),
      ...fcm,
      ...(opts.metrics ? { observer: opts.metrics } : {}),
    });
    const engine = new DeliveryEngine({
      repo: this.repo,
      batches: new BatchRepository(
        opts.database,
        opts.counter,
        opts.metrics,
        opts.templateValues,
        // events applied in windows (a log: JetStream or the table) are kept in event pages (migration 0060)
        opts.config.eventsLog !== 'direct',
      ),
      settings,
      boss,
      client,
      box: opts.box,
      publicUrl: opts.config.publicUrl,
      log: opts.log,
      ...(opts.policyFor ? { policyFor: opts.policyFor } : {}),
      ...(opts.onAuthFailure ? { onAuthFailure: opts.onAuthFailure } : {}),
      ...(opts.metrics ? { metrics: opts.metrics } : {}),
      onFinished: async (messageId) => {
        // a listener's failure never fails the send; what it missed, its own sweep catches (journeys)
        for (const listener of this.finishedListeners)
          await listener(messageId).catch((err: unknown) =>
            opts.log.error({ err, messageId }, 'a listener of finished messages failed'),
          );
      },
    });
    if (opts.runWorkers) {
      await engine.start();
      for (const start of this.workerStarters) await start(boss);
    }
    return { engine, boss, client };
  }

  /**
   * Stops this process's delivery gracefully: no new batch is taken, the batches being sent stop taking devices,
   * the requests already on the wire finish and are recorded, each batch is handed back for another worker, then
   * the job queue and the FCM sessions close.
   */
  async close(): Promise<void> {
    if (!this.started) return;
    const { engine, boss, client } = await this.started;
    const stopped = boss.stop({ graceful: true, timeout: 30_000 }).catch(() => undefined);
    await engine.drain();
    await stopped;
    await client.close();
  }
}
