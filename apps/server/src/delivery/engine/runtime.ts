import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { startBoss } from '../../jobs/boss';
import type { SecretBox } from '../../lib/secret-box';
import { FcmClient } from '../fcm-client';
import { DeliveryEngine, type EngineDeps } from './engine';
import { EngineRepository } from './engine.repository';
import { StatsRepository } from './stats.repository';

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
  policyFor?: EngineDeps['policyFor'];
  onAuthFailure?: EngineDeps['onAuthFailure'];
}

/**
 * The delivery engine of one process, started on first use (a process that never sends never starts the job queue),
 * plus the statistics writer fed by device events.
 */
export class DeliveryRuntime {
  readonly repo: EngineRepository;
  readonly stats: StatsRepository;
  private started: Promise<{ engine: DeliveryEngine; boss: PgBoss; client: FcmClient }> | undefined;

  constructor(private readonly opts: DeliveryRuntimeOptions) {
    this.repo = new EngineRepository(opts.database);
    this.stats = new StatsRepository(opts.database);
  }

  engine(): Promise<DeliveryEngine> {
    this.started ??= this.boot();
    return this.started.then((s) => s.engine);
  }

  private async boot() {
    const { opts } = this;
    const boss = await startBoss(opts.database, opts.database.kind === 'postgres' ? opts.database.url : undefined, (err) =>
      opts.log.error({ err }, 'job queue error'),
    );
    const client = new FcmClient({ baseUrl: opts.fcmBaseUrl, logger: opts.log });
    const engine = new DeliveryEngine({
      repo: this.repo,
      boss,
      client,
      box: opts.box,
      publicUrl: opts.config.publicUrl,
      log: opts.log,
      ...(opts.policyFor ? { policyFor: opts.policyFor } : {}),
      ...(opts.onAuthFailure ? { onAuthFailure: opts.onAuthFailure } : {}),
    });
    if (opts.runWorkers) await engine.start();
    return { engine, boss, client };
  }

  async close(): Promise<void> {
    if (!this.started) return;
    const { boss, client } = await this.started;
    await boss.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
    await client.close();
  }
}
