import type { Database, Queryable } from '../../db/client';
import { readEventsLogBacklog, type EventsLogBacklog } from '../../platform/metrics-events-log';

/** The caller's transaction, as the log's consumer hands it to the statistics and the devices' touch. */
export type LogTransaction = Queryable;

/** Takes the oldest rows no other worker holds, deleting them: committed with their application, or not at all. */
const TAKE = `DELETE FROM device_event_log WHERE id IN (
  SELECT id FROM device_event_log ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
) RETURNING calls`;

/** The device events' log table (EVENTS_LOG=postgres, migration 0063): rows of calls, as JSON text. */
export class EventsLogRepository {
  private savepoints = 0;

  constructor(private readonly database: Pick<Database, 'query' | 'transaction' | 'kind'>) {}

  /** Whether inserts run in parallel (PostgreSQL's pool); PGlite runs one at a time. */
  get parallelTransactions(): boolean {
    return this.database.kind === 'postgres';
  }

  /** The rows waiting for a worker, and how many seconds the oldest has waited (the metrics' statement). */
  backlog(): Promise<EventsLogBacklog> {
    return readEventsLogBacklog(this.database);
  }

  async append(calls: string): Promise<void> {
    await this.database.query('INSERT INTO device_event_log (calls) VALUES ($1)', [calls], {
      prepared: true,
    });
  }

  /**
   * In one transaction: takes (deletes) at most `limit` rows and runs `apply` on their calls; a throw rolls both back.
   * Returns how many rows it took.
   */
  take(limit: number, apply: (calls: string[], tx: LogTransaction) => Promise<void>): Promise<number> {
    return this.database.transaction(async (tx) => {
      const rows = await tx.query<{ calls: string }>(TAKE, [limit]);
      await apply(
        rows.map((r) => r.calls),
        tx,
      );
      return rows.length;
    });
  }

  /** Runs `fn` under a savepoint of `tx`: what it wrote is rolled back when it throws (and the error thrown on). */
  async savepoint<T>(tx: LogTransaction, fn: () => Promise<T>): Promise<T> {
    const sp = `events_log_${this.savepoints++}`;
    await tx.query(`SAVEPOINT ${sp}`);
    let out: T;
    try {
      out = await fn();
    } catch (err) {
      await tx.query(`ROLLBACK TO SAVEPOINT ${sp}`);
      throw err;
    }
    await tx.query(`RELEASE SAVEPOINT ${sp}`);
    return out;
  }
}
