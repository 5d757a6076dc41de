import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import type { Database } from './client';

describe.each(backends())('database client [$name]', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => database.close());

  it('runs a prepared statement again with other values (prepared once per connection on PostgreSQL)', async () => {
    const text = `SELECT n * $2::int AS v FROM unnest($1::int[]) AS t(n) ORDER BY n`;
    const times = async (xs: number[], k: number) =>
      (await database.query<{ v: number }>(text, [xs, k], { prepared: true })).map((r) => r.v);
    // more runs than connections in the pool, and inside transactions, which run on one connection each
    for (let k = 1; k <= 8; k++) expect(await times([1, 2, 3], k)).toEqual([k, 2 * k, 3 * k]);
    const inTx = await database.transaction((tx) =>
      tx.query<{ v: number }>(text, [[5], 3], { prepared: true }),
    );
    expect(inTx).toEqual([{ v: 15 }]);
    if (database.kind === 'postgres') {
      // on the connection that just ran it, it is prepared, once, under a name of its own
      const prepared = await database.transaction(async (tx) => {
        await tx.query(text, [[1], 1], { prepared: true });
        await tx.query(text, [[2], 2], { prepared: true });
        return tx.query<{ name: string }>(
          "SELECT name FROM pg_prepared_statements WHERE statement LIKE 'SELECT n * $2::int%'",
        );
      });
      expect(prepared).toEqual([{ name: expect.stringMatching(/^b[0-9a-f]{24}$/) }]);
    }
  });
});
