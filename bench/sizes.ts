// Storage: table and index bytes per 1,000,000 rows of the tables that grow with devices and sends (issue 17, item 3
// and docs/scaling.md). Seeds, through the same statements the product and the other benches use, one app's devices,
// one message's send records (dispatched, FCM name, sent time; events on a share of them, as after a broadcast), the
// statistics' per-device rows and a journey step's members, then reads pg_total_relation_size / pg_indexes_size
// (summed over the partitions of a partitioned table: send_records is partitioned by message id, migration 0027; the
// message's records are all in the partition of its block, the other partitions are empty).
// Run: npm run bench -- sizes [--backend postgres|pglite] [--rows 1000000]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { here, load, numArg, openBenchDb, round, strArg } from './src/harness';
import { seedDevices } from './src/seed-devices';

const BACKEND = strArg('backend', 'postgres') as 'postgres' | 'pglite';
const ROWS = numArg('rows', 1_000_000);

const say = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load()}] ${msg}`);

async function main(): Promise<void> {
  const started = Date.now();
  const db = await openBenchDb(BACKEND, 4);
  const database = db.database;
  try {
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Sizes', 'com.example.sizes', 'sizes', 's')
       RETURNING id`,
    );
    const appId = app!.id;
    await seedDevices(database, appId, ROWS, { allSendable: true });
    await database.query(
      `INSERT INTO device_tokens (device_id, token)
       SELECT id, 'f' || md5(id::text) || ':APA91b' || repeat(md5((id * 7)::text), 4) FROM devices WHERE app_id = $1`,
      [appId],
    );
    say(`${ROWS} devices and tokens seeded`);
    const [message] = await database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at)
       VALUES ($1, 1, 1, 'Sizes', 'owner@bench.test', '{}', 0, $2, 1, 86400, now()) RETURNING id::text AS id`,
      [appId, ROWS],
    );
    const messageId = message!.id;
    // as the engine records a dispatched send (FCM's message name), then the device's events: 70 % received,
    // 50 % shown, 5 % clicked (the bench's delivery mix)
    await database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, attempts, fcm_name, sent_at, event_mask, received_at,
                                 shown_at, clicked_at, batch_id)
       SELECT $1::bigint, d.id, 1, 1, 'projects/sizes/messages/0:' || (1700000000000000 + d.id)::text || '%' || md5(d.id::text),
              now(), CASE WHEN r < 0.05 THEN 7 WHEN r < 0.5 THEN 3 WHEN r < 0.7 THEN 1 ELSE 0 END,
              CASE WHEN r < 0.7 THEN now() END, CASE WHEN r < 0.5 THEN now() END, CASE WHEN r < 0.05 THEN now() END, 1
       FROM (SELECT id, random() AS r FROM devices WHERE app_id = $2) d`,
      [messageId, appId],
    );
    // the statistics' unique devices of the day (one row per device that showed or clicked something today)
    await database.query(
      `INSERT INTO stat_uv (app_id, day, device_id, show_modes, click_modes)
       SELECT $1, (now() AT TIME ZONE 'UTC')::date, id, 3, 0 FROM devices WHERE app_id = $1`,
      [appId],
    );
    // a journey step whose branch every device took
    await database.query(
      `INSERT INTO journey_members (source_id, device_id, step_id)
       SELECT $1::bigint, id, $1::bigint + 1 FROM devices WHERE app_id = $2`,
      [messageId, appId],
    );
    for (const table of ['devices', 'device_tokens', 'send_records', 'stat_uv', 'journey_members'])
      await database.exec(`VACUUM ANALYZE ${table}`);
    const tables = await database.query<{
      table: string;
      rows: string;
      heap: string;
      indexes: string;
      total: string;
      partitions: number;
    }>(
      // a partitioned table (send_records, migration 0027) has no storage of its own: its figures are the sum of its
      // partitions' (pg_partition_tree lists them; it lists nothing for a plain table, which is its own only leaf)
      `WITH leaves AS (
         SELECT c.relname AS table, COALESCE(p.relid, c.oid) AS relid
         FROM pg_class c LEFT JOIN LATERAL pg_partition_tree(c.oid) p ON true
         WHERE c.relname = ANY($1::text[]) AND c.relkind IN ('r', 'p') AND (p.relid IS NULL OR p.isleaf)
       )
       SELECT l.table, sum(GREATEST(x.reltuples, 0))::bigint::text AS rows, sum(pg_table_size(l.relid))::text AS heap,
              sum(pg_indexes_size(l.relid))::text AS indexes, sum(pg_total_relation_size(l.relid))::text AS total,
              count(*)::int AS partitions
       FROM leaves l JOIN pg_class x ON x.oid = l.relid GROUP BY l.table ORDER BY l.table`,
      [['devices', 'device_tokens', 'send_records', 'stat_uv', 'journey_members']],
    );
    const perMillion = (bytes: string, rows: string) =>
      round((Number(bytes) / Math.max(1, Number(rows))) * 1e6, 0);
    const sizes = tables.map((t) => ({
      table: t.table,
      rows: Number(t.rows),
      partitions: t.partitions,
      bytesPerRow: round(Number(t.total) / Math.max(1, Number(t.rows)), 1),
      perMillionRows: {
        heapMB: round(perMillion(t.heap, t.rows) / 1048576, 1),
        indexesMB: round(perMillion(t.indexes, t.rows) / 1048576, 1),
        totalMB: round(perMillion(t.total, t.rows) / 1048576, 1),
      },
    }));
    for (const s of sizes)
      say(
        `${s.table}: ${s.rows} rows, ${s.bytesPerRow} bytes a row; per 1M rows: heap ${s.perMillionRows.heapMB} MB, indexes ${s.perMillionRows.indexesMB} MB, total ${s.perMillionRows.totalMB} MB`,
      );
    const out = {
      date: new Date().toISOString(),
      backend: BACKEND,
      rows: ROWS,
      sizes,
      totalS: round((Date.now() - started) / 1000, 0),
      loadAverageEnd: load(),
    };
    const file = path.join(here, 'results', `sizes-${BACKEND}.json`);
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    say(`written ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.close();
  }
}

await main();
