/** The platform statistics' queries (reads only: nothing invalidates them but time and the filters). */
export const ADMIN_STATS_KEY = ['statistics-admin'] as const;

/** Reports change at most once a day for past days: keep them a minute before asking again. */
export const REPORT_STALE_MS = 60_000;

/** A report range: UTC days `YYYY-MM-DD`. */
export interface RangeInput {
  start: string;
  end: string;
}
