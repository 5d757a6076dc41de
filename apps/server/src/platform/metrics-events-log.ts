import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';

interface Backlog {
  rows: number;
  oldest: number;
}

/**
 * The device events' log table's gauges (EVENTS_LOG=postgres, migration 0063): the rows waiting for a worker, and how
 * long the oldest has waited. Both read one query per scrape; a read that fails reports no figure (an absent series).
 */
export function eventsLogGauges(database: Pick<Database, 'query'>, registers: Registry[]): void {
  let reading: Promise<Backlog | undefined> | undefined;
  const read = () => {
    reading ??= database
      .query<Backlog>(
        `SELECT count(*)::int AS rows, COALESCE(EXTRACT(epoch FROM now() - min(logged_at)), 0)::float8 AS oldest
         FROM device_event_log`,
      )
      .then((r) => r[0])
      .catch(() => undefined)
      .finally(() => (reading = undefined));
    return reading;
  };
  const gauge = (name: string, help: string, pick: (b: Backlog) => number) => {
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
