import type { JobQueueStatus } from '@beacon/shared';
import type { Database } from '../db/client';
import { JOBS } from '../jobs/boss';

/**
 * Reads the job queues' figures (pg-boss: jobs ready to run now, deferred to later, being run, the oldest ready
 * one's wait in seconds): every queue of the catalogue (JOBS), 0 when it has no job or pg-boss has not
 * started yet (an API process starts it on its first send). Read by the metrics' queue gauges at each scrape and by
 * the platform's System status.
 */
export class JobQueues {
  private jobTableSeen = false;

  constructor(private readonly database: Pick<Database, 'query'>) {}

  async read(): Promise<JobQueueStatus[]> {
    const rows = new Map<string, JobQueueStatus>(
      Object.values(JOBS).map((j) => [
        j.name,
        { queue: j.name, ready: 0, deferred: 0, active: 0, oldestSeconds: 0 },
      ]),
    );
    if (!this.jobTableSeen) {
      const [found] = await this.database.query<{ ok: boolean }>(
        `SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`,
      );
      this.jobTableSeen = found?.ok === true;
    }
    if (this.jobTableSeen) {
      // job_i5 (name, start_after) WHERE state < 'active' serves the waiting jobs; active ones are few
      const found = await this.database.query<JobQueueStatus>(
        `SELECT name AS queue,
           count(*) FILTER (WHERE state < 'active' AND start_after <= now())::int AS ready,
           count(*) FILTER (WHERE state < 'active' AND start_after > now())::int AS deferred,
           count(*) FILTER (WHERE state = 'active')::int AS active,
           COALESCE(EXTRACT(epoch FROM now() - min(start_after) FILTER (WHERE state < 'active' AND start_after <= now())), 0)::float8 AS "oldestSeconds"
         FROM pgboss.job WHERE state <= 'active' GROUP BY name`,
      );
      for (const row of found) rows.set(row.queue, row);
    }
    return [...rows.values()];
  }
}
