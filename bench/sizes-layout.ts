// Issue 31 §6: layout (c) of docs/plans/issue-31-send-records.md measured before it is built, in plain tables (not
// the product's migrations): proto_sends, the narrow per-device row immutable after dispatch, and proto_send_events,
// one row per 64 sends of a message (event bits, `fresh_*`, per-slot times). Bytes a send after --messages messages to
// every device; then sizes.ts's three events replays, each flush through the product's statement (send_records) and
// through a prototype page upsert: row writes, WAL bytes (all, and the send tables': pg_walinspect), ms a flush.
// Run: npm run bench -- sizes-layout [--rows 1000000] [--messages 3] [--event-devices 50000] [--out sizes-layout]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Queryable } from '../apps/server/src/db/client';
import type { EventRow } from '../apps/server/src/modules/devices';
import { StatisticsWriter } from '../apps/server/src/modules/statistics';
import { here, load, numArg, openBenchDb, round, say, strArg } from './src/harness';
import { seedSendingApp, startedMessage } from './src/seed-devices';
import {
  DIRECT_FLUSH,
  FCM_NAME_SQL,
  flushesOf,
  JETSTREAM_FLUSH,
  replayCalls,
  type FlushRule,
} from './src/event-replay';

const ROWS = numArg('rows', 1_000_000);
const MESSAGES = numArg('messages', 3);
const EVENT_DEVICES = numArg('event-devices', Math.min(ROWS, 50_000));
const SEND_RATE = numArg('send-rate', 10_000);
/** The event types of a send_events row, bit i = 1 << i (@beacon/shared EVENT_BITS 1–64, then RECOVERED_BIT 128). */
const TYPES = 'received shown clicked dismissed show_failed recalled converted recovered'.split(' ');
const MIX = ['received', 'shown', 'clicked'] as const;
/** outcome DISPATCHED (1) in bits 0–2, attempts 1 in bits 3–9, loss_code 0 in bits 10–19 */
const DISPATCHED_STATE = 1 | (1 << 3);

type Db = Awaited<ReturnType<typeof openBenchDb>>['database'];
type Rows = EventRow[];
type Fresh = Record<string, number>;

/** 8 + 8 + 8 + 4 + 4 + 16 (uuid: no length byte, char-aligned), then the two NULL once dispatched: nothing pads */
const SENDS_DDL = `DROP TABLE IF EXISTS proto_sends;
  CREATE TABLE proto_sends (message_id bigint NOT NULL, device_id bigint NOT NULL, sent_at timestamptz, ev int4 NOT NULL,
    state int4 NOT NULL, fcm_id uuid, batch_id bigint, not_before timestamptz, PRIMARY KEY (message_id, device_id));
  CREATE INDEX proto_sends_open_idx ON proto_sends (message_id, device_id) WHERE (state & 7) IN (0, 4)`;

/** The event rows with the plan's per-slot times, with the receipt's only (best-hour's), and without. */
const EVENT_TABLES = [
  { table: 'proto_send_events', times: 'received_ms int4[], shown_s int2[], clicked_s int2[]' },
  { table: 'proto_send_events_rx', times: 'received_ms int4[]' },
  { table: 'proto_send_events_lean', times: '' },
];
/** int8 and timestamptz first, the page number next to the int4[]: nothing pads */
const eventsDdl = ({ table, times }: (typeof EVENT_TABLES)[number]) => `DROP TABLE IF EXISTS ${table};
  CREATE TABLE ${table} (message_id bigint NOT NULL, base_at timestamptz NOT NULL,
    ${TYPES.map((t) => `${t} int8 NOT NULL DEFAULT 0, fresh_${t} int8 NOT NULL DEFAULT 0`).join(', ')}, page int4 NOT NULL,
    ${times ? `${times},` : ''} PRIMARY KEY (message_id, page))`;

/** Dispatched sends of a message, in device order, ev = the device's rank (page = ev >> 6, slot = ev & 63). */
async function seedSends(db: Db, messageId: string, where: string, arg: unknown, batchId: boolean) {
  await db.query(
    `INSERT INTO proto_sends (message_id, device_id, sent_at, ev, state, fcm_id, batch_id)
     SELECT $1::bigint, d.id, now(), (row_number() OVER (ORDER BY d.id) - 1)::int, ${DISPATCHED_STATE},
            md5(d.id::text || $1::text)::uuid, ${batchId ? '1' : 'NULL'}
     FROM devices d WHERE ${where} ORDER BY d.id`,
    [messageId, arg],
  );
}

/** Bytes a send after VACUUM ANALYZE: heap (pg_table_size, as sizes.ts), each index; pg_column_size of the tuples. */
async function sizeOf(db: Db, table: string, sends: number) {
  await db.exec(`VACUUM ANALYZE ${table}`);
  const [r] = await db.query<{ rows: number; heap: number; tuple: number; each: Record<string, number> }>(
    `SELECT c.reltuples::float8 AS rows, pg_table_size(c.oid)::float8 AS heap,
            (SELECT avg(pg_column_size(t.*))::float8 FROM ${table} t) AS tuple,
            (SELECT json_object_agg(i.indexrelid::regclass::text, pg_relation_size(i.indexrelid))
             FROM pg_index i WHERE i.indrelid = c.oid) AS each
     FROM pg_class c WHERE c.oid = $1::regclass`,
    [table],
  );
  const { rows, heap, tuple, each } = r!;
  const indexes = Object.values(each).reduce((n, b) => n + b, 0);
  const indexBytesPerSend = Object.fromEntries(
    Object.entries(each).map(([k, b]) => [k, round(b / sends, 2)]),
  );
  const perRow = { table, rows, tupleBytes: round(tuple, 1), heapBytesPerRow: round(heap / rows, 1) };
  const perSend = { heapBytesPerSend: round(heap / sends, 1), indexBytesPerSend };
  const out = { ...perRow, ...perSend, bytesPerSend: round((heap + indexes) / sends, 1) };
  say(`${table}: ${JSON.stringify(out)}`);
  return out;
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadStart = load();
  const db = await openBenchDb('postgres', 4);
  const database = db.database;
  try {
    const appId = await seedSendingApp(database, 'Layout', ROWS);
    await database.exec('VACUUM ANALYZE devices');
    say(`${ROWS} devices seeded`);
    const messageIds: string[] = [];
    for (let k = 0; k < MESSAGES; k++) messageIds.push(await startedMessage(database, appId, ROWS, 'Layout'));
    const sends = ROWS * MESSAGES;
    // 1. the per-device row with batch_id left NULL once dispatched, then with it kept (the table the replays use)
    const sendSizes = [];
    for (const batchId of [false, true]) {
      await database.exec(SENDS_DDL);
      for (const id of messageIds) await seedSends(database, id, 'd.app_id = $2', appId, batchId);
      sendSizes.push({ batchId, ...(await sizeOf(database, 'proto_sends', sends)) });
    }
    // the event rows, the sizes.ts mix (70 % received, 50 % shown, 5 % clicked); the last page's arrays padded to 64
    await database.exec(EVENT_TABLES.map(eventsDdl).join(';'));
    const bits = (p: number) => `bit_or(CASE WHEN r < ${p} THEN 1::int8 << (ev & 63) ELSE 0 END)`;
    const times = (p: number, v: string, t: string) =>
      `array_agg(CASE WHEN r < ${p} THEN (${v})::${t} ELSE 0::${t} END ORDER BY ev) || array_fill(0::${t}, ARRAY[64 - count(*)::int])`;
    await database.query(
      `INSERT INTO proto_send_events (message_id, page, base_at, received, shown, clicked, received_ms, shown_s, clicked_s)
       SELECT message_id, ev >> 6, min(sent_at), ${bits(0.7)}, ${bits(0.5)}, ${bits(0.05)},
              ${times(0.7, '200 + r * 4000', 'int4')}, ${times(0.5, 'r * 2', 'int2')}, ${times(0.05, '2 + r * 1000', 'int2')}
       FROM (SELECT message_id, ev, sent_at, random() AS r FROM proto_sends WHERE message_id = ANY($1::bigint[])) s
       GROUP BY message_id, ev >> 6 ORDER BY 1, 2`,
      [messageIds],
    );
    const eventSizes: Array<Awaited<ReturnType<typeof sizeOf>> & { times: string }> = [];
    for (const e of EVENT_TABLES) {
      const cols = `message_id, page, base_at, received, shown, clicked${e.times.replace(/ int\d\[\]/g, '').replace(/^(?=.)/, ', ')}`;
      const copy = `INSERT INTO ${e.table} (${cols}) SELECT ${cols} FROM proto_send_events ORDER BY 1, 2`;
      if (e !== EVENT_TABLES[0]) await database.exec(copy);
      eventSizes.push({ times: e.times || 'none', ...(await sizeOf(database, e.table, sends)) });
    }
    const totals = sendSizes.flatMap(({ batchId, bytesPerSend: b }) =>
      eventSizes.map(({ times, bytesPerSend: e }) => ({ batchId, times, bytesPerSend: round(b + e, 1) })),
    );
    for (const t of totals) say(`in all: ${t.bytesPerSend} B a send (batch_id ${t.batchId}, ${t.times})`);
    // 2. the events replays (pg_walinspect: the WAL records of the send tables apart from the rest)
    await database.exec('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    const replays = [];
    for (const [batchMs, flush] of [
      [0, DIRECT_FLUSH],
      [1000, DIRECT_FLUSH],
      [0, JETSTREAM_FLUSH],
    ] as const)
      replays.push(await replay(database, appId, batchMs, flush));
    const plan = { bytesPerSend: [121, 129], jetStreamWritesPerDeliveredMessage: [0.1, 0.2] };
    const sizes = { sends: sendSizes, events: eventSizes, totals };
    const run = {
      date: new Date().toISOString(),
      rows: ROWS,
      messages: MESSAGES,
      sends,
      plan,
      sizes,
      replays,
    };
    const out = { ...run, totalS: round((Date.now() - started) / 1000, 0), loadStart, loadEnd: load() };
    const file = path.join(here, 'results', `${strArg('out', 'sizes-layout')}.json`);
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    say(`written ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.close();
  }
}

/** `((col >> (k - 1)) & 1) = 1`: slot k - 1 (k from WITH ORDINALITY) set in the int8 mask col */
const has = (col: string) => `((${col} >> (k - 1)::int) & 1) = 1`;
const int2 = (e: string) => `LEAST(GREATEST(${e}, -32768), 32767)::int2`;
const secs = (a: string, b: string) => `round(extract(epoch FROM ${a} - ${b}))::int`;
/** seconds to add to a new show or click kept relative to the new receipt when the stored receipt is older */
const shift = `CASE WHEN ${has('e.received')} THEN round((d + n_r - o_r) / 1000.0)::int ELSE 0 END`;

/**
 * The prototype events statement: each event's send looked up (its ev; dispatched only), grouped by (message, page),
 * one upsert per page that ORs the new bits in and sets `fresh_*` to the bits it newly set (a replayed batch finds
 * them set: fresh 0, it counts nothing); recovered only with the receipt that sets received. Per-slot times (`times`):
 * received_ms after base_at, shown_s and clicked_s in seconds after the receipt, the first of each kept. Returns what
 * counting needs (the fresh bits, the receipt times), summed per type here.
 */
function protoSql(table: string, times: boolean): string {
  const rebuild = `(received_ms, shown_s, clicked_s) = (
      SELECT array_agg(CASE WHEN ${has('e.received')} THEN o_r WHEN ${has('EXCLUDED.received')} THEN n_r + d ELSE 0 END ORDER BY k),
             array_agg(CASE WHEN ${has('e.shown')} THEN o_s WHEN ${has('EXCLUDED.shown')} THEN ${int2(`n_s + ${shift}`)} ELSE 0::int2 END ORDER BY k),
             array_agg(CASE WHEN ${has('e.clicked')} THEN o_c WHEN ${has('EXCLUDED.clicked')} THEN ${int2(`n_c + ${shift}`)} ELSE 0::int2 END ORDER BY k)
      FROM unnest(e.received_ms, EXCLUDED.received_ms, e.shown_s, EXCLUDED.shown_s, e.clicked_s, EXCLUDED.clicked_s)
             WITH ORDINALITY u(o_r, n_r, o_s, n_s, o_c, n_c, k),
           LATERAL (SELECT round(extract(epoch FROM EXCLUDED.base_at - e.base_at) * 1000)::int AS d) x)`;
  const slotTimes = `CROSS JOIN LATERAL (
      SELECT array_agg(COALESCE(LEAST(GREATEST(round(extract(epoch FROM u.r - p.base_at) * 1000), -2147483647), 2147483647)::int, 0) ORDER BY k) AS rms,
             array_agg(COALESCE(${int2(secs('u.s', 'u.r'))}, 0::int2) ORDER BY k) AS ss,
             array_agg(COALESCE(${int2(secs('u.c', 'u.r'))}, 0::int2) ORDER BY k) AS cs
      FROM generate_series(0, 63) k LEFT JOIN unnest(p.slots, p.r_at, p.s_at, p.c_at) u(slot, r, s, c) ON u.slot = k) x`;
  const setMasks = TYPES.map((t) =>
    t === 'recovered'
      ? `recovered = e.recovered | (EXCLUDED.recovered & ~e.received), fresh_recovered = EXCLUDED.recovered & ~e.received & ~e.recovered`
      : `${t} = e.${t} | EXCLUDED.${t}, fresh_${t} = EXCLUDED.${t} & ~e.${t}`,
  );
  return `WITH t AS (
      SELECT * FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::int[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[])
        AS t(app_id, gaid, message_id, mask, received_at, shown_at, clicked_at)
    ), v AS (
      SELECT s.message_id, s.ev >> 6 AS page, s.ev & 63 AS slot, s.sent_at,
             t.mask | CASE WHEN t.mask & 4 > 0 THEN 3 WHEN t.mask & 2 > 0 THEN 1 ELSE 0 END AS mask,
             COALESCE(t.received_at, t.shown_at, t.clicked_at) AS received_at, COALESCE(t.shown_at, t.clicked_at) AS shown_at, t.clicked_at
      FROM t JOIN devices d ON d.app_id = t.app_id AND d.gaid = t.gaid
      JOIN proto_sends s ON s.message_id = t.message_id AND s.device_id = d.id AND s.state & 7 = 1
    ), p AS (
      SELECT message_id, page, min(sent_at) AS base_at,
             ${TYPES.map((t, i) => `bit_or(CASE WHEN mask & ${1 << i} > 0 THEN 1::int8 << slot ELSE 0 END) AS ${t}`).join(', ')}
             ${times ? ', array_agg(slot) AS slots, array_agg(received_at) AS r_at, array_agg(shown_at) AS s_at, array_agg(clicked_at) AS c_at' : ''}
      FROM v GROUP BY message_id, page
    ), up AS (
      INSERT INTO ${table} AS e (message_id, page, base_at, ${TYPES.join(', ')}, ${TYPES.map((t) => `fresh_${t}`).join(', ')}
                                 ${times ? ', received_ms, shown_s, clicked_s' : ''})
      SELECT p.message_id, p.page, p.base_at, ${TYPES.map((t) => `p.${t}`).join(', ')}, ${TYPES.map((t) => `p.${t}`).join(', ')}
             ${times ? ', x.rms, x.ss, x.cs' : ''}
      FROM p ${times ? slotTimes : ''} ORDER BY p.message_id, p.page
      ON CONFLICT (message_id, page) DO UPDATE SET ${setMasks.join(', ')}${times ? `, ${rebuild}` : ''}
      RETURNING e.message_id, e.page, ${TYPES.map((t) => `e.fresh_${t}`).join(', ')}${times ? ', e.received_ms' : ''}
    )
    SELECT count(*)::int AS pages, ${TYPES.map((t) => `COALESCE(sum(bit_count(fresh_${t}::bit(64))), 0)::int AS ${t}`).join(', ')} FROM up`;
}

const total = (f: Fresh | undefined) => TYPES.reduce((n, t) => n + (f?.[t] ?? 0), 0);

/** Applies one flush through the prototype statement: the fresh bits per type and the pages written. */
async function applyProto(q: Queryable, sql: string, rows: Rows): Promise<Fresh> {
  const keys = ['appId', 'gaid', 'messageId', 'mask', 'receivedAt', 'shownAt', 'clickedAt'] as const;
  const params = keys.map((k) => rows.map((r) => r[k]));
  return (await q.query<Fresh>(sql, params, { prepared: true }))[0]!;
}

const REL_TREE = `SELECT r::oid AS relid FROM unnest($1::regclass[]) r
  UNION SELECT p.relid FROM unnest($1::regclass[]) r, pg_partition_tree(r) p`;

/** The row writes (inserts + updates) on the tables so far (this backend's statistics flushed first). */
async function writesOf(q: Queryable, tables: string[]): Promise<number> {
  for (const sql of ['SELECT pg_stat_force_next_flush()', 'SELECT 1']) await q.query(sql);
  const [r] = await q.query<{ n: number }>(
    `SELECT COALESCE(sum(n_tup_ins + n_tup_upd), 0)::float8 AS n FROM pg_stat_user_tables WHERE relid IN (${REL_TREE})`,
    [tables],
  );
  return r!.n;
}

/** WAL between two LSNs: all of it, and the records on the tables' files (heaps and indexes: pg_walinspect). */
async function walOf(q: Queryable, from: string, to: string, tables: string[]) {
  const sql = 'SELECT pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn)::float8 AS b';
  const bytes = (await q.query<{ b: number }>(sql, [from, to]))[0]!.b;
  // it reads only flushed WAL (synchronous_commit is off in the bench server: the WAL writer flushes within 200 ms)
  const flushed = 'SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn AS ok';
  while (!(await q.query<{ ok: boolean }>(flushed, [to]))[0]!.ok) await new Promise((r) => setTimeout(r, 50));
  const [r] = await q.query<{ b: number }>(
    `WITH rels AS (${REL_TREE}),
          files AS (SELECT pg_relation_filenode(relid)::text AS f FROM rels
                    UNION SELECT pg_relation_filenode(indexrelid)::text FROM pg_index WHERE indrelid IN (SELECT relid FROM rels))
     SELECT COALESCE(sum(record_length), 0)::float8 AS b FROM pg_get_wal_records_info($2::pg_lsn, $3::pg_lsn)
     WHERE (regexp_match(block_ref, 'rel \\d+/\\d+/(\\d+)'))[1] IN (SELECT f FROM files WHERE f IS NOT NULL)`,
    [tables, from, to],
  );
  return { bytes, sendTables: r!.b };
}

/** One pass of every flush through `apply`: its results; the writes on `tables`, WAL, mean ms a flush. */
async function pass<R>(q: Queryable, flushes: Rows[], tables: string[], apply: (rows: Rows) => Promise<R>) {
  const lsn = async () => (await q.query<{ l: string }>('SELECT pg_current_wal_lsn()::text AS l'))[0]!.l;
  const [before, from] = [await writesOf(q, tables), await lsn()];
  let ms = 0;
  const results: R[] = [];
  for (const rows of flushes) {
    const t = performance.now();
    results.push(await apply(rows));
    ms += performance.now() - t;
  }
  const [to, writes] = [await lsn(), (await writesOf(q, tables)) - before];
  const wal = await walOf(q, from, to, tables);
  const msPerFlush = round(ms / flushes.length, 3);
  const out = (n: number) => ({
    writes,
    writesPerDeliveredMessage: round(writes / n, 3),
    walBytesPerDeliveredMessage: round(wal.bytes / n, 0),
    sendTablesWalBytesPerDeliveredMessage: round(wal.sendTables / n, 0),
    msPerFlush,
  });
  return { results, out };
}

/** sizes.ts's replayEvents: the same devices, timings, SDK calls and flushes, applied by the product and by (c). */
async function replay(db: Db, appId: number, sdkBatchMs: number, flush: FlushRule) {
  const started = Date.now();
  const messageId = await startedMessage(db, appId, EVENT_DEVICES, 'Layout');
  const phones = await db.query<{ id: string; gaid: string }>(
    `SELECT id::text AS id, gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id LIMIT $2`,
    [appId, EVENT_DEVICES],
  );
  const ids = phones.map((d) => d.id);
  await db.query(
    `INSERT INTO send_records (message_id, device_id, outcome, attempts, fcm_id, sent_at, batch_id)
     SELECT $1::bigint, d.id, 1, 1, ${FCM_NAME_SQL}, now(), 1 FROM devices d WHERE d.id = ANY($2::bigint[])`,
    [messageId, ids],
  );
  await seedSends(db, messageId, 'd.id = ANY($2::bigint[])', ids, true);
  const calls = replayCalls(phones, messageId, appId, sdkBatchMs, SEND_RATE);
  const flushes = flushesOf(calls, flush);
  const writer = new StatisticsWriter(db);
  return db.withConnection(async (q) => {
    const product = await pass(q, flushes, ['send_records'], (rows) => writer.recordEvents(rows, q));
    const [got] = await q.query<Record<(typeof MIX)[number], number>>(
      `SELECT ${MIX.map((t, i) => `count(*) FILTER (WHERE event_mask & ${1 << i} > 0)::int AS ${t}`).join(', ')}
       FROM send_records WHERE message_id = $1`,
      [messageId],
    );
    const protos = [];
    for (const { table, times } of [EVENT_TABLES[0]!, EVENT_TABLES[2]!]) {
      const sql = protoSql(table, times !== '');
      const tables = ['proto_sends', table];
      const { results: fresh, out } = await pass(q, flushes, tables, (rows) => applyProto(q, sql, rows));
      // every event counted exactly once: the fresh bits over the replay are the events the product counted
      for (const t of MIX) {
        const counted = fresh.reduce((n, f) => n + (f[t] ?? 0), 0);
        if (counted !== got![t]) throw new Error(`${table}: ${t} counted ${counted}, product ${got![t]}`);
      }
      // a flush applied again (JetStream redelivers after a crash): the second time it must count nothing
      const k = fresh.reduce((best, f, i) => (total(f) > total(fresh[best]) ? i : best), 0);
      const again = total(await applyProto(q, sql, flushes[k]!));
      say(`${table}: flush ${k} applied again: ${total(fresh[k])} fresh bits the 1st time, ${again} the 2nd`);
      if (again !== 0) throw new Error(`${table}: flush ${k} applied again set ${again} fresh bits`);
      const pagesPerFlush = round(fresh.reduce((n, f) => n + (f.pages ?? 0), 0) / fresh.length, 1);
      const replayed = { flush: k, freshFirst: total(fresh[k]), freshSecond: again };
      protos.push({ table, ...out(got!.received), pagesPerFlush, replayed });
    }
    await sameTimes(q, messageId);
    const rowsPerFlush = round(flushes.reduce((n, f) => n + f.length, 0) / flushes.length, 1);
    const shape = { sdkBatchMs, appliedBy: flush.by, flushMs: flush.ms, calls: calls.length };
    const measured = { flushes: flushes.length, rowsPerFlush, ...got!, product: product.out(got!.received) };
    const out = { ...shape, ...measured, proto: protos, replayS: round((Date.now() - started) / 1000, 0) };
    say(`events (SDK ${sdkBatchMs} ms, ${flush.by} ${flush.ms} ms): ${JSON.stringify(out)}`);
    return { ...out, load: load() };
  });
}

/** The per-slot times against send_records' for the same events: receipt to the ms, show and click to the second. */
async function sameTimes(q: Queryable, messageId: string): Promise<void> {
  await q.query('ANALYZE proto_sends, proto_send_events'); // the replay's rows are newer than their statistics
  const off = (at: string, s: string) => `abs(extract(epoch FROM r.${at} - r.received_at) - e.${s}[i]) > 1`;
  const [bad] = await q.query<{ n: number; checked: number }>(
    `SELECT count(*) FILTER (WHERE abs(extract(epoch FROM e.base_at - r.received_at) * 1000 + e.received_ms[i]) > 1
                               OR ${off('shown_at', 'shown_s')} OR ${off('clicked_at', 'clicked_s')})::int AS n, count(*)::int AS checked
     FROM send_records r JOIN proto_sends s USING (message_id, device_id)
     JOIN proto_send_events e ON e.message_id = s.message_id AND e.page = s.ev >> 6, LATERAL (SELECT (s.ev & 63) + 1 AS i) x
     WHERE r.message_id = $1 AND r.received_at IS NOT NULL`,
    [messageId],
  );
  say(`per-slot times: ${bad!.checked} receipts checked against send_records', ${bad!.n} differ`);
  if (bad!.n !== 0) throw new Error(`${bad!.n} per-slot times differ from send_records'`);
}

await main();
