import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { schemaBefore } from '../test/migrations';
import type { Database } from './client';
import { migrate } from './migrate';

/** The device's bucket for a message (0–9,999), computed here from the hash's definition (audience-source abBucketSql). */
function bucket(messageId: string, deviceId: string): number {
  const hex = createHash('md5').update(`${messageId}:${deviceId}`).digest('hex').slice(0, 8);
  return (parseInt(hex, 16) & 0x7fffffff) % 10_000;
}

/**
 * Migration 0045 counts a best-hour message's control group as it happens; a best-hour message sent before it gets
 * its control group's dispatched, shown and clicked counted once from its send records, with the plan's split.
 */
describe.each(backends())(
  'migration 0045: best-hour control groups of earlier messages [$name]',
  (backend) => {
    let database: Database;
    afterAll(async () => {
      await database?.close();
    });

    it('counts the control group of a best-hour message from its records, and nothing for other messages', async () => {
      database = await backend.open();
      await schemaBefore(database, '0045');
      const [app] = await database.query<{ id: number }>(
        `INSERT INTO apps (title, pkg, app_key, app_secret_enc, firebase_project_id)
       VALUES ('Shop', 'com.example.shop', 'k', 's', 'shop-project') RETURNING id`,
      );
      const devices = await database.query<{ id: string }>(
        `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                            operator, timezone, utc_offset_min, notifications_enabled)
       SELECT $1, gen_random_uuid(), 'NG', 'en', 'TECNO', 'M1', 30, '1.0', 1, 'OP', 'UTC', 0, true
       FROM generate_series(1, 60) RETURNING id::text AS id`,
        [app!.id],
      );
      const message = async (scheduleType: number, controlShare: number) => {
        const [row] = await database.query<{ id: string }>(
          `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                               schedule_type, ttl_seconds, started_at, control_share)
         VALUES ($1, 1, 1, 'M', 'o@x.test', '{}', 0, 60, $2, 86400, now(), $3) RETURNING id::text AS id`,
          [app!.id, scheduleType, controlShare],
        );
        return row!.id;
      };
      const best = await message(4, 30);
      const now = await message(1, 0);
      // device k: lost when k % 10 = 9; shown when k % 3 = 0, clicked too when k % 6 = 0
      const outcome = (k: number) => (k % 10 === 9 ? 2 : 1);
      const mask = (k: number) => (k % 6 === 0 ? 7 : k % 3 === 0 ? 3 : k % 2);
      for (const m of [best, now])
        await database.query(
          `INSERT INTO send_records (message_id, device_id, outcome, attempts, event_mask, sent_at)
         SELECT $1::bigint, d, o, 1, e, now() FROM unnest($2::bigint[], $3::smallint[], $4::int[]) AS u(d, o, e)`,
          [
            m,
            devices.map((d) => d.id),
            devices.map((_, k) => outcome(k)),
            devices.map((_, k) => (outcome(k) === 1 ? mask(k) : 0)),
          ],
        );

      expect(await migrate(database)).toContain('0045_best-hour-groups.sql');

      const expected = { dispatched: 0, show: 0, click: 0 };
      devices.forEach((d, k) => {
        if (bucket(best, d.id) >= 30 * 100 || outcome(k) !== 1) return;
        expected.dispatched += 1;
        if (mask(k) & 2) expected.show += 1;
        if (mask(k) & 4) expected.click += 1;
      });
      expect(expected.dispatched).toBeGreaterThan(0);
      const counts = await database.query<{ id: string; dispatched: number; show: number; click: number }>(
        `SELECT id::text AS id, control_dispatch AS dispatched, control_show AS show, control_click AS click
       FROM messages ORDER BY id`,
      );
      expect(counts).toEqual([
        { id: best, ...expected },
        { id: now, dispatched: 0, show: 0, click: 0 },
      ]);
    });
  },
);
