import { MessageStatus as S } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import type { Database } from './client';
import {
  applyRetention,
  ensurePartitions,
  listBlocks,
  PERIOD_DAYS,
  periodStart,
  suffixOf,
  type Block,
} from './partitions';

const DAY = 86_400_000;
const RETENTION = 30;

/**
 * Retention at its boundary (Hardening, item 6f): it drops exactly the weeks whose period ended `retention` days ago
 * or more — a week ending a millisecond later stays — and nothing a message still sending needs: a message sending
 * for months keeps the old rows of its week (and of every message of it) until it has finished for the retention;
 * a journey whose later step is in the next week keeps its entry step's records, which that step's members are
 * taken from.
 */
describe.each(backends())('retention boundary [$name]', (backend) => {
  let database: Database;
  let appId: number;
  let current: Block;
  let next: Block;

  beforeAll(async () => {
    database = await backend.open();
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Shop', 'com.example.shop', md5(random()::text), 's')
       RETURNING id`,
    );
    appId = app!.id;
    const blocks = await listBlocks(database);
    const start = periodStart(new Date()).getTime();
    current = blocks.find((b) => b.periodStart?.getTime() === start)!;
    next = blocks.find((b) => b.periodStart?.getTime() === start + PERIOD_DAYS * DAY)!;
  });
  afterAll(async () => database?.close());

  /** A message of id `id` with send records for devices 1…3. */
  async function message(
    id: string,
    o: { status: number; startedAt: Date | null; finishedAt: Date | null; parent?: string; gated?: boolean },
  ): Promise<string> {
    await database.query(
      `INSERT INTO messages (id, app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at, finished_at, parent_msg_id, journey_gated)
       VALUES ($1::bigint, $2, 1, $3, 'Sale', 'owner@example.com', '{}', 0, 3, 1, 86400, $4, $5, $6::bigint, $7)`,
      [id, appId, o.status, o.startedAt, o.finishedAt, o.parent ?? null, o.gated ?? false],
    );
    await database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, sent_at, event_mask)
       SELECT $1::bigint, d, 1, now(), 1 FROM generate_series(1, 3) AS d`,
      [id],
    );
    return id;
  }
  const records = async (id: string) =>
    (
      await database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM send_records WHERE message_id = $1::bigint',
        [id],
      )
    )[0]!.n;
  const idIn = (b: Block, k: number) => String(BigInt(b.lo!) + BigInt(k));

  it('drops a week whose period ended exactly the retention ago, not one that ended a millisecond later', async () => {
    const done = await message(idIn(current, 10), {
      status: S.SENT,
      startedAt: new Date(0),
      finishedAt: new Date(0),
    });
    const cutoffAt = new Date(current.periodEnd.getTime() + RETENTION * DAY);
    const early = await applyRetention(database, new Date(cutoffAt.getTime() - 1), RETENTION);
    expect(early.dropped).not.toContain(current.suffix);
    expect(await records(done)).toBe(3);
    // (nothing of the next week is due yet: it ends a week later)
    const exact = await applyRetention(database, cutoffAt, RETENTION);
    expect(exact.dropped).toContain(current.suffix);
    expect(exact.dropped).not.toContain(next.suffix);
    expect(await records(done)).toBe(0);
  });

  it('keeps a week while a message of it is still sending, and the rows of the week’s other messages with it', async () => {
    const longAgo = new Date(next.periodStart!.getTime());
    const finishedNeighbour = await message(idIn(next, 10), {
      status: S.SENT,
      startedAt: longAgo,
      finishedAt: longAgo,
    });
    const sending = await message(idIn(next, 11), {
      status: S.SENDING,
      startedAt: longAgo,
      finishedAt: null,
    });
    const due = new Date(next.periodEnd.getTime() + (RETENTION + 60) * DAY);
    const held = await applyRetention(database, due, RETENTION);
    expect(held.dropped).not.toContain(next.suffix);
    expect(held.held).toContainEqual({ suffix: next.suffix, messageIds: [sending] });
    expect([await records(sending), await records(finishedNeighbour)]).toEqual([3, 3]);
    // it finishes: still kept for the retention after its end, then dropped
    await database.query('UPDATE messages SET status = $2, finished_at = $3 WHERE id = $1::bigint', [
      sending,
      S.SENT,
      due,
    ]);
    expect((await applyRetention(database, new Date(due.getTime() + DAY), RETENTION)).dropped).toEqual([]);
    expect(await records(sending)).toBe(3);
    const later = await applyRetention(database, new Date(due.getTime() + (RETENTION + 1) * DAY), RETENTION);
    expect(later.dropped).toContain(next.suffix);
    expect(await records(sending)).toBe(0);
  });

  it('keeps a journey’s entry records while a later step of it, in a newer week, still waits to take its members', async () => {
    // the journey was confirmed as the id sequence moved to the next week: entry in one block, later step in the next
    // two weeks later than the ones above (dropped by now): their blocks, as the daily job makes them
    await ensurePartitions(database, new Date(next.periodEnd.getTime() + 200 * DAY));
    const live = (await listBlocks(database)).filter((b) => b.droppedAt === null && b.periodStart !== null);
    const [older, newer] = [live[0]!, live[1]!];
    const sentLongAgo = new Date(older.periodStart!.getTime());
    const parent = await message(idIn(older, 20), {
      status: S.SENT,
      startedAt: sentLongAgo,
      finishedAt: sentLongAgo,
    });
    const entry = await message(idIn(older, 21), {
      status: S.SENT,
      startedAt: sentLongAgo,
      finishedAt: sentLongAgo,
      parent,
    });
    await message(idIn(newer, 21), {
      status: S.WAITING_SCHEDULED,
      startedAt: null,
      finishedAt: null,
      parent,
      gated: true,
    });
    const due = new Date(older.periodEnd.getTime() + (RETENTION + 1) * DAY);
    const report = await applyRetention(database, due, RETENTION);
    expect(report.dropped).not.toContain(older.suffix);
    expect(await records(entry)).toBe(3);
    expect(suffixOf(older.periodStart!)).toBe(older.suffix);
  });
});
