import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { maintainPartitions, type MaintenanceReport } from '../db/partitions';
import { JOBS } from '../jobs/boss';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RetentionDeps {
  database: Database;
  /** BEACON_RETENTION_DAYS (0 keeps everything) */
  retentionDays: number;
  log: Log;
  /** The statistics' daily upkeep run with the maintenance (StatisticsWriter.pruneUniqueDevices): rows deleted. */
  pruneStatistics?: (now: Date) => Promise<number>;
  clock?: () => Date;
}

/**
 * The partitions' maintenance and the retention (db/partitions.ts), then the statistics' daily upkeep, in the processes that run delivery workers: the
 * pg-boss job `partition-maintenance` on its daily schedule (pg-boss hands each run to one process), and one run when
 * the workers start. Runs that meet (the start of one process and another's job) are serialised by the maintenance's
 * advisory lock and find nothing left to do. `start` is the job's start with the workers (started with the modules'
 * jobs, modules/workers.ts: serve and worker roles); `close` is what to await before the database closes.
 */
export function retentionJobs(deps: RetentionDeps): {
  start(boss: PgBoss): Promise<void>;
  close(): Promise<void>;
} {
  const { database, retentionDays, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  let running: Promise<void> | undefined;
  // the start-up run leaves the settled blocks' archive (a copy of a week's records, minutes on a large week) to the
  // daily job
  const run = async (compact = true): Promise<void> => {
    const now = clock();
    const report = await maintainPartitions(database, { now, retentionDays, compact });
    logReport(log, report);
    const pruned = (await deps.pruneStatistics?.(now)) ?? 0;
    if (pruned > 0) log.info({ pruned }, 'unique-device rows (stat_uv) of days no longer counted deleted');
  };
  return {
    start: async (boss) => {
      const { name, cron, options } = JOBS.partitions;
      await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => run());
      await boss.schedule(name, cron, {}, { ...options, tz: 'UTC' });
      running = run(false).catch((err: unknown) =>
        log.error({ err }, 'partition maintenance at start failed; the daily job retries'),
      );
    },
    close: async () => {
      await running;
    },
  };
}

function logReport(log: Log, r: MaintenanceReport): void {
  if (r.created.length > 0 || r.sequenceMovedTo !== null)
    log.info(
      { created: r.created, sequenceMovedTo: r.sequenceMovedTo },
      'send record partitions created ahead (db/partitions.ts)',
    );
  if (r.dropped.length > 0 || r.trimmed > 0)
    log.info({ dropped: r.dropped, trimmed: r.trimmed }, 'send records past the retention dropped');
  if (r.archived)
    log.info({ archived: r.archived }, 'settled send record partitions archived narrow (send_archive)');
  if (r.compacted)
    log.info({ compacted: r.compacted }, 'settled send record partitions: their indexes rebuilt full');
  for (const held of r.held)
    log.warn(
      held,
      'send record partitions past the retention kept: messages of theirs may still send (stop or finish them)',
    );
}
