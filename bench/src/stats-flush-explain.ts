// The stats bench's ingest phase, one flush explained: what the device API's event batcher and the statistics
// counter run for one batch of fresh events, under EXPLAIN ANALYZE in transactions that are rolled back.
import type { Database } from '../../apps/server/src/db/client';
import type { EventRow } from '../../apps/server/src/modules/devices';
import { StatisticsWriter } from '../../apps/server/src/modules/statistics';
import { round } from './harness';
import { explainPlan } from './stats-common';

class Rollback extends Error {
  constructor(readonly out: unknown) {
    super('rollback');
  }
}

/** Runs `fn` in a transaction that is rolled back, and returns what it returned. */
async function rolledBack<T>(
  database: Database,
  fn: (tx: Pick<Database, 'query'>) => Promise<T>,
): Promise<T> {
  try {
    await database.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.out as T;
    throw err;
  }
  throw new Error('not rolled back');
}

/** The statements a repository or writer method would run, in order, without running them. */
async function statementsOf(run: (q: Pick<Database, 'query'>) => Promise<unknown>) {
  const out: Array<{ sql: string; params: unknown[] | undefined }> = [];
  await run({
    query: async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
      out.push({ sql, params });
      return [];
    },
  });
  return out;
}

interface ExplainedStatement {
  sql: string;
  executionMs: number;
  plan: string[];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement in `tx`, in order (each runs: use a transaction rolled back). */
async function explainAll(
  tx: Pick<Database, 'query'>,
  statements: Array<{ sql: string; params: unknown[] | undefined }>,
): Promise<ExplainedStatement[]> {
  const out: ExplainedStatement[] = [];
  for (const s of statements) {
    const plan = await explainPlan(tx, s);
    out.push({
      sql: s.sql.replace(/\s+/g, ' ').trim().slice(0, 200),
      executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0),
      plan,
    });
  }
  return out;
}

/**
 * EXPLAIN ANALYZE of one event flush of `rows` (fresh dispatched send records), in transactions that are rolled back:
 * applyEvents with the statistics' queue CTE; then, after it ran for real in the same transaction, the counting of
 * what it queued (countQueued: its statements run, the counting statement under EXPLAIN ANALYZE).
 */
export async function explainFlush(database: Database, rows: EventRow[]) {
  const writer = new StatisticsWriter(database);
  const apply = await rolledBack(database, async (tx) =>
    explainAll(tx, await statementsOf((q) => writer.recordEvents(rows, q))),
  );
  const count = await rolledBack(database, async (tx) => {
    const events = (await writer.recordEvents(rows, tx)).counted;
    const statements: ExplainedStatement[] = [];
    await writer.countQueued(
      {
        query: async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
          if (!sql.includes('INSERT INTO stat_uv_days')) return tx.query<T>(sql, params);
          statements.push(...(await explainAll(tx, [{ sql, params }])));
          return [];
        },
      },
      1000,
    );
    return { events, statements };
  });
  const sum = (xs: ExplainedStatement[]) =>
    round(
      xs.reduce((a, x) => a + x.executionMs, 0),
      3,
    );
  return {
    batch: rows.length,
    applyEvents: { executionMs: sum(apply), statements: apply },
    countEvents: { events: count.events, executionMs: sum(count.statements), statements: count.statements },
  };
}
