import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { at, DAY, newApp, newMessage, sendRecords, WEEK } from '../test/fixtures/partitions';
import type { Database } from './client';
import { migrate, migrationsDir } from './migrate';
import {
  applyRetention,
  BLOCK_IDS,
  beyondRetention,
  ensurePartitions,
  listBlocks,
  maintainPartitions,
  PERIOD_DAYS,
  periodStart,
  suffixOf,
} from './partitions';

/** The partition a row of `table` landed in. */
async function partitionOf(database: Database, table: string, messageId: string | number): Promise<string[]> {
  const rows = await database.query<{ p: string }>(
    `SELECT DISTINCT tableoid::regclass::text AS p FROM ${table} WHERE message_id = $1::bigint`,
    [String(messageId)],
  );
  return rows.map((r) => r.p);
}

/** The partitions of `table` with their bounds. */
async function partitions(database: Database, table: string): Promise<Record<string, string>> {
  const rows = await database.query<{ name: string; bound: string }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass`,
    [table],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.bound]));
}

describe.each(backends())('send record partitions [$name]', (backend) => {
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

  it('periods are UTC weeks from Monday 00:00', () => {
    expect(periodStart(new Date('2025-06-04T13:00:00Z')).toISOString()).toBe('2025-06-02T00:00:00.000Z');
    expect(periodStart(new Date('2025-06-02T00:00:00Z')).toISOString()).toBe('2025-06-02T00:00:00.000Z');
    expect(periodStart(new Date('2025-06-01T23:59:59Z')).toISOString()).toBe('2025-05-26T00:00:00.000Z');
    expect(suffixOf(new Date('2025-06-02T00:00:00Z'))).toBe('p20250602');
  });

  it('after the migrations: the legacy block, then the blocks of this period and the next, each with its partitions', async () => {
    const blocks = await listBlocks(database);
    expect(blocks.map((b) => [b.suffix, b.lo, b.hi, b.periodStart?.toISOString() ?? null])).toEqual([
      ['legacy', null, String(BLOCK_IDS), null],
      [suffixOf(current), String(BLOCK_IDS), String(2 * BLOCK_IDS), current.toISOString()],
      [suffixOf(next), String(2 * BLOCK_IDS), String(3 * BLOCK_IDS), next.toISOString()],
    ]);
    for (const table of ['send_records', 'stat_stray_events'])
      expect(await partitions(database, table)).toEqual({
        [`${table}_legacy`]: `FOR VALUES FROM (MINVALUE) TO ('${BLOCK_IDS}')`,
        [`${table}_${suffixOf(current)}`]: `FOR VALUES FROM ('${BLOCK_IDS}') TO ('${2 * BLOCK_IDS}')`,
        [`${table}_${suffixOf(next)}`]: `FOR VALUES FROM ('${2 * BLOCK_IDS}') TO ('${3 * BLOCK_IDS}')`,
        [`${table}_default`]: 'DEFAULT',
      });
    // again (the next start): nothing new
    expect(await ensurePartitions(database, now)).toEqual({ created: [], sequenceMovedTo: null });
  });

  it('a new message takes its id from this period’s block, and its send records land in its partition', async () => {
    const id = await newMessage(database, appId);
    expect(Number(id)).toBeGreaterThanOrEqual(BLOCK_IDS);
    expect(Number(id)).toBeLessThan(2 * BLOCK_IDS);
    await sendRecords(database, id, [1, 2]);
    await sendRecords(database, id, [2]); // ON CONFLICT (message_id, device_id) on the partitioned table
    expect(await partitionOf(database, 'send_records', id)).toEqual([`send_records_${suffixOf(current)}`]);
    const rows = await database.query<{ device_id: string; event_mask: number }>(
      'SELECT device_id::text, event_mask FROM send_record_events WHERE message_id = $1 ORDER BY device_id',
      [id],
    );
    expect(rows).toEqual([
      { device_id: '1', event_mask: 1 },
      { device_id: '2', event_mask: 3 },
    ]);
  });

  it('when the next period begins, the id sequence moves to its block: new messages land in its partition', async () => {
    const later = at(next, 3600_000);
    expect(await ensurePartitions(database, later)).toEqual({
      created: [suffixOf(at(next, WEEK))],
      sequenceMovedTo: String(2 * BLOCK_IDS),
    });
    const id = await newMessage(database, appId);
    expect(id).toBe(String(2 * BLOCK_IDS));
    await sendRecords(database, id, [1]);
    expect(await partitionOf(database, 'send_records', id)).toEqual([`send_records_${suffixOf(next)}`]);
    // the sequence is past the block's start: a second run leaves it alone
    expect(await ensurePartitions(database, later)).toEqual({ created: [], sequenceMovedTo: null });
    expect(await newMessage(database, appId)).toBe(String(2 * BLOCK_IDS + 1));
  });

  it('an id past every block goes to the default partition, and into its block’s partition once that exists', async () => {
    const blocks = await listBlocks(database);
    const past = (BigInt(blocks.at(-1)!.hi) + 7n).toString();
    await sendRecords(database, past, [5]);
    await database.query(
      `INSERT INTO stat_stray_events (app_id, gaid, message_id, mask) VALUES ($1, gen_random_uuid(), $2::bigint, 1)`,
      [appId, past],
    );
    expect(await partitionOf(database, 'send_records', past)).toEqual(['send_records_default']);
    expect(await partitionOf(database, 'stat_stray_events', past)).toEqual(['stat_stray_events_default']);
    const weekAfter = at(next, WEEK);
    const { created } = await ensurePartitions(database, weekAfter);
    expect(created).toEqual([suffixOf(at(weekAfter, WEEK))]);
    expect(await partitionOf(database, 'send_records', past)).toEqual([`send_records_${created[0]}`]);
    expect(await partitionOf(database, 'stat_stray_events', past)).toEqual([
      `stat_stray_events_${created[0]}`,
    ]);
  });

  it('retention drops the partitions of a period ended more than the retention ago, unless a message of it may still send', async () => {
    // this period's block holds a sent message (records above) and the legacy block nothing
    const sent = (await database.query<{ id: string }>('SELECT min(id)::text AS id FROM messages'))[0]!.id;
    // next period's block: one message sent, one still scheduled
    const waiting = await newMessage(database, appId, {
      status: 2,
      finishedAt: null,
      id: String(2 * BLOCK_IDS + 500),
    });
    const periodEnd = at(current, WEEK);
    const before = await applyRetention(database, at(periodEnd, 89 * DAY), 90);
    expect(before.dropped).not.toContain(suffixOf(current));
    expect(await beyondRetention(database, sent)).toBe(false);

    const after = await applyRetention(database, at(periodEnd, 91 * DAY), 90);
    expect([...before.dropped, ...after.dropped].sort()).toEqual(['legacy', suffixOf(current)].sort());
    expect(await beyondRetention(database, sent)).toBe(true);
    expect(await beyondRetention(database, 999)).toBe(true); // the legacy block
    expect(await beyondRetention(database, waiting)).toBe(false);
    expect(Object.keys(await partitions(database, 'send_records'))).not.toContain(
      `send_records_${suffixOf(current)}`,
    );
    expect(await partitionOf(database, 'send_records', sent)).toEqual([]);
    // the message and its counters are not partitioned
    const [m] = await database.query(
      'SELECT dispatch_count, reach_count, click_count FROM messages WHERE id = $1',
      [sent],
    );
    expect(m).toEqual({ dispatch_count: 2, reach_count: 1, click_count: 1 });

    // a week later the next block is past the retention too, but its scheduled message holds it
    const held = await applyRetention(database, at(periodEnd, (91 + PERIOD_DAYS) * DAY), 90);
    expect(held.dropped).toEqual([]);
    expect(held.held).toEqual([{ suffix: suffixOf(next), messageIds: [waiting] }]);
    expect(await partitionOf(database, 'send_records', String(2 * BLOCK_IDS))).toEqual([
      `send_records_${suffixOf(next)}`,
    ]);
    // 0 keeps everything
    expect(await applyRetention(database, at(periodEnd, 1000 * DAY), 0)).toEqual({
      dropped: [],
      held: [],
      trimmed: 0,
    });
  });

  it('the default partitions are trimmed: old stray events, and records of dropped blocks whose message is done', async () => {
    const sent = (await database.query<{ id: string }>('SELECT min(id)::text AS id FROM messages'))[0]!.id;
    // a message of a dropped block that sent again (its records now go to the default partition), and a stray event
    // of a bogus message id seen long ago
    await sendRecords(database, sent, [9]);
    expect(await partitionOf(database, 'send_records', sent)).toEqual(['send_records_default']);
    await database.query(
      `INSERT INTO stat_stray_events (app_id, gaid, message_id, mask, first_at, last_at)
       VALUES ($1, gen_random_uuid(), -5, 1, now() - interval '400 days', now() - interval '400 days')`,
      [appId],
    );
    // its message finished just now: within the retention, kept
    const soon = await applyRetention(database, at(now, DAY), 90);
    expect(soon.trimmed).toBe(1); // the stray event
    expect(await partitionOf(database, 'send_records', sent)).toEqual(['send_records_default']);
    const later = await applyRetention(database, at(now, 100 * DAY), 90);
    expect(later.trimmed).toBe(1);
    expect(await partitionOf(database, 'send_records', sent)).toEqual([]);
  });

  it('two maintenance runs at once both succeed and do each thing once', async () => {
    const later = at(now, 400 * DAY);
    const runs = await Promise.all([
      maintainPartitions(database, { now: later, retentionDays: 90 }),
      maintainPartitions(database, { now: later, retentionDays: 90 }),
    ]);
    expect(runs.flatMap((r) => r.created).sort()).toEqual(
      [suffixOf(periodStart(later)), suffixOf(at(periodStart(later), WEEK))].sort(),
    );
    expect(runs.filter((r) => r.sequenceMovedTo !== null)).toHaveLength(1);
    // the block after next ended; the next one is held by its scheduled message; the one after gave ids until now
    expect(runs.flatMap((r) => r.dropped)).toEqual([suffixOf(at(next, WEEK))]);
    const kept = (await listBlocks(database)).filter((b) => b.droppedAt === null).map((b) => b.suffix);
    expect(kept).toEqual([
      suffixOf(next),
      suffixOf(at(next, 2 * WEEK)),
      suffixOf(periodStart(later)),
      suffixOf(at(periodStart(later), WEEK)),
    ]);
  });

  it('blocks stay contiguous past 10,000,000 (ids in the tens of millions after a few months)', async () => {
    const from = periodStart(at(now, 400 * DAY));
    for (let k = 1; k <= 6; k++) await ensurePartitions(database, at(from, k * WEEK));
    const blocks = await listBlocks(database);
    expect(BigInt(blocks.at(-1)!.hi)).toBeGreaterThan(10_000_000n);
    for (const [i, b] of blocks.entries()) if (i > 0) expect(b.lo).toBe(blocks[i - 1]!.hi);
    expect(await newMessage(database, appId)).toBe(blocks.at(-2)!.lo);
  });
});

describe.each(backends())('migration 0027 on a database with send records [$name]', (backend) => {
  let database: Database;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'beacon-migrations-'));
    for (const f of readdirSync(migrationsDir()).filter((name) => name < '0027'))
      copyFileSync(path.join(migrationsDir(), f), path.join(dir, f));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the table becomes the legacy partition with its rows and indexes; the sequence starts the first block', async () => {
    database = await backend.open(); // fully migrated: start again from an empty schema
    await database.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(database, dir);
    const appId = await newApp(database);
    const devices = await database.query<{ id: string }>(
      `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                            operator, timezone, utc_offset_min, notifications_enabled)
       SELECT $1, gen_random_uuid(), 'NG', 'en', 'TECNO', 'M1', 30, '1.0', 1, 'OP', 'UTC', 0, true
       FROM generate_series(1, 2) RETURNING id::text AS id`,
      [appId],
    );
    const ids = devices.map((d) => Number(d.id));
    const m1 = await newMessage(database, appId);
    const m2 = await newMessage(database, appId);
    expect([m1, m2]).toEqual(['1', '2']);
    await sendRecords(database, m1, ids);
    await sendRecords(database, m2, ids);
    await database.query(
      `INSERT INTO stat_stray_events (app_id, gaid, message_id, mask)
       VALUES ($1, gen_random_uuid(), 2, 1), ($1, gen_random_uuid(), 5000000000, 1)`,
      [appId],
    );

    expect((await migrate(database))[0]).toBe('0027_send-record-partitions.sql');
    expect(await partitionOf(database, 'send_records', m1)).toEqual(['send_records_legacy']);
    expect(
      await database.query(
        'SELECT count(*)::int AS n FROM send_records WHERE message_id = ANY($1::bigint[])',
        [[m1, m2]],
      ),
    ).toEqual([{ n: 4 }]);
    expect(await partitionOf(database, 'stat_stray_events', 2)).toEqual(['stat_stray_events_legacy']);
    expect(await partitionOf(database, 'stat_stray_events', 5_000_000_000)).toEqual([
      'stat_stray_events_default',
    ]);
    // the old table's indexes serve the parent's partitioned indexes (attached, not built again)
    const indexes = await database.query<{ index: string; parent: string | null }>(
      `SELECT c.relname AS index, p.relname AS parent
       FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
       LEFT JOIN pg_inherits i ON i.inhrelid = x.indexrelid LEFT JOIN pg_class p ON p.oid = i.inhparent
       WHERE x.indrelid = 'send_records_legacy'::regclass ORDER BY 1`,
    );
    expect(indexes).toEqual([
      // migration 0058 builds the per-device index again, on device_id alone, in every partition
      { index: 'send_records_legacy_device_id_idx', parent: 'send_records_device_idx' },
      { index: 'send_records_legacy_pending_idx', parent: 'send_records_pending_idx' },
      { index: 'send_records_legacy_pkey', parent: 'send_records_pkey' },
    ]);
    // the next message starts the current period's block
    expect(await newMessage(database, appId)).toBe(String(BLOCK_IDS));
    // deleting a device deletes its records in every partition (the trigger of 0015)
    const m3 = String(BLOCK_IDS);
    await sendRecords(database, m3, ids);
    await database.query('DELETE FROM devices WHERE id = $1', [ids[0]]);
    expect(
      await database.query(
        'SELECT message_id::text AS m FROM send_records WHERE device_id = $1 ORDER BY message_id',
        [ids[1]],
      ),
    ).toEqual([{ m: m1 }, { m: m2 }, { m: m3 }]);
    expect(await database.query('SELECT 1 FROM send_records WHERE device_id = $1', [ids[0]])).toEqual([]);
  });
});
