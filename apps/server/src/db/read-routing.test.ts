import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@beacon/shared';
import { seedTeamClients, type TeamFixture } from '../test/fixtures/team';
import { startPgServer, type PgServer } from '../test/pg-server';
import { startTestApp, type TestApp } from '../test/test-app';
import { until } from '../test/until';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { mayWrite, parseLsn } from './read-routing';

describe('read routing helpers', () => {
  it('reads a pg_lsn as one number, and nothing else', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/10')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    for (const bad of [undefined, null, '', 'x/1', '1', '1/2/3', '123456789/0'])
      expect(parseLsn(bad)).toBeUndefined();
  });

  it('tells statements that may write from plain reads', () => {
    for (const read of [
      'SELECT 1',
      '  select * from tags',
      'WITH a AS (SELECT 1) SELECT * FROM a',
      'SHOW work_mem',
      'BEGIN',
    ])
      expect(mayWrite(read), read).toBe(false);
    for (const write of [
      'INSERT INTO tags VALUES (1)',
      'update tags set name = $1',
      'DELETE FROM tags',
      'WITH d AS (DELETE FROM t RETURNING id) SELECT count(*) FROM d',
      'SELECT id FROM tags FOR UPDATE',
      "SELECT nextval('s')",
      'SELECT next_message_id()::int AS id',
      'CREATE TABLE x (a int)',
    ])
      expect(mayWrite(write), write).toBe(true);
  });
});

/**
 * DATABASE_READ_URL on a real primary and streaming replica: lists read the replica — so a write the replica has not
 * replayed (replay paused here) is not seen by others — while the browser that made a change reads its own write.
 */
describe('reads off the primary (DATABASE_READ_URL)', () => {
  let primary: PgServer;
  let replica: PgServer;
  let t: TestApp;
  let f: TeamFixture;
  let replicaAdmin: pg.Client;
  const list = async (who: 'owner' | 'manager') => {
    const res = await f.clients[who].post(`/tcm/v1/app/${f.appId}/tag/list`, {});
    expect(res.json().status, res.body).toBe(200);
    return (res.json().data.results as Array<{ code: string }>).map((r) => r.code).sort();
  };
  const systemStatus = async () => {
    const res = await f.clients.root.call('GET', '/tcm/v1/platform/system/status');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SystemStatus }>().data;
  };
  const caughtUp = async () => {
    const [row] = await t.database.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    const lsn = row!.lsn;
    await until(
      'the replica replays the primary',
      async () => {
        const { rows } = await replicaAdmin.query<{ lsn: string }>(
          'SELECT pg_last_wal_replay_lsn()::text AS lsn',
        );
        return parseLsn(rows[0]!.lsn)!;
      },
      (replayed) => replayed >= parseLsn(lsn)!,
    );
  };

  beforeAll(async () => {
    const started = await startPgServer();
    if (!started?.startReplica)
      throw new Error(
        'PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) are needed for the replica test',
      );
    primary = started;
    replica = await primary.startReplica!();
    replicaAdmin = new pg.Client({ connectionString: replica.url });
    replicaAdmin.on('error', () => undefined); // the last test stops the replica under it
    await replicaAdmin.connect();
    t = await startTestApp({
      name: 'postgres',
      open: async () => {
        const database = await openDatabase({ url: primary.url, readUrl: replica.url, poolSize: 5 });
        await migrate(database);
        return database;
      },
    });
    f = await seedTeamClients(t);
    await caughtUp();
  }, 120_000);
  afterAll(async () => {
    await replicaAdmin?.end().catch(() => undefined);
    await t?.close();
    replica?.stop();
    primary?.stop();
  });

  it('lists from the replica, and a writer reads its own write on it', async () => {
    expect(t.database.reads).toBeDefined();
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    // a tag written behind every browser's back (no request, no cookie): the paused replica does not have it
    await t.database.query(
      `INSERT INTO tags (app_id, name, name_en, code, description, flag, owner_email)
       VALUES ($1, 'Quiet', 'Quiet', 'quiet', '', 'LABEL', 'x@example.com')`,
      [f.appId],
    );
    // the manager's cookie (from seeding) is replayed; the app sees that on its next poll of the replica (100 ms)
    await until(
      'the manager reading the paused replica',
      () => list('manager'),
      (codes) => codes.length === 0,
    );

    // the owner creates a tag through the console: the answer carries the primary's WAL position …
    const created = await f.clients.owner.post(`/tcm/v1/app/${f.appId}/tag/create`, {
      name: 'Sports fans',
      nameEn: 'Sports fans',
      desc: '',
      code: 'sport',
      flag: 'LABEL',
    });
    expect(created.json().status, created.body).toBe(200);
    expect(created.cookies.find((c) => c.name === 'beacon_wal')?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    // … so the owner's next list reads the primary (the replica is behind it) and shows both tags
    expect(await list('owner')).toEqual(['quiet', 'sport']);
    // the manager, who wrote nothing, still reads the paused replica
    expect(await list('manager')).toEqual([]);
    // the platform's System status shows the paused replica behind the primary by the WAL of those writes
    const paused = (await systemStatus()).database;
    expect(paused.replica).toMatchObject({ reachable: true });
    expect(paused.replica!.bytesBehind).toBeGreaterThan(0);
    expect(paused.replica!.lastReplayAgoSeconds).not.toBeNull();

    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    await caughtUp();
    await until(
      'the replica serving the tags once replayed',
      () => list('manager'),
      (codes) => codes.length === 2,
    );
  });

  it('reads the primary while the replica is down', async () => {
    replica.stop();
    expect(await list('manager')).toEqual(['quiet', 'sport']);
    // and the System status says it does not answer
    expect((await systemStatus()).database.replica).toEqual({
      reachable: false,
      bytesBehind: null,
      lastReplayAgoSeconds: null,
    });
  });
});
