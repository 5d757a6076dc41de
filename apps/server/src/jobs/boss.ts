import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';
import { poolTarget } from '../db/hosts';

type Settle = (this: { emit(event: string, arg: unknown): boolean }, ...args: unknown[]) => Promise<unknown>;

/**
 * pg-boss 10 settles a job its worker ran (`complete` or `fail`, in Manager#work's onFetch) without awaiting or
 * catching it: when the database is unreachable at that moment (a restart of the PostgreSQL server), the rejection
 * is unhandled and node ends the process. Once per process, each settle's rejection is also reported as the queue's
 * `error` event (so logged by startBoss's onError); the job stays active, expires and is retried (handlers are
 * idempotent). Callers that await a settle still get its rejection. Proven by faults/process-faults.test.ts.
 */
function reportUnsettledJobs(): void {
  const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
    prototype: Record<string, Settle | boolean | undefined>;
  };
  const proto = manager.prototype;
  if (proto.beaconSettleReported === true) return;
  for (const name of ['complete', 'fail'] as const) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    proto[name] = function (this: ThisParameterType<Settle>, ...args: unknown[]) {
      const settled = original.apply(this, args);
      settled.catch((err: unknown) => this.emit('error', err));
      return settled;
    };
  }
  proto.beaconSettleReported = true;
}

/** The job catalogue: every background job is named, typed and idempotent (a handler re-reads state). */
export const JOBS = {
  /** Plan one wave of a message: split its audience into device-id ranges and queue one dispatch batch each. */
  wave: {
    name: 'message-wave',
    payload: z.object({ waveId: z.number().int() }),
    options: { retryLimit: 5, retryDelay: 5, expireInSeconds: 900 },
  },
  /** Send one delivery batch (a device-id range of a wave's audience, or of a message's send records) through FCM. */
  dispatch: {
    name: 'message-dispatch',
    payload: z.object({ batchId: z.number().int() }),
    // a batch is held by one worker at a time (a lease as long as its expiry, BossSettings.dispatchExpireSeconds,
    // renewed while it sends); a worker killed mid-batch leaves its job active until it expires, then another
    // worker takes the batch over
    options: { retryLimit: 10, retryDelay: 5 },
  },
  /** Compute a saved journey's estimate (status 19 → 18, or 20 with the reason): docs/journeys.md. */
  journeyEstimate: {
    name: 'journey-estimate',
    payload: z.object({ journeyId: z.number().int(), appId: z.number().int(), rev: z.number().int() }),
    options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 900 },
  },
  /** A journey step's transition once its wait ends: take its members from the source step, then send it. */
  journeyStep: {
    name: 'journey-step',
    payload: z.object({ stepId: z.number().int() }),
    options: { retryLimit: 10, retryDelay: 5, expireInSeconds: 900 },
  },
  /**
   * The partitions of send records and stray events, and the retention (db/partitions.ts, platform/retention.ts):
   * daily at 00:05 UTC (a period begins on a Monday at 00:00 UTC), and once when a worker process starts.
   */
  partitions: {
    name: 'partition-maintenance',
    payload: z.object({}),
    cron: '5 0 * * *',
    options: { retryLimit: 3, retryDelay: 300, expireInSeconds: 3600 },
  },
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS]['name'];

/** The job queue's timing, from Config.delivery (BEACON_DISPATCH_EXPIRE_SECONDS, BEACON_JOB_MAINTENANCE_SECONDS). */
export interface BossSettings {
  /** How long a dispatch job (and the lease of its batch) may run before another worker takes the batch over. */
  dispatchExpireSeconds: number;
  /** How often pg-boss expires the jobs of dead workers. */
  jobMaintenanceSeconds: number;
}

/** The options a dispatch job is queued with: JOBS.dispatch's and its expiry. */
export function dispatchJobOptions(dispatchExpireSeconds: number) {
  return { ...JOBS.dispatch.options, expireInSeconds: dispatchExpireSeconds };
}

/** The advisory lock under which a process starts pg-boss and creates its queues (db/migrate.ts holds 727_001). */
const BOSS_START_LOCK = 727_002;

/**
 * pg-boss on the same database as everything else: a pool of its own on PostgreSQL, or PGlite's single connection
 * through pg-boss's `executeSql` adapter (multi-statement text goes through `exec`).
 */
export async function startBoss(
  database: Database,
  url: string | undefined,
  onError: (err: Error) => void,
  settings: BossSettings,
): Promise<PgBoss> {
  const boss = url
    ? new PgBoss({
        // a multi-host DATABASE_URL: pg-boss's connections follow the primary too (db/hosts.ts)
        ...poolTarget(url),
        schema: 'pgboss',
        max: 4,
        supervise: true,
        monitorStateIntervalSeconds: 60,
        maintenanceIntervalSeconds: settings.jobMaintenanceSeconds,
      })
    : new PgBoss({
        db: {
          executeSql: async (text: string, values?: unknown[]) => {
            if (!values || values.length === 0) return { rows: await database.execRows(text) };
            return { rows: await database.query(text, values) };
          },
        },
        schema: 'pgboss',
        supervise: true,
        monitorStateIntervalSeconds: 60,
        maintenanceIntervalSeconds: settings.jobMaintenanceSeconds,
      });
  boss.on('error', onError);
  reportUnsettledJobs();
  const startAndCreateQueues = async () => {
    await boss.start();
    await boss.createQueue(JOBS.wave.name, { name: JOBS.wave.name, ...JOBS.wave.options });
    await boss.createQueue(JOBS.dispatch.name, {
      name: JOBS.dispatch.name,
      ...dispatchJobOptions(settings.dispatchExpireSeconds),
    });
    for (const job of [JOBS.journeyEstimate, JOBS.journeyStep, JOBS.partitions])
      await boss.createQueue(job.name, { name: job.name, ...job.options });
  };
  if (database.kind !== 'postgres') {
    await startAndCreateQueues();
    return boss;
  }
  // Several processes start at once (beacon worker ×M, serve --processes N), and pg-boss's queue creation (in start
  // too: its cron queue) is not serialised: two processes creating queues on a new database deadlock on the
  // partitions of pgboss.job. One process at a time, under a session advisory lock (queues that exist are kept).
  await database.withConnection(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [BOSS_START_LOCK]);
    try {
      await startAndCreateQueues();
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [BOSS_START_LOCK]);
    }
  });
  return boss;
}
