import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageWriter } from '../modules/messages';
import { backends } from '../test/databases';
import { newApp, newMessage } from '../test/fixtures/partitions';
import { openDatabase, type Database } from './client';
import { DEFAULT_SKIPPED_IDS, MAX_SKIPPED_IDS, skipMessageIds } from './message-ids';
import { migrate } from './migrate';
import { listBlocks } from './partitions';

/** As a promoted replica or a recovered server finds it: the database last saw another timeline than its server's. */
const onNewTimeline = (database: Database) =>
  database.query('UPDATE db_timeline SET timeline = timeline + 1, skipped_from = NULL, skipped_to = NULL');

describe.each(backends())('message ids after a restore [$name]', (backend) => {
  it('skipMessageIds moves past the sequence and the highest message id, and stops short of the last block', async () => {
    const database = await backend.open();
    try {
      const appId = await newApp(database);
      await newMessage(database, appId);
      const b = BigInt(await newMessage(database, appId));
      expect(await skipMessageIds(database, 10)).toEqual({ from: String(b + 1n), to: String(b + 11n) });
      expect(await newMessage(database, appId)).toBe(String(b + 11n));
      // a sequence restored behind the messages it gave (as a copy taken between them may hold it)
      await database.query(`SELECT setval('messages_id_seq', $1::bigint)`, [String(b)]);
      expect(await skipMessageIds(database, 5)).toEqual({ from: String(b + 12n), to: String(b + 17n) });
      // never past the ids of the blocks kept ahead (their partitions): the sequence stays where it was
      const lastHi = BigInt((await listBlocks(database)).at(-1)!.hi);
      await database.query(`SELECT setval('messages_id_seq', $1::bigint, false)`, [String(lastHi - 100n)]);
      await expect(skipMessageIds(database, 100)).rejects.toThrow(/would pass the last block's ids/);
      expect(await skipMessageIds(database, 99)).toEqual({
        from: String(lastHi - 100n),
        to: String(lastHi - 1n),
      });
      await expect(skipMessageIds(database, MAX_SKIPPED_IDS + 1)).rejects.toThrow(/from 1 to 500000/);
    } finally {
      await database.close();
    }
  });

  /** The database's record of the timeline it last saw (migration 0064), and the server's own. */
  const timelines = async (database: Database) => {
    const [row] = await database.query<{
      seen: string;
      server: string;
      from: string | null;
      to: string | null;
    }>(
      `SELECT timeline::text AS seen, server_timeline()::text AS server, skipped_from::text AS "from",
              skipped_to::text AS "to" FROM db_timeline`,
    );
    return row!;
  };

  it('a new timeline moves the message ids on by itself, once: the first id taken on it skips the default count', async () => {
    const database = await backend.open();
    try {
      const appId = await newApp(database);
      const writer = new MessageWriter(database);
      const b = BigInt(await newMessage(database, appId));
      // the timeline seen is the server's: ids follow on
      expect(await timelines(database)).toMatchObject({ from: null, to: null });
      expect(String(await writer.reserveId())).toBe(String(b + 1n));
      expect(await newMessage(database, appId)).toBe(String(b + 2n));
      const { server } = await timelines(database);
      expect((await timelines(database)).seen).toBe(server);

      await onNewTimeline(database);
      // the column's default (an insert) and reserveId (an id taken ahead) both go through next_message_id
      expect(await newMessage(database, appId)).toBe(String(b + 3n + BigInt(DEFAULT_SKIPPED_IDS)));
      expect(await timelines(database)).toEqual({
        seen: server,
        server,
        from: String(b + 3n),
        to: String(b + 3n + BigInt(DEFAULT_SKIPPED_IDS)),
      });
      expect(String(await writer.reserveId())).toBe(String(b + 4n + BigInt(DEFAULT_SKIPPED_IDS)));

      // near the end of the blocks kept ahead it stops one short of the last (maintenance adds the next blocks)
      const lastHi = BigInt((await listBlocks(database)).at(-1)!.hi);
      await database.query(`SELECT setval('messages_id_seq', $1::bigint, false)`, [String(lastHi - 100n)]);
      await onNewTimeline(database);
      expect(String(await writer.reserveId())).toBe(String(lastHi - 1n));

      // `beacon restored` records the timeline it skipped for: the first message after it skips nothing more
      await database.query(`SELECT setval('messages_id_seq', $1::bigint, false)`, [String(b + 1_000n)]);
      await database.query('DELETE FROM messages WHERE id > $1::bigint', [String(b + 1_000n)]);
      await onNewTimeline(database);
      const { to } = await skipMessageIds(database, 10);
      expect(to).toBe(String(b + 1_010n));
      expect(await timelines(database)).toMatchObject({ seen: server, from: String(b + 1_000n), to });
      expect(String(await writer.reserveId())).toBe(to);
    } finally {
      await database.close();
    }
  });
});

describe.each(backends().filter((b) => b.name === 'postgres'))(
  'message ids on a new timeline, taken at once [$name]',
  (backend) => {
    it('a caller taking an id while another takes the first on a new timeline waits for it, and skips nothing', async () => {
      const database = await backend.open();
      try {
        const appId = await newApp(database);
        const b = BigInt(await newMessage(database, appId));
        await onNewTimeline(database);
        const writer = new MessageWriter(database);
        let second: Promise<number> | undefined;
        // the first skips in a transaction still open when the second asks, on another connection
        const first = await database.transaction(async (tx) => {
          const [row] = await tx.query<{ id: string }>('SELECT next_message_id()::text AS id');
          second = writer.reserveId();
          await new Promise((r) => setTimeout(r, 300));
          return BigInt(row!.id);
        });
        expect(first).toBe(b + 1n + BigInt(DEFAULT_SKIPPED_IDS));
        expect(BigInt(await second!)).toBe(first + 1n);
      } finally {
        await database.close();
      }
    });
  },
);

// Tier 1's "the disk is lost" (docs/scaling.md, "High availability and recovery"): a copy of the PGlite folder put
// back keeps its timeline, so the skip is `beacon restored`'s.
describe('a PGlite folder copy put back', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'beacon-copy-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('would hand out the ids of the messages created after the copy, until skipMessageIds moves past them', async () => {
    const dir = path.join(root, 'pglite');
    const copy = path.join(root, 'copy');
    const open = async (dataDir: string) => {
      const database = await openDatabase({ dataDir });
      await migrate(database);
      return database;
    };
    let database = await open(dir);
    const appId = await newApp(database);
    const kept = BigInt(await newMessage(database, appId));
    await database.close();
    cpSync(dir, copy, { recursive: true }); // the backup, taken while Beacon is stopped
    database = await open(dir);
    const lost = [await newMessage(database, appId), await newMessage(database, appId)].map(BigInt);
    await database.close();
    expect(lost).toEqual([kept + 1n, kept + 2n]);

    // the disk is lost; the copy is put back
    rmSync(dir, { recursive: true, force: true });
    renameSync(copy, dir);
    database = await open(dir);
    try {
      expect(
        (await database.query('SELECT id FROM messages WHERE id > $1::bigint', [String(kept)])).length,
      ).toBe(0);
      // the same timeline: nothing skips by itself, and the next id would be the first lost message's
      const [seq] = await database.query<{ next: string }>(
        'SELECT (last_value + CASE WHEN is_called THEN 1 ELSE 0 END)::text AS next FROM messages_id_seq',
      );
      expect(BigInt(seq!.next)).toBe(lost[0]);
      expect(await skipMessageIds(database, DEFAULT_SKIPPED_IDS)).toEqual({
        from: String(lost[0]),
        to: String(lost[0]! + BigInt(DEFAULT_SKIPPED_IDS)),
      });
      expect(BigInt(await newMessage(database, appId))).toBe(lost[0]! + BigInt(DEFAULT_SKIPPED_IDS));
    } finally {
      await database.close();
    }
  });
});
