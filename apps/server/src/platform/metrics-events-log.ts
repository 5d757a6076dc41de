import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';

/** The device events' log table's backlog (EVENTS_LOG=postgres): rows waiting for a worker, the oldest one's wait. */
export interface EventsLogBacklog {
  rows: number;
  /** seconds the oldest row has waited (0: none waits) */
  oldest: number;
}

/** Reads the backlog of the device events' log table: the metrics' gauges and the platform's System status. */
export async function readEventsLogBacklog(database: Pick<Database, 'query'>): Promise<EventsLogBacklog> {
  const [row] = await database.query<EventsLogBacklog>(
    `SELECT count(*)::int AS rows, COALESCE(EXTRACT(epoch FROM now() - min(logged_at)), 0)::float8 AS oldest
     FROM device_event_log`,
  );
  return row ?? { rows: 0, oldest: 0 };
}

/**
 * The device events' log table's gauges (EVENTS_LOG=postgres, migration 0063): the rows waiting for a worker, and how
 * long the oldest has waited. Both read one query per scrape; a read that fails reports no figure (an absent series).
 */
export function eventsLogGauges(database: Pick<Database, 'query'>, registers: Registry[]): void {
  let reading: Promise<EventsLogBacklog | undefined> | undefined;
  const read = () => {
    reading ??= readEventsLogBacklog(database)
      .catch(() => undefined)
      .finally(() => (reading = undefined));
    return reading;
  };
  const gauge = (name: string, help: string, pick: (b: EventsLogBacklog) => number) => {
    const g: Gauge = new Gauge({
      name,
      help,
      registers,
      async collect() {
        const b = await read();
        if (b) g.set(pick(b));
      },
    });
  };
  gauge(
    'beacon_events_log_rows',
    "Rows of the device events' log table (EVENTS_LOG=postgres) waiting for a worker to apply them",
    (b) => b.rows,
  );
  gauge(
    'beacon_events_log_oldest_age_seconds',
    "Seconds the oldest row of the device events' log table has waited (0: none waits)",
    (b) => b.oldest,
  );
}
