// PGlite runs PostgreSQL in single-user mode, where autovacuum never starts (`SHOW autovacuum` says on, and nothing
// runs it). Without it the space of deleted and updated rows is never handed back for reuse: the statistics' queue
// (stat_pending_batches, a row in and out per event flush), pg-boss's jobs and every upserted counter grow for as long
// as the process runs, and no table is ever analyzed for the planner. This is autovacuum's rule, run by the process
// that holds the PGlite database, between its statements.
import type { Database } from './client';

export interface UpkeepRule {
  /** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor: VACUUM when dead rows > threshold + scale × live */
  vacuumThreshold: number;
  vacuumScale: number;
  /** autovacuum_analyze_threshold and _scale_factor: ANALYZE when rows changed since the last > threshold + scale × live */
  analyzeThreshold: number;
  analyzeScale: number;
}

/** PostgreSQL's defaults for autovacuum. */
export const AUTOVACUUM_DEFAULTS: UpkeepRule = {
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  analyzeThreshold: 50,
  analyzeScale: 0.1,
};

export interface UpkeepPass {
  vacuumed: Array<{ table: string; dead: number }>;
  analyzed: string[];
}

/**
 * One pass of autovacuum's rule over the database's tables (as pg_stat_user_tables counts them): VACUUM (with ANALYZE
 * when due) each table past the vacuum threshold, ANALYZE each table past only the analyze threshold. Returns what it
 * did.
 */
export async function upkeepPass(
  database: Database,
  rule: UpkeepRule = AUTOVACUUM_DEFAULTS,
): Promise<UpkeepPass> {
  const rows = await database.query<{ name: string; dead: number; vacuum: boolean; analyze: boolean }>(
    `SELECT format('%I.%I', schemaname, relname) AS name, n_dead_tup::float8 AS dead,
            n_dead_tup > $1::float8 + $2::float8 * n_live_tup AS vacuum, n_mod_since_analyze > $3::float8 + $4::float8 * n_live_tup AS analyze
     FROM pg_stat_user_tables
     WHERE n_dead_tup > $1::float8 + $2::float8 * n_live_tup OR n_mod_since_analyze > $3::float8 + $4::float8 * n_live_tup
     ORDER BY n_dead_tup DESC`,
    [rule.vacuumThreshold, rule.vacuumScale, rule.analyzeThreshold, rule.analyzeScale],
  );
  const pass: UpkeepPass = { vacuumed: [], analyzed: [] };
  for (const r of rows) {
    if (r.vacuum) {
      await database.query(`VACUUM ${r.analyze ? '(ANALYZE) ' : ''}${r.name}`);
      pass.vacuumed.push({ table: r.name, dead: r.dead });
    } else await database.query(`ANALYZE ${r.name}`);
    if (r.analyze) pass.analyzed.push(r.name);
  }
  return pass;
}

export interface UpkeepOptions {
  /** how often the rule is checked (autovacuum_naptime is 60 s; the statistics' queue fills faster) */
  intervalMs?: number;
  rule?: UpkeepRule;
  /** where a pass that failed is reported (the next pass retries) */
  onError?: (err: unknown) => void;
}

/** Runs `upkeepPass` every `intervalMs` on a PGlite database (nothing on PostgreSQL, whose autovacuum does it). */
export function startPgliteUpkeep(database: Database, opts: UpkeepOptions = {}): { close(): Promise<void> } {
  if (database.kind !== 'pglite') return { close: async () => undefined };
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= upkeepPass(database, opts.rule)
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = undefined;
      });
  }, opts.intervalMs ?? 30_000);
  timer.unref();
  return {
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
