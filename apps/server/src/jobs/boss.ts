import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';

/** The job catalogue: every background job is named, typed and idempotent (a handler re-reads state). */
export const JOBS = {
  /** Resolve one wave of a message: walk its audience in keyset pages, filter, record, queue dispatch batches. */
  wave: { name: 'message-wave', payload: z.object({ waveId: z.number().int() }), options: { retryLimit: 5, retryDelay: 5, expireInSeconds: 900 } },
  /** Send one batch of a message's selected devices (device id range) through FCM. */
  dispatch: {
    name: 'message-dispatch',
    payload: z.object({ messageId: z.number().int(), fromId: z.number().int(), toId: z.number().int() }),
    // a batch of 1000 devices takes seconds; a worker killed mid-batch leaves its job active until it expires,
    // then another worker re-claims the batch's unsent and in-flight devices
    options: { retryLimit: 10, retryDelay: 5, expireInSeconds: Number(process.env.BEACON_DISPATCH_EXPIRE_SECONDS ?? 60) },
  },
} as const;

/** How often pg-boss expires the jobs of dead workers (seconds). */
const MAINTENANCE_SECONDS = Number(process.env.BEACON_JOB_MAINTENANCE_SECONDS ?? 30);

export type JobName = (typeof JOBS)[keyof typeof JOBS]['name'];

/**
 * pg-boss on the same database as everything else: a pool of its own on PostgreSQL, or PGlite's single connection
 * through pg-boss's `executeSql` adapter (multi-statement text goes through `exec`).
 */
export async function startBoss(database: Database, url: string | undefined, onError: (err: Error) => void): Promise<PgBoss> {
  const boss = url
    ? new PgBoss({ connectionString: url, schema: 'pgboss', max: 4, supervise: true, monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: MAINTENANCE_SECONDS })
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
