import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import type { Database } from './client';

/**
 * The columns every reader of a send's event state relies on (migration 0059), in their order: a later migration may
 * redefine the view (CREATE OR REPLACE VIEW) and append columns, but not change, drop or reorder these.
 */
const COLUMNS = [
  ['message_id', 'bigint'],
  ['device_id', 'bigint'],
  ['outcome', 'smallint'],
  ['loss_code', 'smallint'],
  ['attempts', 'smallint'],
  ['fcm_name', 'text'],
  ['sent_at', 'timestamp with time zone'],
  ['event_mask', 'smallint'],
  ['received_at', 'timestamp with time zone'],
  ['shown_at', 'timestamp with time zone'],
  ['clicked_at', 'timestamp with time zone'],
  ['show_failed_reason', 'smallint'],
  ['not_before', 'timestamp with time zone'],
  ['batch_id', 'bigint'],
  ['fcm_id', 'bytea'],
];

describe.each(backends())('send_record_events, the view of a send’s event state [$name]', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has the send record’s columns in their order, without new_bits (the events UPDATE’s own)', async () => {
    const columns = await database.query<{ name: string; type: string }>(
      `SELECT column_name AS name, data_type AS type FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = 'send_record_events' ORDER BY ordinal_position`,
    );
    expect(columns.slice(0, COLUMNS.length).map((c) => [c.name, c.type])).toEqual(COLUMNS);
    expect(columns.map((c) => c.name)).not.toContain('new_bits');
  });

  it('reads what the writers write to send_records', async () => {
    await database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, attempts, sent_at, event_mask, received_at, shown_at,
                                 show_failed_reason)
       VALUES (77, 1, 1, 1, '2026-01-02T03:04:05.678Z', 3, '2026-01-02T03:04:06.789Z', '2026-01-02T03:04:07Z', NULL),
              (77, 2, 2, 0, NULL, 0, NULL, NULL, NULL)`,
    );
    await database.query(
      `UPDATE send_records SET event_mask = event_mask | 16, show_failed_reason = 5 WHERE message_id = 77 AND device_id = 1`,
    );
    const rows = await database.query<Record<string, unknown>>(
      `SELECT device_id::int AS device, outcome, event_mask AS mask, received_at = '2026-01-02T03:04:06.789Z' AS received, show_failed_reason AS reason
       FROM send_record_events WHERE message_id = 77 ORDER BY device_id`,
    );
    expect(rows).toEqual([
      { device: 1, outcome: 1, mask: 19, received: true, reason: 5 },
      { device: 2, outcome: 2, mask: 0, received: null, reason: null },
    ]);
  });
});
