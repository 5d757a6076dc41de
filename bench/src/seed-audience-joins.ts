// Set-based seeding of what the join conditions read for one app: two tags (a LABEL carried by ~20 % of the devices,
// a GROUP by ~5 %) and the send records of two past messages (each to ~30 % of the devices, 2 and 5 days ago, ~8 %
// of them clicked), so that tags, dmpCustomize and noclick count over realistic tables.
import type { Database } from '../../apps/server/src/db/client';

export interface JoinSeed {
  sportTagId: number;
  payersTagId: number;
  deviceTags: number;
  sendRecords: number;
}

/** Seeds the app's tags and send records; foreign-key triggers are off for the bulk load (replica role). */
export async function seedAudienceJoins(database: Database, appId: number): Promise<JoinSeed> {
  const tag = async (name: string, flag: 'LABEL' | 'GROUP') =>
    (
      await database.query<{ id: number }>(
        'INSERT INTO tags (app_id, name, code, flag) VALUES ($1, $2, $2, $3) RETURNING id',
        [appId, name, flag],
      )
    )[0]!.id;
  // an audience package (dmpCustomize) is refused while the app's DMP switch is off (130000, messages-dmp.ts)
  await database.query('UPDATE apps SET commercial_enable = true WHERE id = $1', [appId]);
  const sportTagId = await tag('sport', 'LABEL');
  const payersTagId = await tag('payers', 'GROUP');
  const messageBase = 1_000_000_000 + appId * 10;
  return database.withConnection(async (conn) => {
    await conn.exec("SET session_replication_role = 'replica'");
    try {
      await conn.query(
        `INSERT INTO device_tags (device_id, tag_id, app_id)
         SELECT id, $2::int, $1::int FROM devices WHERE app_id = $1 AND random() < 0.20
         UNION ALL SELECT id, $3::int, $1::int FROM devices WHERE app_id = $1 AND random() < 0.05`,
        [appId, sportTagId, payersTagId],
      );
      for (const [j, daysAgo] of [2, 5].entries()) {
        await conn.query(
          `INSERT INTO send_records (message_id, device_id, outcome, sent_at, event_mask)
           SELECT $2::bigint, id, 1, now() - $3::int * interval '1 day', CASE WHEN r < 0.08 THEN 7 WHEN r < 0.5 THEN 3 ELSE 1 END
           FROM (SELECT id, random() AS r FROM devices WHERE app_id = $1 AND random() < 0.30) s`,
          [appId, messageBase + j, daysAgo],
        );
      }
    } finally {
      await conn.exec("SET session_replication_role = 'origin'");
    }
    const [t] = await conn.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM device_tags WHERE app_id = $1',
      [appId],
    );
    const [s] = await conn.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_records WHERE message_id IN ($1, $2)',
      [messageBase, messageBase + 1],
    );
    return { sportTagId, payersTagId, deviceTags: t?.n ?? 0, sendRecords: s?.n ?? 0 };
  });
}
