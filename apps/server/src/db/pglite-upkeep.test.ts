import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import type { Database } from './client';
import { startPgliteUpkeep, upkeepPass } from './pglite-upkeep';

const pglite = backends().find((b) => b.name === 'pglite')!;

/** The heap bytes of `table`. */
async function sizeOf(database: Database, table: string): Promise<number> {
  const [row] = await database.query<{ n: number }>('SELECT pg_relation_size($1::regclass)::float8 AS n', [
    table,
  ]);
  return row!.n;
}

/** Fills `table` with `n` rows of about 1 KB and deletes them, as the statistics' queue does flush by flush. */
async function churn(database: Database, table: string, n: number): Promise<void> {
  for (let i = 0; i < n; i += 100) {
    await database.query(
      `INSERT INTO ${table} (body) SELECT repeat(md5(k::text), 32) FROM generate_series(1, 100) k`,
    );
    await database.query(`DELETE FROM ${table}`);
  }
  await database.query('SELECT pg_stat_force_next_flush()');
}

describe('PGlite upkeep (autovacuum, which single-user mode never runs)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await pglite.open();
    await database.query('CREATE TABLE churned (id bigserial PRIMARY KEY, body text NOT NULL)');
    await database.query('CREATE TABLE untouched (id bigserial PRIMARY KEY, body text NOT NULL)');
    await database.query(`INSERT INTO untouched (body) SELECT 'x' FROM generate_series(1, 10)`);
    await database.query('ANALYZE untouched');
  });
  afterAll(async () => {
    await database.close();
  });

  it('without it, deleted rows keep their space: a queue that is emptied as often as it is filled only grows', async () => {
    await churn(database, 'churned', 1000);
    const first = await sizeOf(database, 'churned');
    await churn(database, 'churned', 1000);
    expect(await sizeOf(database, 'churned')).toBeGreaterThanOrEqual(first * 1.8);
  });

  it('vacuums the tables past autovacuum’s threshold, after which the same churn reuses their space', async () => {
    const pass = await upkeepPass(database);
    expect(pass.vacuumed.map((v) => v.table)).toContain('public.churned');
    expect(pass.vacuumed.find((v) => v.table === 'public.churned')!.dead).toBeGreaterThanOrEqual(2000);
    expect(pass.vacuumed.map((v) => v.table)).not.toContain('public.untouched');
    const [stats] = await database.query<{ dead: number }>(
      `SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'churned'`,
    );
    expect(stats!.dead).toBe(0);

    const before = await sizeOf(database, 'churned');
    for (let round = 0; round < 3; round++) {
      await churn(database, 'churned', 1000);
      await upkeepPass(database);
    }
    expect(await sizeOf(database, 'churned')).toBeLessThanOrEqual(before);
  });

  it('analyzes a table whose rows changed, so the planner knows its size', async () => {
    await database.query(`INSERT INTO untouched (body) SELECT 'y' FROM generate_series(1, 500)`);
    await database.query('SELECT pg_stat_force_next_flush()');
    const pass = await upkeepPass(database);
    expect(pass.analyzed).toContain('public.untouched');
    expect(pass.vacuumed.map((v) => v.table)).not.toContain('public.untouched');
    const [row] = await database.query<{ n: number }>(
      `SELECT reltuples::int AS n FROM pg_class WHERE relname = 'untouched'`,
    );
    expect(row!.n).toBe(510);
  });

  it('runs on its interval on PGlite, and waits for a pass under way when closed', async () => {
    await churn(database, 'churned', 300);
    const upkeep = startPgliteUpkeep(database, { intervalMs: 20 });
    await expect
      .poll(async () =>
        Number(
          (
            await database.query<{ dead: number }>(
              `SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'churned'`,
            )
          )[0]!.dead,
        ),
      )
      .toBe(0);
    await upkeep.close();
  });
});
