import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import type { EventRow } from '../devices';
import { StatisticsWriter } from './statistics.writer';

/**
 * A phone can report a push before the engine has recorded its send (the page's results are written once all its
 * requests are answered): its events find no dispatched send and are kept as strays. Once the send is recorded, they
 * are applied to it and counted once; a stray for a device the message never reached stays a stray.
 */
describe.each(backends())('events that came before their send was recorded [$name]', (backend) => {
  let database: Database;
  let writer: StatisticsWriter;
  let appId: number;
  let messageId: string;
  const gaids: string[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    database = await backend.open();
    writer = new StatisticsWriter(database, { delayMs: 0 });
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Early', 'com.example.early', 'k', 's') RETURNING id`,
    );
    appId = app!.id;
    const devices = await database.query<{ id: string; gaid: string }>(
      `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                            operator, timezone, utc_offset_min, notifications_enabled)
       SELECT $1, gen_random_uuid(), 'NG', 'en', 'TECNO', 'M1', 30, '1.0', 1, 'OP', 'UTC', 0, true
       FROM generate_series(1, 3) RETURNING id::text AS id, gaid::text AS gaid`,
      [appId],
    );
    for (const d of devices) {
      ids.push(d.id);
      gaids.push(d.gaid);
    }
    const [message] = await database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at)
       VALUES ($1, 1, 1, 'Early', 'o@x.test', '{}', 0, 3, 1, 86400, now()) RETURNING id::text AS id`,
      [appId],
    );
    messageId = message!.id;
  });
  afterAll(async () => {
    await writer?.close();
    await database?.close();
  });

  const event = (gaid: string, mask: number): EventRow => ({
    appId,
    gaid,
    messageId,
    mask,
    receivedAt: mask & 1 ? new Date() : null,
    shownAt: mask & 2 ? new Date() : null,
    clickedAt: null,
    showFailedReason: null,
  });
  const counts = async () => {
    await writer.settle();
    const [m] = await database.query<{ reach: number; show: number; strays: number }>(
      `SELECT reach_count AS reach, show_count AS show,
              (SELECT count(*)::int FROM stat_stray_events WHERE message_id = $1) AS strays
       FROM messages WHERE id = $1`,
      [messageId],
    );
    return m!;
  };

  it('applies them once the send is recorded dispatched, counts them once, and leaves the true strays', async () => {
    // devices 0 and 1 report received (and 1 shown) before their sends are recorded; device 2 is never sent it
    expect(
      await writer.recordEvents([event(gaids[0]!, 1), event(gaids[1]!, 3), event(gaids[2]!, 1)]),
    ).toEqual({
      counted: 0,
      stray: 3,
    });
    expect(await counts()).toEqual({ reach: 0, show: 0, strays: 3 });
    // nothing to fold while no send is recorded
    expect(await writer.foldEarlyEvents()).toBe(0);

    // the engine records the page: devices 0 and 1 dispatched
    await database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, attempts, sent_at)
       SELECT $1::bigint, unnest($2::bigint[]), 1, 1, now()`,
      [messageId, [ids[0], ids[1]]],
    );
    expect(await writer.foldEarlyEvents()).toBe(2);
    expect(await counts()).toEqual({ reach: 2, show: 1, strays: 1 });
    const masks = await database.query<{ mask: number }>(
      'SELECT event_mask AS mask FROM send_record_events WHERE message_id = $1 ORDER BY device_id',
      [messageId],
    );
    expect(masks.map((r) => r.mask & 7)).toEqual([1, 3]);

    // folded once: again, and the same events reported again, count nothing
    expect(await writer.foldEarlyEvents()).toBe(0);
    expect(await writer.recordEvents([event(gaids[0]!, 1), event(gaids[1]!, 3)])).toEqual({
      counted: 0,
      stray: 0,
    });
    expect(await counts()).toEqual({ reach: 2, show: 1, strays: 1 });
  });
});
