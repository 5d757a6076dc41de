import { afterAll, describe, expect, it } from 'vitest';
import { EventStreamsRepository } from './event-streams.repository';
import { backends } from '../../test/databases';
import { schemaBefore } from '../../test/migrations';
import type { Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { until } from '../../test/until';

describe.each(backends())('migration 0057: stream events in rows of up to 500 [$name]', (backend) => {
  let database: Database;
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the events queued before it, with their ids and the cursor, and numbers the new ones after them', async () => {
    database = await backend.open(); // fully migrated: start again from an empty schema
    await schemaBefore(database, '0057');
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Shop', 'com.example.shop', 'k', 's')
       RETURNING id`,
    );
    const appId = app!.id;
    await database.query(
      `INSERT INTO app_event_streams (app_id, enabled, url, types, secret) VALUES ($1, true, '', 127, 'x')`,
      [appId],
    );
    // five events one row each (0055's form): two delivered (the cursor after them), a loss among the three pending
    const old = await database.query<{ id: number }>(
      `INSERT INTO stream_events (app_id, type, message_id, device_id, loss_code)
       SELECT $1, CASE WHEN g = 4 THEN 6 ELSE 1 END, 77, 100 + g, CASE WHEN g = 4 THEN 107 END
       FROM generate_series(1, 5) g ORDER BY g RETURNING id::float8 AS id`,
      [appId],
    );
    const ids = old.map((r) => r.id).sort((a, b) => a - b);
    await database.query(
      `UPDATE app_event_streams SET cursor_xid = (SELECT xid FROM stream_events WHERE id = $2), cursor_id = $2
       WHERE app_id = $1`,
      [appId, ids[1]],
    );

    expect(await migrate(database)).toContain('0057_stream-event-sets.sql');
    const repo = new EventStreamsRepository(database);
    expect((await repo.backlog(appId)).backlog).toBe(3);
    const stream = (await repo.get(appId))!;
    // a batch takes only rows whose transaction ended before every running one: on a PostgreSQL server shared with
    // other tests' databases, one of theirs may hold it back a moment
    const batchOf = (n: number) =>
      until(
        `a batch of ${n}`,
        () => repo.batch(appId, stream.cursor, 500),
        (b) => b?.n === n,
      );
    const batch = (await batchOf(3))!;
    expect(batch).toMatchObject({ n: 3, live: 3, firstId: ids[2], lastId: ids[4] });
    const events = JSON.parse(`[${batch.events}]`) as Array<{ id: number; type: string; lossCode?: number }>;
    expect(events.map((e) => [e.id, e.type, e.lossCode ?? null])).toEqual([
      [ids[2], 'sent', null],
      [ids[3], 'lost', 107],
      [ids[4], 'sent', null],
    ]);

    // a row written after it: its id is past every old event's, its events numbered from it
    const [row] = await database.query<{ id: number }>(
      `INSERT INTO stream_events (app_id, type, message_id, device_ids) VALUES ($1, 2, 78, '{201,202,203}')
       RETURNING id::float8 AS id`,
      [appId],
    );
    expect(row!.id).toBeGreaterThan(ids[4]!);
    expect((await repo.backlog(appId)).backlog).toBe(6);
    const next = (await batchOf(6))!;
    expect(next).toMatchObject({ n: 6, firstId: ids[2], lastId: row!.id + 2 });
    // a full row stays whole in its heap page (toast_tuple_target): 500 ids uncompressed, nothing in the TOAST table
    await database.query(
      `INSERT INTO stream_events (app_id, type, message_id, device_ids)
       SELECT $1, 1, 79, array_agg(g::bigint) FROM generate_series(1, 500) g`,
      [appId],
    );
    const [full] = await database.query<{ bytes: number; toasted: number }>(
      `SELECT pg_column_size(e.device_ids) AS bytes,
              pg_relation_size((SELECT reltoastrelid FROM pg_class WHERE relname = 'stream_events'))::int AS toasted
       FROM stream_events e WHERE e.n = 500`,
    );
    expect(full!.bytes).toBeGreaterThanOrEqual(4000);
    expect(full!.toasted).toBe(0);
    // a row is never larger than a post, and its losses match its devices one for one
    await expect(
      database.query(
        `INSERT INTO stream_events (app_id, type, message_id, device_ids)
         SELECT $1, 1, 79, array_agg(g::bigint) FROM generate_series(1, 501) g`,
        [appId],
      ),
    ).rejects.toThrow(/stream_events_set_size/);
    await expect(
      database.query(
        `INSERT INTO stream_events (app_id, type, message_id, device_ids, loss_codes)
         VALUES ($1, 6, 79, '{1,2}', '{107}')`,
        [appId],
      ),
    ).rejects.toThrow(/stream_events_loss_codes/);
  });
});
