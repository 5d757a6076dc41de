// Storage: table and index bytes per 1,000,000 rows of the tables that grow with devices and sends (issue 17, item 3
// and docs/scaling.md). Seeds, through the same statements the product and the other benches use, one app's devices,
// one message's send records (dispatched, FCM name, sent time; events on a share of them, as after a broadcast), the
// statistics' per-device rows and a journey step's members, then reads pg_total_relation_size / pg_indexes_size
// (summed over the partitions of a partitioned table: send_records is partitioned by message id, migration 0027; the
// message's records are all in the partition of its block, the other partitions are empty).
// Run: npm run bench -- sizes [--backend postgres|pglite] [--rows 1000000] [--messages 1] [--event-pages 1|0]
//      [--out sizes-<backend>]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../apps/server/src/db/client';
import { archiveBlock } from '../apps/server/src/db/partition-archive';
import { compactBlock } from '../apps/server/src/db/partition-compaction';
import { ensurePartitions, listBlocks, PERIOD_DAYS } from '../apps/server/src/db/partitions';
import {
  EVENTS_WINDOW_MS,
  EventsLogRepository,
  PgEventsLogConsumer,
} from '../apps/server/src/modules/devices';
import { StatisticsWriter } from '../apps/server/src/modules/statistics';
import { here, load, numArg, openBenchDb, round, say, strArg } from './src/harness';
import { eventPagesSql } from './src/seed-dispatched';
import { seedSendingApp, startedMessage } from './src/seed-devices';
import {
  DIRECT_FLUSH,
  FCM_NAME_SQL,
  flushesOf,
  groupsOf,
  JETSTREAM_FLUSH,
  PG_LOG_APPEND,
  replayCalls,
  type FlushRule,
} from './src/event-replay';

const BACKEND = strArg('backend', 'postgres') as 'postgres' | 'pglite';
const ROWS = numArg('rows', 1_000_000);
/**
 * Messages sent to every device before the sizes are read (default 1: the figures of the runs before 2026-12-05).
 * With more, a week's partition holds several sends a device, as in the field (about one message a device a day):
 * the per-device index (device_id, sent_at) then takes each message's entries between the earlier ones', where one
 * message alone only ever appends to it.
 */
const MESSAGES = numArg('messages', 1);
/**
 * 1 (default): the seeded sends have their places in event pages, their events there (the engine's way with the
 * JetStream log, migration 0060); 0: their events on the records themselves (its way without NATS_URL).
 */
const EVENT_PAGES = numArg('event-pages', 1) === 1;
/** How many devices the event replay (row writes per delivered message's events) sends a second message to. */
const EVENT_DEVICES = numArg('event-devices', Math.min(ROWS, 50_000));
/** The broadcast's dispatch rate the replay assumes (sends a second): it spreads the devices' events in time. */
const SEND_RATE = numArg('send-rate', 10_000);

async function main(): Promise<void> {
  const started = Date.now();
  const db = await openBenchDb(BACKEND, 4);
  const database = db.database;
  try {
    const appId = await seedSendingApp(database, 'Sizes', ROWS);
    await database.query(
      `INSERT INTO device_tokens (device_id, token)
       SELECT id, 'f' || md5(id::text) || ':APA91b' || repeat(md5((id * 7)::text), 4) FROM devices WHERE app_id = $1`,
      [appId],
    );
    say(`${ROWS} devices and tokens seeded`);
    const messageIds: string[] = [];
    for (let k = 0; k < MESSAGES; k++) messageIds.push(await startedMessage(database, appId, ROWS, 'Sizes'));
    const messageId = messageIds[0]!;
    // as the engine records a dispatched send (no batch id since migration 0062; FCM's message name, shaped as FCM's and the emulator's:
    // `projects/<p>/messages/0:<16 digits>%<16 hex>`), then the device's events: 70 % received, 50 % shown, 5 % clicked
    // (the bench's delivery mix); in device order, as the engine writes a page of devices (a random order left the
    // indexes' pages fuller or emptier from one run to the next: 66–76 bytes a record)
    // — the events in the pages of sends the records' places (ev) point to (migration 0060), as the device API
    // leaves them: bits, and the first receipt, show and click of each send in seconds from the page's base
    // — or, without pages (--event-pages 0), the same events on the records themselves
    for (const id of messageIds) {
      await database.query(
        `WITH d AS MATERIALIZED (
           SELECT id, random() AS r, (row_number() OVER (ORDER BY id))::int - 1 AS ev FROM devices WHERE app_id = $2
         ), m AS (
           SELECT id, ev, CASE WHEN r < 0.05 THEN 7 WHEN r < 0.5 THEN 3 WHEN r < 0.7 THEN 1 ELSE 0 END AS mask,
                  CASE WHEN r < 0.7 THEN (r * 3)::int END AS received_s,
                  CASE WHEN r < 0.5 THEN (r * 3)::int + 1 END AS shown_s,
                  CASE WHEN r < 0.05 THEN (r * 3)::int + 9 END AS clicked_s
           FROM d
         ), ins AS (
           INSERT INTO send_records (message_id, device_id, outcome, attempts, fcm_id, sent_at, batch_id, ev, event_mask,
                                     new_bits, received_at, shown_at, clicked_at)
           SELECT $1::bigint, d.id, 1, 1, ${FCM_NAME_SQL}, now(), NULL, CASE WHEN $3 THEN d.ev END,
                  CASE WHEN NOT $3 THEN d.mask END, CASE WHEN NOT $3 THEN 0 END,
                  CASE WHEN NOT $3 THEN now() + make_interval(secs => d.received_s) END,
                  CASE WHEN NOT $3 THEN now() + make_interval(secs => d.shown_s) END,
                  CASE WHEN NOT $3 THEN now() + make_interval(secs => d.clicked_s) END
           FROM m d -- (d: the device, as FCM_NAME_SQL names it)
           ORDER BY d.id
         )
         ${eventPagesSql(`SELECT $1::bigint AS message_id, ev, mask, now() AS at, received_s, shown_s, clicked_s
                          FROM m WHERE $3`)}`,
        [id, appId, EVENT_PAGES],
      );
      if (MESSAGES > 1) say(`message ${id}: ${ROWS} send records`);
    }
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
    for (const table of [
      'devices',
      'device_tokens',
      'send_records',
      'send_events',
      'stat_uv',
      'journey_members',
    ])
      await database.exec(`VACUUM ANALYZE ${table}`);
    const { sizes, send } = await measure(database);
    for (const t of sizes)
      say(
        `${t.table}: ${t.rows} rows, ${t.bytesPerRow} bytes a row (heap ${t.heapBytesPerRow}, indexes ${t.indexBytesPerRow}); per 1M rows: heap ${t.perMillionRows.heapMB} MB, indexes ${t.perMillionRows.indexesMB} MB, total ${t.perMillionRows.totalMB} MB`,
      );
    say(
      `a dispatched send: ${send.bytes} bytes (heap ${send.heap}, indexes ${send.indexes}), its record and its share of its page of events`,
    );
    // … and once its week has settled: the partition maintenance rebuilds the block's indexes full (migration 0061)
    const block = (await listBlocks(database)).find(
      (b) => (b.lo === null || BigInt(b.lo) <= BigInt(messageId)) && BigInt(messageId) < BigInt(b.hi),
    );
    if (!block || !(await compactBlock(database, block.suffix, new Date())))
      throw new Error(`the block of message ${messageId} was not compacted`);
    const settled = (await measure(database)).send;
    say(
      `settled (block ${block.suffix} compacted): ${settled.bytes} bytes a send (heap ${settled.heap}, indexes ${settled.indexes})`,
    );
    // … and archived (migration 0066): the settled block's records copied into the narrow send_archive
    if (!(await archiveBlock(database, block.suffix, new Date())))
      throw new Error(`the block ${block.suffix} was not archived`);
    await database.exec('VACUUM ANALYZE send_archive');
    const archived = (await measure(database)).send;
    say(
      `archived (block ${block.suffix}): ${archived.bytes} bytes a send (heap ${archived.heap}, indexes ${archived.indexes})`,
    );
    // the replays' messages in the next week's block, so that their records and writes are not in the compacted one
    await ensurePartitions(database, new Date(Date.now() + PERIOD_DAYS * 86_400_000));
    // each event its own SDK call (the brief's case), then as the fleet's SDK batches a device's events (1 s)
    // — each with the events on the send records (the engine's way without NATS_URL) and in the event pages (with it:
    // migration 0060, BatchRepository's eventPages)
    const events = [];
    for (const pages of [false, true])
      events.push(
        await replayEvents(db.database, appId, 0, pages),
        await replayEvents(db.database, appId, 1000, pages),
        // with NATS_URL: the calls go through the JetStream log, whose consumer merges a window of them
        await replayEvents(db.database, appId, 0, pages, JETSTREAM_FLUSH),
      );
    // with EVENTS_LOG=postgres: through the log table, its rows counted too (the engine gives sends their pages)
    events.push(await replayEvents(db.database, appId, 0, true, PG_LOG_APPEND));
    const out = {
      date: new Date().toISOString(),
      backend: BACKEND,
      rows: ROWS,
      messages: MESSAGES,
      eventPages: EVENT_PAGES,
      send,
      settled,
      archived,
      sizes,
      events,
      totalS: round((Date.now() - started) / 1000, 0),
      loadAverageEnd: load(),
    };
    const file = path.join(here, 'results', `${strArg('out', `sizes-${BACKEND}`)}.json`);
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    say(`written ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.close();
  }
}

/** The measured tables' sizes, and what a dispatched send costs: its record and its share of its page of events. */
async function measure(database: Pick<Queryable, 'query'>) {
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
    [
      [
        'devices',
        'device_tokens',
        'send_records',
        'send_archive',
        'send_events',
        'stat_uv',
        'journey_members',
      ],
    ],
  );
  const perMillion = (bytes: string, rows: string) =>
    round((Number(bytes) / Math.max(1, Number(rows))) * 1e6, 0);
  const sizes = tables.map((t) => ({
    table: t.table,
    rows: Number(t.rows),
    partitions: t.partitions,
    bytesPerRow: round(Number(t.total) / Math.max(1, Number(t.rows)), 1),
    heapBytesPerRow: round(Number(t.heap) / Math.max(1, Number(t.rows)), 1),
    indexBytesPerRow: round(Number(t.indexes) / Math.max(1, Number(t.rows)), 1),
    perMillionRows: {
      heapMB: round(perMillion(t.heap, t.rows) / 1048576, 1),
      indexesMB: round(perMillion(t.indexes, t.rows) / 1048576, 1),
      totalMB: round(perMillion(t.total, t.rows) / 1048576, 1),
    },
  }));
  // issue 31 §6's figure: what a dispatched send costs, its record (in send_records, or in send_archive once its block
  // is archived) and its share of its page of events
  const of = (table: string, k: 'rows' | 'heap' | 'indexes' | 'total') =>
    Number(tables.find((t) => t.table === table)?.[k] ?? 0);
  const records = of('send_records', 'rows') + of('send_archive', 'rows');
  const perSend = (k: 'heap' | 'indexes' | 'total') =>
    round((of('send_records', k) + of('send_archive', k) + of('send_events', k)) / Math.max(1, records), 1);
  return { sizes, send: { bytes: perSend('total'), heap: perSend('heap'), indexes: perSend('indexes') } };
}

/** `transaction` over one connection (the replay's, whose statistics it flushes and reads). */
const inTx =
  (conn: Pick<Queryable, 'query'>) =>
  async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    await conn.query('BEGIN');
    try {
      const out = await fn(conn);
      await conn.query('COMMIT');
      return out;
    } catch (err) {
      await conn.query('ROLLBACK');
      throw err;
    }
  };

/** Where the write-ahead log is now (PostgreSQL), as text for pg_wal_lsn_diff. */
async function walAt(q: Pick<Queryable, 'query'>): Promise<string> {
  const [row] = await q.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return row!.lsn;
}

/**
 * The tuple writes (inserts, updates, deletes) on a send's records and its event pages so far, summed over their
 * partitions, and on the device events' log table (EVENTS_LOG=postgres: a row inserted and deleted per append).
 */
async function sendRecordWrites(q: Pick<Queryable, 'query'>): Promise<number> {
  const [row] = await q.query<{ n: string }>(
    `SELECT COALESCE(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text AS n FROM pg_stat_user_tables
     WHERE relid IN (SELECT relid FROM pg_partition_tree('send_records') WHERE isleaf
                     UNION ALL SELECT relid FROM pg_partition_tree('send_events') WHERE isleaf
                     UNION ALL SELECT 'device_event_log'::regclass)`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Row writes on send_records per delivered message's events: a second message dispatched to EVENT_DEVICES devices
 * (no events yet), then its devices' events as phones send them (the fleet's timings, packages/fcm-emulator
 * device-behaviour.ts: received 0.2–3 s after the send, shown 0.1–1 s after that, clicked 2–60 s after the show; the
 * bench's mix 70 % received, 50 % shown, 5 % clicked), each event its own SDK call, grouped into flushes as the device
 * API's events batcher groups calls (DIRECT_FLUSH: at most 100 calls within 10 ms of the first), each flush merged
 * (mergeEvents) and applied by the product's statement (StatisticsWriter.recordEvents in the replay's connection), on one
 * connection; the writes are read from pg_stat_user_tables before and after (PostgreSQL only).
 */
async function replayEvents(
  database: Awaited<ReturnType<typeof openBenchDb>>['database'],
  appId: number,
  sdkBatchMs: number,
  pages: boolean,
  flush: FlushRule = DIRECT_FLUSH,
) {
  if (database.kind !== 'postgres') return undefined;
  const started = Date.now();
  const messageId = await startedMessage(database, appId, EVENT_DEVICES, 'Sizes events');
  const devices = await database.query<{ id: string; gaid: string }>(
    `SELECT id::text AS id, gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id LIMIT $2`,
    [appId, EVENT_DEVICES],
  );
  await database.query(
    `INSERT INTO send_records (message_id, device_id, outcome, attempts, fcm_id, sent_at, batch_id, ev, event_mask,
                               new_bits)
     SELECT $1::bigint, d.id, 1, 1, ${FCM_NAME_SQL},
            now(), NULL, CASE WHEN $3 THEN (row_number() OVER (ORDER BY d.id))::int - 1 END,
            CASE WHEN NOT $3 THEN 0 END, CASE WHEN NOT $3 THEN 0 END
     FROM devices d WHERE d.id = ANY($2::bigint[]) ORDER BY d.id`,
    [messageId, devices.map((d) => d.id), pages],
  );
  const calls = replayCalls(devices, messageId, appId, sdkBatchMs, SEND_RATE);
  const writer = new StatisticsWriter(database);
  const result = await database.withConnection(async (conn) => {
    const q = conn as unknown as Queryable;
    await conn.query('SELECT pg_stat_force_next_flush()');
    await conn.query('SELECT 1');
    const before = await sendRecordWrites(conn);
    const walBefore = await walAt(conn);
    let flushes = 0;
    let updated = 0;
    if (flush === PG_LOG_APPEND) {
      // the device API's appends, and the product's consumer applying the log every window, on this connection
      const repo = new EventsLogRepository({
        kind: 'postgres',
        query: (t, p) => conn.query(t, p),
        transaction: inTx(conn),
      });
      // one take at a time: the replay's one connection holds one transaction
      const consumer = new PgEventsLogConsumer(
        repo,
        { recordEvents: (rows, tx) => writer.recordEvents(rows, tx), settle: () => writer.settle() },
        { takes: 1 },
      );
      const appends = groupsOf(calls, flush);
      for (let i = 0; i < appends.length;) {
        const until = appends[i]![0]!.at + EVENTS_WINDOW_MS / 1000;
        for (; i < appends.length && appends[i]![0]!.at < until; i++)
          await repo.append(JSON.stringify(appends[i]!.map((c) => ({ appId: c.appId, body: c.body }))));
        updated += await consumer.applyAll();
        flushes++;
      }
    } else
      for (const rows of flushesOf(calls, flush)) {
        const recorded = await writer.recordEvents(rows, q);
        updated += rows.length - recorded.stray;
        flushes++;
      }
    // the backend's statistics reach shared memory when it is next idle, forced
    await conn.query('SELECT pg_stat_force_next_flush()');
    await conn.query('SELECT 1');
    const after = await sendRecordWrites(conn);
    // every WAL record of the replay: the events statement's writes (send records, statistics queues, stray events)
    // and their index entries and full-page images; nothing else writes while it runs
    const [wal] = await conn.query<{ bytes: string }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint::text AS bytes',
      [walBefore],
    );
    return { flushes, updated, writes: after - before, walBytes: Number(wal!.bytes) };
  });
  const [mix] = await database.query<{ received: number; shown: number; clicked: number }>(
    `SELECT count(*) FILTER (WHERE event_mask & 1 > 0)::int AS received, count(*) FILTER (WHERE event_mask & 2 > 0)::int AS shown,
            count(*) FILTER (WHERE event_mask & 4 > 0)::int AS clicked FROM send_record_events WHERE message_id = $1`,
    [messageId],
  );
  const delivered = mix?.received ?? 0;
  const out = {
    eventPages: pages,
    sdkBatchMs,
    appliedBy: flush.by,
    flushMs: flush === PG_LOG_APPEND ? EVENTS_WINDOW_MS : flush.ms,
    devices: EVENT_DEVICES,
    sendRate: SEND_RATE,
    calls: calls.length,
    flushes: result.flushes,
    received: delivered,
    shown: mix?.shown ?? 0,
    clicked: mix?.clicked ?? 0,
    rowsUpdatedByStatement: result.updated,
    sendRecordWrites: result.writes,
    writesPerDispatchedSend: round(result.writes / EVENT_DEVICES, 3),
    writesPerDeliveredMessage: round(result.writes / Math.max(1, delivered), 3),
    walBytes: result.walBytes,
    walBytesPerDeliveredMessage: round(result.walBytes / Math.max(1, delivered), 0),
    replayS: round((Date.now() - started) / 1000, 0),
  };
  say(
    `events ${pages ? 'in event pages' : 'on send records'} (SDK batching ${sdkBatchMs} ms, applied by the ${flush.by} every ${out.flushMs} ms): ${out.calls} calls in ${out.flushes} flushes on ${EVENT_DEVICES} sends (${out.received} received, ${out.shown} shown, ${out.clicked} clicked): ${out.sendRecordWrites} writes of send records and event pages, ${out.writesPerDeliveredMessage} per delivered message, ${out.writesPerDispatchedSend} per dispatched send; ${out.walBytesPerDeliveredMessage} bytes of WAL per delivered message`,
  );
  return out;
}

await main();
