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

  it('survives its connection being ended by the server inside a transaction and a held connection', async () => {
    if (database.kind !== 'postgres') return; // PGlite has no server to end it
    const uncaught: Error[] = [];
    const onUncaught = (err: Error) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      // ended between two statements: the next statement fails, the process does not
      const between = database.transaction(async (tx) => {
        const [me] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await database.query('SELECT pg_terminate_backend($1)', [me!.pid]);
        await new Promise((r) => setTimeout(r, 200)); // the server's FATAL and the socket's end arrive meanwhile
        await tx.query('SELECT 1');
      });
      await expect(between).rejects.toThrow();
      // ended during a statement of a held connection
      const during = database.withConnection(async (conn) => {
        const [me] = await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // handled at once: the rejection may come before the terminating statement answers
        const sleeping = conn.query('SELECT pg_sleep(5)').then(
          () => undefined,
          (err: Error) => err,
        );
        await new Promise((r) => setTimeout(r, 100));
        await database.query('SELECT pg_terminate_backend($1)', [me!.pid]);
        const err = await sleeping;
        if (err) throw err;
      });
      await expect(during).rejects.toThrow(/terminat/);
      await new Promise((r) => setTimeout(r, 200));
      expect(uncaught).toEqual([]);
      // the pool discarded the ended connections and serves the next statements
      for (let i = 0; i < 12; i++) expect(await database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
