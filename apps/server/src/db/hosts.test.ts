import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgServer, type PgServer } from '../test/pg-server';
import { until } from '../test/until';
import { openDatabase, type Database } from './client';
import { parseHostList, poolTarget } from './hosts';

describe('multi-host DATABASE_URL', () => {
  it('reads the servers of a libpq multi-host URL, and leaves a one-server URL alone', () => {
    const list = parseHostList('postgres://u:p@pg1:5433,pg2/beacon?sslmode=disable');
    expect(list?.hosts).toEqual([
      { host: 'pg1', port: 5433 },
      { host: 'pg2', port: 5432 },
    ]);
    expect(list?.url).toBe('postgres://u:p@pg1:5433/beacon?sslmode=disable');
    expect(list?.urlOf(list.hosts[1]!)).toBe('postgres://u:p@pg2:5432/beacon?sslmode=disable');
    expect(parseHostList('postgresql://[::1]:6000,10.0.0.2:6001/db')?.hosts).toEqual([
      { host: '::1', port: 6000 },
      { host: '10.0.0.2', port: 6001 },
    ]);
    expect(parseHostList('postgres://u@pg1:5432/beacon')).toBeUndefined();
    expect(poolTarget('postgres://u@pg1:5432/beacon')).toEqual({
      connectionString: 'postgres://u@pg1:5432/beacon',
    });
    expect(() => parseHostList('postgres://u@pg1:x,pg2/db')).toThrow(/pg1:x/);
  });
});

/**
 * The primary of a real primary + streaming replica pair fails (stopped at once) and the replica is promoted: the
 * same Database, opened on `primary,replica`, goes on writing on the new primary without being reopened.
 */
describe('failover to a promoted replica', () => {
  let primary: PgServer;
  let replica: PgServer;
  let database: Database;
  const portOf = (url: string) => new URL(url).port;

  beforeAll(async () => {
    const started = await startPgServer();
    if (!started?.startReplica)
      throw new Error(
        'PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) are needed for the failover test',
      );
    primary = started;
    replica = await primary.startReplica!();
    // the replica first, the primary second: the standby is skipped for the server that accepts writes
    const url = `postgres://postgres@127.0.0.1:${portOf(replica.url)},127.0.0.1:${portOf(primary.url)}/postgres`;
    database = await openDatabase({ url, poolSize: 3 });
  }, 120_000);
  afterAll(async () => {
    await database?.close().catch(() => undefined);
    replica?.stop();
    primary?.stop();
  });

  it('writes on the primary of the list, then on the replica once it is promoted', async () => {
    await database.query('CREATE TABLE failover_probe (id int PRIMARY KEY, at text)');
    await database.query(`INSERT INTO failover_probe VALUES (1, 'before')`);
    const [where] = await database.query<{ port: number }>('SELECT inet_server_port() AS port');
    expect(String(where!.port)).toBe(portOf(primary.url));
    // the row reaches the replica before its primary fails
    await until(
      'the replica has the row',
      async () => {
        const replicaDb = await openDatabase({ url: replica.url, poolSize: 1 });
        try {
          return await replicaDb.query('SELECT 1 FROM failover_probe WHERE id = 1').catch(() => []);
        } finally {
          await replicaDb.close();
        }
      },
      (rows) => rows.length === 1,
    );

    primary.stop();
    await expect(database.query('SELECT 1')).rejects.toThrow();
    await replica.promote!();
    // the pool's broken connections are replaced by connections to the new primary: no reopen
    await until(
      'a write on the promoted replica',
      () => database.query(`INSERT INTO failover_probe VALUES (2, 'after') RETURNING id`).catch(() => []),
      (rows) => rows.length === 1,
      30_000,
      100,
    );
    const [now] = await database.query<{ port: number }>('SELECT inet_server_port() AS port');
    expect(String(now!.port)).toBe(portOf(replica.url));
    const rows = await database.query<{ id: number; at: string }>(
      'SELECT id, at FROM failover_probe ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 1, at: 'before' },
      { id: 2, at: 'after' },
    ]);
  }, 120_000);
});
