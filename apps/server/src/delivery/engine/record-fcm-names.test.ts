import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { syntheticApp } from '../../test/fixtures/synthetic-devices';
import { sendCounter } from '../../test/statistics';
import { BatchRepository, type SendResultRow } from './batch.repository';
import { fcmNameOf, SendOutcome } from './kinds';
import { packedNames } from './record.sql';

const DEVICES = 6;
const APP_PROJECT = 'shop-project';
const name = (project: string, n: number) =>
  `projects/${project}/messages/0:17000000001234${n}%0a1b2c3d4e5f6a7${n}`;

/**
 * The result write sends a name FCM gave for the app's project only in its packed form (packedNames), not as text
 * too. Every other name still reaches fcm_name_pack whole: names of another shape, results naming two projects, and
 * names of one project that is not the app's (the app moved to another Firebase project mid-send), which the
 * statement unpacks and packs again for the app's project. Each is shown afterwards exactly as FCM gave it.
 */
describe.each(backends())('FCM names in the result write [$name]', (backend) => {
  let database: Database;
  let appId: number;
  let devices: Array<{ id: string; country: string; appVersion: string }>;
  let batches: BatchRepository;

  beforeAll(async () => {
    database = await backend.open();
    appId = await syntheticApp(database, 'Names', DEVICES);
    await database.query('UPDATE apps SET firebase_project_id = $2 WHERE id = $1', [appId, APP_PROJECT]);
    devices = await database.query(
      `SELECT d.id::text AS id, d.country, d.app_version AS "appVersion" FROM devices d WHERE d.app_id = $1 ORDER BY d.id`,
      [appId],
    );
    batches = new BatchRepository(database, sendCounter(database));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** Records `names` (device i gets names[i]) as dispatched in one write of a new message's batch. */
  async function write(names: Array<string | null>): Promise<number> {
    const [m] = await database.query<{ id: number }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at)
       VALUES ($1, 1, 2, 'Names', 'o@x.test', '{}', 0, $2, 1, 86400, now()) RETURNING id::int AS id`,
      [appId, DEVICES],
    );
    const [wave] = await database.query<{ id: number }>(
      'INSERT INTO message_waves (message_id, run_at) VALUES ($1, now()) RETURNING id::int AS id',
      [m!.id],
    );
    const [id] = await batches.plan(m!.id, wave!.id, Number(devices[0]!.id), Number(devices.at(-1)!.id), 1);
    const batch = (await batches.lease(id!, 60, 0)).batch!;
    const rows: SendResultRow[] = names.map((fcmName, i) => ({
      deviceId: devices[i]!.id,
      outcome: fcmName === null ? SendOutcome.LOST : SendOutcome.DISPATCHED,
      lossCode: fcmName === null ? 1 : 0,
      fcmName,
      notBefore: null,
      attempted: 1,
      country: devices[i]!.country,
      appVersion: devices[i]!.appVersion,
    }));
    await batches.record(batch, rows, 60);
    return m!.id;
  }

  /** Each record's name as the troubleshooting view shows it, and the bytes of its packed form, by device. */
  const shown = (messageId: number) =>
    database.query<{ name: string | null; bytes: number | null }>(
      `SELECT ${fcmNameOf('s', 'a')} AS name, octet_length(s.fcm_id) AS bytes FROM send_records s
       JOIN messages m ON m.id = s.message_id JOIN apps a ON a.id = m.app_id
       WHERE s.message_id = $1 ORDER BY s.device_id`,
      [messageId],
    );

  it("sends the app's names packed only, and the rest whole", () => {
    const odd = `projects/${APP_PROJECT}/messages/fake_message_id`;
    const one = packedNames(
      [name(APP_PROJECT, 1), odd, null].map((fcmName) => ({ fcmName }) as SendResultRow),
    );
    expect(one.project).toBe(APP_PROJECT);
    expect(one.names).toBe(`{NULL,"${odd}",NULL}`);
    // two projects in one write: no packed names, every name as text
    const two = packedNames(
      [name(APP_PROJECT, 1), name('old-project', 2)].map((fcmName) => ({ fcmName }) as SendResultRow),
    );
    expect(two).toEqual({
      names: `{"${name(APP_PROJECT, 1)}","${name('old-project', 2)}"}`,
      hexes: '{}',
      project: null,
    });
  });

  it('shows every name as FCM gave it: the app’s project’s in 16 bytes, the others whole', async () => {
    const odd = `projects/${APP_PROJECT}/messages/fake_message_id`;
    // the app's project, another shape and a lost send (no name)
    const mixed = [name(APP_PROJECT, 1), odd, null, name(APP_PROJECT, 4)];
    const a = await write(mixed);
    expect(await shown(a)).toEqual([
      { name: mixed[0], bytes: 16 },
      { name: odd, bytes: odd.length + 1 },
      { name: null, bytes: null },
      { name: mixed[3], bytes: 16 },
    ]);
    // two projects in one write
    const two = [name(APP_PROJECT, 1), name('old-project', 2), name(APP_PROJECT, 3)];
    const b = await write(two);
    expect(await shown(b)).toEqual([
      { name: two[0], bytes: 16 },
      { name: two[1], bytes: two[1]!.length + 1 },
      { name: two[2], bytes: 16 },
    ]);
    // one project, not the app's: packed in the process, unpacked by the statement, stored whole
    const other = [name('old-project', 1), name('old-project', 2)];
    const c = await write(other);
    expect(await shown(c)).toEqual(other.map((n) => ({ name: n, bytes: n.length + 1 })));
  });
});
