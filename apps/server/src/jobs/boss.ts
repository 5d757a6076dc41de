import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';

/** How long a dispatch job (and the lease of its batch) may run before another worker takes the batch over. */
export const DISPATCH_EXPIRE_SECONDS = Number(process.env.BEACON_DISPATCH_EXPIRE_SECONDS ?? 60);

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
    // a batch is held by one worker at a time (a lease as long as this expiry, renewed while it sends); a worker
    // killed mid-batch leaves its job active until it expires, then another worker takes the batch over
    options: { retryLimit: 10, retryDelay: 5, expireInSeconds: DISPATCH_EXPIRE_SECONDS },
  },
} as const;

/** How often pg-boss expires the jobs of dead workers (seconds). */
const MAINTENANCE_SECONDS = Number(process.env.BEACON_JOB_MAINTENANCE_SECONDS ?? 30);

export type JobName = (typeof JOBS)[keyof typeof JOBS]['name'];

/**
 * pg-boss on the same database as everything else: a pool of its own on PostgreSQL, or PGlite's single connection
 * through pg-boss's `executeSql` adapter (multi-statement text goes through `exec`).
 */
export async function startBoss(
  database: Database,
  url: string | undefined,
  onError: (err: Error) => void,
): Promise<PgBoss> {
  const boss = url
    ? new PgBoss({
        connectionString: url,
        schema: 'pgboss',
        max: 4,
        supervise: true,
        monitorStateIntervalSeconds: 60,
        maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
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
        maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
      });
  boss.on('error', onError);
  await boss.start();
  for (const job of Object.values(JOBS)) await boss.createQueue(job.name, { name: job.name, ...job.options });
  return boss;
}
