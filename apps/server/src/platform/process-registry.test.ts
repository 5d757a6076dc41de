import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { backends } from '../test/databases';
import { until } from '../test/until';
import { registerProcess } from './process-registry';

const rowsOf = (database: Database) =>
  database.query<{ id: string; host: string; roles: string[]; seen: number }>(
    `SELECT id, host, roles, EXTRACT(epoch FROM seen_at)::float8 AS seen FROM beacon_processes ORDER BY host`,
  );

describe.each(backends())('the processes’ rows and heartbeats (beacon_processes) [$name]', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('writes its row at start, moves its heartbeat, and deletes it when it stops', async () => {
    const a = await registerProcess(database, {
      roles: ['api', 'workers'],
      version: '1.2.3',
      host: 'host-a',
      heartbeatMs: 50,
    });
    const [first] = await rowsOf(database);
    expect(first).toMatchObject({ id: a.id, host: 'host-a', roles: ['api', 'workers'] });
    expect(a.id).toMatch(new RegExp(`^host-a:${process.pid}:`));
    await until(
      'a heartbeat after the first write',
      () => rowsOf(database),
      (rows) => rows[0]!.seen > first!.seen,
    );
    await a.close();
    expect(await rowsOf(database)).toEqual([]);
  });

  it('on a database only one process can use, a start deletes the rows earlier starts left', async () => {
    await database.query(
      `INSERT INTO beacon_processes (id, host, pid, roles, version, seen_at)
       VALUES ('old:1:x', 'old', 1, '{api}', '1.0.0', now() - interval '1 hour')`,
    );
    const shared = await registerProcess(database, { roles: ['api'], version: '1', host: 'shared' });
    expect((await rowsOf(database)).map((r) => r.host)).toEqual(['old', 'shared']);
    await shared.close();
    const only = await registerProcess(database, {
      roles: ['api'],
      version: '1',
      host: 'only',
      exclusive: true,
    });
    expect((await rowsOf(database)).map((r) => r.host)).toEqual(['only']);
    await only.close();
  });
});

describe('a process stopping with its database out of reach', () => {
  it('waits at most two seconds to delete its row', async () => {
    let calls = 0;
    // the first statement (the start's row) answers; every later one hangs, as on a host cut off from the database
    const unreachable = {
      query: () => (calls++ === 0 ? Promise.resolve([]) : new Promise<never>(() => undefined)),
    } as unknown as Pick<Database, 'query'>;
    const running = await registerProcess(unreachable, { roles: ['workers'], version: '1', heartbeatMs: 20 });
    await new Promise((r) => setTimeout(r, 100)); // a heartbeat now hangs
    const t0 = Date.now();
    await running.close();
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(4000);
  });
});
