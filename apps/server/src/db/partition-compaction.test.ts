import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { at, DAY, newApp, newMessage, sendRecords, WEEK } from '../test/fixtures/partitions';
import type { Database } from './client';
import { compactBlock, compactSettled, SETTLE_DAYS } from './partition-compaction';
import { BLOCK_IDS, ensurePartitions, maintainPartitions, periodStart, suffixOf } from './partitions';

describe.each(backends())('compaction of settled blocks (migration 0061) [$name]', (backend) => {
  let database: Database;
  let appId: number;
  const now = new Date();
  const current = periodStart(now);
  const next = at(current, WEEK);

  beforeAll(async () => {
    database = await backend.open();
    appId = await newApp(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The fillfactor of each index of a block's send-record partition (null: the default). */
  const fillfactors = async (suffix: string) =>
    Object.fromEntries(
      (
        await database.query<{ name: string; ff: string | null }>(
          `SELECT c.relname AS name,
                  (SELECT split_part(o, '=', 2) FROM unnest(c.reloptions) o WHERE o LIKE 'fillfactor=%') AS ff
           FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
           WHERE x.indrelid = $1::regclass AND x.indisvalid ORDER BY 1`,
          [`send_records_${suffix}`],
        )
      ).map((r) => [r.name.slice(`send_records_${suffix}_`.length), r.ff]),
    );
  const compactedAt = async (suffix: string) =>
    (
      await database.query<{ at: unknown }>(
        'SELECT compacted_at AS at FROM message_id_blocks WHERE suffix = $1',
        [suffix],
      )
    )[0]?.at ?? null;

  it('rebuilds a settled block’s indexes full once, keeps its rows, and leaves a block whose message may still send', async () => {
    const devices = Array.from({ length: 400 }, (_, i) => 1_000 + i);
    // this week's message, finished now; next week's, scheduled (it may still send: its block is held)
    const sent = await newMessage(database, appId);
    await sendRecords(database, sent, devices);
    const waiting = await newMessage(database, appId, {
      status: 2,
      finishedAt: null,
      id: String(2 * BLOCK_IDS + 7),
    });
    await sendRecords(database, waiting, devices.slice(0, 10));
    expect(await fillfactors(suffixOf(current))).toEqual({
      device_id_idx: null,
      message_id_device_id_idx: null,
      pkey: null,
    });

    // nothing has settled yet: this week has not ended
    expect(await compactSettled(database, now)).toEqual([]);
    // three weeks on: this week and the legacy block have settled; next week's block is held by its waiting message
    const later = at(now, 3 * WEEK);
    expect(await compactSettled(database, later)).toEqual(['legacy', suffixOf(current)]);
    expect(await fillfactors(suffixOf(current))).toEqual({
      device_id_idx: '100',
      message_id_device_id_idx: '100',
      pkey: '100',
    });
    expect(await fillfactors(suffixOf(next))).toEqual({
      device_id_idx: null,
      message_id_device_id_idx: null,
      pkey: null,
    });
    expect(new Date((await compactedAt(suffixOf(current))) as string).getTime()).toBe(later.getTime());
    expect(await compactedAt(suffixOf(next))).toBeNull();
    // the rows are all there, found by message and by device through the rebuilt indexes
    const [byMessage] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_records WHERE message_id = $1',
      [sent],
    );
    expect(byMessage!.n).toBe(400);
    const [byDevice] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_records WHERE device_id = $1',
      [devices[3]],
    );
    expect(byDevice!.n).toBe(2);
    // once: the next run finds nothing to do; the held block settles once its message has finished a week before
    expect(await compactSettled(database, later)).toEqual([]);
    await database.query('UPDATE messages SET status = 1, finished_at = $2, started_at = $2 WHERE id = $1', [
      waiting,
      at(now, WEEK),
    ]);
    expect(await compactSettled(database, at(now, 3 * WEEK))).toEqual([suffixOf(next)]);
    // the daily maintenance runs it too, and says so only when it did something
    expect(
      (await maintainPartitions(database, { now: at(now, 3 * WEEK), retentionDays: 0 })).compacted,
    ).toBeUndefined();
  });

  it('two compactions at once rebuild each block once', async () => {
    const later = at(now, 5 * WEEK);
    await ensurePartitions(database, at(now, 2 * WEEK));
    const runs = await Promise.all([compactSettled(database, later), compactSettled(database, later)]);
    const done = runs.flat().sort();
    expect(done).toEqual([...new Set(done)]);
    const left = await database.query(
      'SELECT suffix FROM message_id_blocks WHERE compacted_at IS NULL AND dropped_at IS NULL AND period_end <= $1',
      [at(later, -SETTLE_DAYS * DAY)],
    );
    // the blocks created two weeks on have settled: each is compacted by one of the runs, none twice, none left
    expect(done.length).toBeGreaterThan(0);
    expect(left).toEqual([]);
  });

  it('the daily maintenance archives settled blocks on PostgreSQL only, and not in its start-up run', async () => {
    // a week's block nine weeks on, settled three weeks later
    await ensurePartitions(database, at(now, 9 * WEEK));
    const later = at(now, 12 * WEEK);
    const startUp = await maintainPartitions(database, { now: later, retentionDays: 0, compact: false });
    expect([startUp.archived, startUp.compacted]).toEqual([undefined, undefined]);
    const daily = await maintainPartitions(database, { now: later, retentionDays: 0 });
    // archived (migration 0066): its records copied narrow, its indexes built full; nothing left to compact
    if (backend.name === 'postgres')
      expect(daily.archived).toEqual(expect.arrayContaining([suffixOf(periodStart(at(now, 9 * WEEK)))]));
    else expect(daily.archived).toBeUndefined();
    expect(daily.compacted).toBeUndefined();
  });

  it.skipIf(backend.name !== 'postgres')(
    'drops what an interrupted rebuild left behind (REINDEX CONCURRENTLY)',
    async () => {
      await ensurePartitions(database, at(now, 30 * WEEK));
      const start = periodStart(at(now, 30 * WEEK));
      const table = `send_records_${suffixOf(start)}`;
      const [block] = await database.query<{ lo: string }>(
        'SELECT lo::text AS lo FROM message_id_blocks WHERE suffix = $1',
        [suffixOf(start)],
      );
      // two messages to one device: a unique index on device_id fails half built, and stays, invalid, as a rebuild
      // killed between its build and its swap leaves its copy
      for (const k of [1, 2]) await sendRecords(database, String(BigInt(block!.lo) + BigInt(k)), [77]);
      await expect(
        database.exec(`CREATE UNIQUE INDEX CONCURRENTLY ${table}_pkey_ccnew ON ${table} (device_id)`),
      ).rejects.toThrow();
      const invalid = () =>
        database.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
         WHERE x.indrelid = $1::regclass AND NOT x.indisvalid`,
          [table],
        );
      expect(await invalid()).toEqual([{ name: `${table}_pkey_ccnew` }]);
      expect(await compactBlock(database, suffixOf(start), now)).toBe(true);
      expect(await invalid()).toEqual([]);
      expect(Object.values(await fillfactors(suffixOf(start)))).toEqual(['100', '100', '100']);
    },
  );
});
