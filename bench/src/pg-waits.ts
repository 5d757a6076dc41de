// What PostgreSQL's client backends wait on during a bench run, sampled from pg_stat_activity: the share of active
// backend samples per wait (CPU when none), and the WAL the run wrote. For telling a run that slows down on I/O or locks
// from one that slows down on CPU.
import type { BenchDb } from './harness';

export interface PgWaits {
  /** wait type:event (or "CPU") → share of the active samples, largest first, the top 6 */
  waits: Record<string, number>;
  /** active client backends on average over the samples */
  activeBackends: number;
  walBytes: number;
}

export async function watchPgWaits(db: BenchDb, everyMs = 50): Promise<() => Promise<PgWaits>> {
  const lsn = async () =>
    BigInt(
      (
        await db.database.query<{ lsn: string }>(`SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::text AS lsn`)
      )[0]!.lsn,
    );
  const startLsn = await lsn();
  const counts = new Map<string, number>();
  let samples = 0;
  let active = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    db.database
      .query<{ w: string; n: number }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w, count(*)::int AS n
         FROM pg_stat_activity
         WHERE backend_type = 'client backend' AND state = 'active' AND pid <> pg_backend_pid()
         GROUP BY 1`,
      )
      .then((rows) => {
        samples++;
        for (const r of rows) {
          counts.set(r.w, (counts.get(r.w) ?? 0) + r.n);
          active += r.n;
        }
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  return async () => {
    clearInterval(timer);
    const walBytes = Number((await lsn()) - startLsn);
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
    return {
      waits: Object.fromEntries(top.map(([w, n]) => [w, Math.round((n / Math.max(1, active)) * 100) / 100])),
      activeBackends: Math.round((active / Math.max(1, samples)) * 100) / 100,
      walBytes,
    };
  };
}
