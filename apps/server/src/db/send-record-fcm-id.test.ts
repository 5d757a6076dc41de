import { afterAll, describe, expect, it } from 'vitest';
import { fcmNameOf, packedFcmName } from '../delivery/engine';
import { backends } from '../test/databases';
import { schemaBefore } from '../test/migrations';
import type { Database } from './client';
import { migrate } from './migrate';

/** The names of a message's send records as the troubleshooting view reads them (fcmNameOf), by device. */
async function names(database: Database, messageId: string): Promise<Array<string | null>> {
  const rows = await database.query<{ name: string | null }>(
    `SELECT ${fcmNameOf('s', 'a')} AS name FROM send_records s JOIN messages m ON m.id = s.message_id
     JOIN apps a ON a.id = m.app_id WHERE s.message_id = $1::bigint ORDER BY s.device_id`,
    [messageId],
  );
  return rows.map((r) => r.name);
}

/** Bytes of each record's name columns, by device: [text name, packed name]. */
async function widths(database: Database, messageId: string): Promise<Array<[number | null, number | null]>> {
  const rows = await database.query<{ t: number | null; p: number | null }>(
    `SELECT octet_length(fcm_name) AS t, octet_length(fcm_id) AS p FROM send_records
     WHERE message_id = $1::bigint ORDER BY device_id`,
    [messageId],
  );
  return rows.map((r) => [r.t, r.p]);
}

const FCM = 'projects/shop-project/messages/0:1700000000123456%0a1b2c3d4e5f6a7b';
const ODD = 'projects/shop-project/messages/fake_message_id';
const OTHER = 'projects/old-project/messages/0:1600000000000001%ffffffffffffffff';

describe.each(backends())('migration 0039: FCM names packed in new send records [$name]', (backend) => {
  let database: Database;
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the names written before as text, packs the new ones in 16 bytes, and shows each as FCM gave it', async () => {
    database = await backend.open(); // fully migrated: start again from an empty schema
    await schemaBefore(database, '0039');
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc, firebase_project_id)
       VALUES ('Shop', 'com.example.shop', 'k', 's', 'shop-project') RETURNING id`,
    );
    const devices = await database.query<{ id: string }>(
      `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                            operator, timezone, utc_offset_min, notifications_enabled)
       SELECT $1, gen_random_uuid(), 'NG', 'en', 'TECNO', 'M1', 30, '1.0', 1, 'OP', 'UTC', 0, true
       FROM generate_series(1, 4) RETURNING id::text AS id`,
      [app!.id],
    );
    const newMessage = async () => {
      const [row] = await database.query<{ id: string }>(
        `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                               schedule_type, ttl_seconds, started_at)
         VALUES ($1, 1, 1, 'M', 'o@x.test', '{}', 0, 4, 1, 86400, now()) RETURNING id::text AS id`,
        [app!.id],
      );
      return row!.id;
    };
    // written before the migration: the name as text
    const before = await newMessage();
    const beforeNames = [FCM, ODD, null];
    await database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, attempts, fcm_name, sent_at)
       SELECT $1::bigint, d, CASE WHEN n IS NULL THEN 2 ELSE 1 END, 1, n, now() - interval '1 hour'
       FROM unnest($2::bigint[], $3::text[]) AS u(d, n)`,
      [before, devices.slice(0, 3).map((d) => d.id), beforeNames],
    );

    expect(await migrate(database)).toContain('0039_send-record-fcm-id.sql');
    // not rewritten: the old records keep their text and have no packed name
    expect(await widths(database, before)).toEqual([
      [FCM.length, null],
      [ODD.length, null],
      [null, null],
    ]);
    expect(await names(database, before)).toEqual(beforeNames);

    // written after it, as the engine's record statement does (packFcmName against the message's app's project)
    const after = await newMessage();
    const afterNames = [FCM, ODD, OTHER, null];
    const record = (messageId: string, ids: string[], list: Array<string | null>, project: string) =>
      database.query(
        `INSERT INTO send_records (message_id, device_id, outcome, attempts, fcm_id, sent_at)
         SELECT $1::bigint, d, CASE WHEN n IS NULL THEN 2 ELSE 1 END, 1, fcm_name_pack(n, $4::text), now()
         FROM unnest($2::bigint[], $3::text[]) AS u(d, n)`,
        [messageId, ids, list, project],
      );
    await record(
      after,
      devices.map((d) => d.id),
      afterNames,
      'shop-project',
    );
    // FCM's names for the app's project: 16 bytes; the others whole, after one byte
    expect(await widths(database, after)).toEqual([
      [null, 16],
      [null, ODD.length + 1],
      [null, OTHER.length + 1],
      [null, null],
    ]);
    expect(await names(database, after)).toEqual(afterNames);

    // the app moves to another Firebase project: the names of its earlier sends stay as FCM gave them
    await database.query("UPDATE apps SET firebase_project_id = 'new-project' WHERE id = $1", [app!.id]);
    expect(await names(database, before)).toEqual(beforeNames);
    expect(await names(database, after)).toEqual(afterNames);
    // a send recorded after the move is packed against, and shown with, the new project
    const later = await newMessage();
    const laterName = 'projects/new-project/messages/0:1700000000999999%00000000000000ff';
    await database.query('SELECT pg_sleep(0.01)');
    await record(later, [devices[0]!.id], [laterName], 'new-project');
    expect(await widths(database, later)).toEqual([[null, 16]]);
    expect(await names(database, later)).toEqual([laterName]);
  });
});

describe.each(backends('one'))('FCM names packed in the process [$name]', (backend) => {
  let database: Database;
  afterAll(async () => {
    await database?.close();
  });

  it('packedFcmName gives fcm_name_pack’s bytes for the names FCM gives, and leaves every other shape to it', async () => {
    database = await backend.open();
    const project = 'shop-project';
    const names = [
      FCM,
      'projects/shop-project/messages/0:1%0000000000000000',
      'projects/shop-project/messages/0:9999999999999999%ffffffffffffffff',
      ...Array.from({ length: 200 }, (_, i) => {
        const digits = String(1 + ((i * 7_919_393_157) % 9_999_999_999_999_998));
        const hex = ((BigInt(i) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn).toString(16).padStart(16, '0');
        return `projects/${project}/messages/0:${digits}%${hex}`;
      }),
    ];
    const others = [
      ODD,
      'projects/shop-project/messages/0:01700000000123456%0a1b2c3d4e5f6a7b', // a leading 0
      'projects/shop-project/messages/0:17000000001234567%0a1b2c3d4e5f6a7b', // 17 digits
      'projects/shop-project/messages/0:1700000000123456%0A1B2C3D4E5F6A7B', // upper-case hex
      'projects/shop-project/messages/0:1700000000123456%0a1b2c3d4e5f6a7', // 15 hex digits
      'projects/shop-project/messages/0:1700000000123456%0a1b2c3d4e5f6a7b\n',
      'projects/shop/project/messages/0:1700000000123456%0a1b2c3d4e5f6a7b',
    ];
    const sql = await database.query<{ name: string; hex: string }>(
      `SELECT n AS name, encode(fcm_name_pack(n, $2), 'hex') AS hex FROM unnest($1::text[]) AS n`,
      [[...names, ...others], project],
    );
    for (const { name, hex } of sql) {
      const js = packedFcmName(name);
      if (others.includes(name)) expect(js?.project === project ? js.hex : undefined, name).toBeUndefined();
      else expect(js, name).toEqual({ project, hex });
    }
    // a name of another project packs against its own, which the result write compares with its app's
    expect(packedFcmName(OTHER)?.project).toBe('old-project');
  });
});
