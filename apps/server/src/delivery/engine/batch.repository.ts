import type { Database, Queryable } from '../../db/client';
import type { DecidedSends, DeliveryMetrics, SendCounter, TemplateValues } from './ports';
import { deviceTemplateSql, noTemplateValues } from './template-sql';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { BatchKind, BatchStatus, OPEN_OUTCOMES, SendOutcome } from './kinds';
import type { PageDevice } from './page-device';
import { textArrayLiteral } from './text-array';
import { packedNames, recordSql } from './record.sql';
import { pageQuery, type PageOptions } from './page.sql';
import {
  fenceLease,
  InFlightRepository,
  LEASE_MARGIN_SECONDS,
  type LeaseRef,
  materializeIntents,
} from './in-flight.repository';

export type { PageDevice };
export { textArrayLiteral };

export type { Batch, Claim, Drops, SendResult, SendResultRow, WaitingDevice } from './batch-types';
import type { Batch, Claim, Drops, SendResultRow } from './batch-types';

const BATCH_COLUMNS = `b.id::int AS id, b.message_id::int AS "messageId", b.wave_id::int AS "waveId", b.kind, b.from_id::float8 AS "fromId",
  b.to_id::float8 AS "toId", b.attempts, b.reserved, (b.not_before IS NOT NULL) AS waiting, b.resolved,
  (SELECT w.utc_offset_min FROM message_waves w WHERE w.id = b.wave_id) AS "utcOffsetMin",
  (SELECT w.best_minutes FROM message_waves w WHERE w.id = b.wave_id) AS "bestMinutes",
  (SELECT w.run_at FROM message_waves w WHERE w.id = b.wave_id) AS "waveRunAt"`;

/**
 * The result write's and the reservation's statements, built from no value (two texts each: with and without event
 * streams), are prepared once per connection: a 300,000-device broadcast then plans neither again (PostgreSQL's CPU
 * a send 27.3 → 24.8 µs, three pairs of runs; bench/README.md, session 47).
 */
const PREPARED = { prepared: true } as const;

/**
 * Takes the message row's lock first: every transaction that writes a batch's rows and the message's counters
 * (reserve, unreserve, record, and the statistics counted in them) locks the message before the batch, wave and send
 * records, so that two of them — a batch's result flush and the reservation of its next page run on two connections
 * at once — wait for each other instead of deadlocking (message then batch in one, batch then message in the other).
 */
async function lockMessage(tx: Queryable, messageId: number): Promise<void> {
  await tx.query('SELECT id FROM messages WHERE id = $1 FOR UPDATE', [messageId], PREPARED);
}

/**
 * The SQL of delivery batches: a wave's plan, the lease, one audience page per statement, the push-count reservation
 * with the filter's drops, and the results of many sends in one statement that also counts them (DESIGN §7).
 */
export class BatchRepository {
  /** the sends written ahead of their requests: claims, and the resolution of ambiguous ones by receipts */
  readonly inFlight: InFlightRepository;
  /**
   * The results a write records at most (BatchSender). Each write holds the message's row (its counters), which every
   * write and reservation of the message queues on: on PostgreSQL, at 2,000 rather than 500, a 300,000-device broadcast
   * made half the writes and sent 16,800–17,500 a second against 16,100 (four pairs of runs, PostgreSQL's CPU 25 → 22
   * µs a send; 4,000 gained nothing more: bench/README.md, session 47). PGlite keeps 500: its statements run on the
   * process's one thread, which a longer write holds from every other call.
   */
  readonly resultRows: number;
  private readonly template: { select: string; join: string };

  constructor(
    private readonly database: Database,
    /** the statistics writer: counts what each write decided, in its transaction */
    private readonly counter: SendCounter,
    /** the process's metrics, told what each write decided once it committed (none when the metrics are off) */
    private readonly metrics?: DeliveryMetrics,
    /** the users' template values, joined to the pages of a message with templates (none: device fields only) */
    templateValues: TemplateValues = noTemplateValues,
    /**
     * Give each dispatched send a place in its message's event pages (migration 0060), so that its events write the
     * page, not the record: on when the device events come through the JetStream log (NATS_URL), whose consumer
     * applies 2 s of them at a time, so a page write carries many events (0.126 row writes and 95 bytes of WAL per
     * delivered message, against 1.258 and 392 on the records). Off otherwise: the device API's 10 ms flushes touch a
     * page per event, wider writes than a record's (1.6 writes and 667 bytes of WAL against 1.78 and 418) at about
     * 15 % fewer events calls a second (bench/README.md, "sizes", session 39).
     */
    private readonly eventPages = false,
  ) {
    this.resultRows = database.kind === 'pglite' ? 500 : 2000;
    this.template = deviceTemplateSql(templateValues);
    this.inFlight = new InFlightRepository(database, counter, metrics, this.template);
  }

  /** Splits [minId, maxId] into `parts` equal id ranges of the wave (once: a re-run finds them). Returns the open ids. */
  async plan(
    messageId: number,
    waveId: number,
    minId: number,
    maxId: number,
    parts: number,
  ): Promise<number[]> {
    const width = Math.max(1, Math.ceil((maxId - minId + 1) / parts));
    await this.database.query(
      `INSERT INTO message_batches (message_id, wave_id, seq, kind, from_id, to_id)
       SELECT $1, $2, g, ${BatchKind.AUDIENCE}, $3::bigint + g::bigint * $4, LEAST($5::bigint, $3::bigint + (g + 1)::bigint * $4 - 1)
       FROM generate_series(0, $6::int - 1) g
       WHERE NOT EXISTS (SELECT 1 FROM message_batches WHERE wave_id = $2)`,
      [messageId, waveId, minId, width, maxId, parts],
    );
    const rows = await this.database.query<{ id: number }>(
      `SELECT id::int AS id FROM message_batches WHERE wave_id = $1 AND status = ${BatchStatus.OPEN} ORDER BY seq`,
      [waveId],
    );
    return rows.map((r) => r.id);
  }

  /** A batch over the send records already written for a message (a recall). */
  async insertRecordsBatch(messageId: number, fromId: number, toId: number): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO message_batches (message_id, kind, from_id, to_id) VALUES ($1, ${BatchKind.SEND_RECORDS}, $2, $3)
       RETURNING id::int AS id`,
      [messageId, fromId, toId],
    );
    return row?.id ?? 0;
  }

  /**
   * Takes the batch for `seconds` when it is open and nobody holds it; undefined when done, cancelled or held. A lease
   * that ran out is taken over only LEASE_MARGIN_SECONDS later, and its holder (dead, or cut off: it starts no request
   * past its lease) may have left sends in flight: their receipts are due `receiptWindowSeconds` after the takeover.
   */
  async lease(
    id: number,
    seconds: number,
    receiptWindowSeconds: number,
  ): Promise<{ batch?: Batch; status: number }> {
    const [row] = await this.database.query<Batch>(
      `UPDATE message_batches b SET lease_until = now() + make_interval(secs => $2), attempts = b.attempts + 1,
         receipts_due = CASE WHEN b.lease_until IS NULL THEN b.receipts_due ELSE now() + make_interval(secs => $3) END
       WHERE b.id = $1 AND b.status = ${BatchStatus.OPEN}
         AND (b.lease_until IS NULL OR b.lease_until < now() - make_interval(secs => ${LEASE_MARGIN_SECONDS}))
       RETURNING ${BATCH_COLUMNS}`,
      [id, seconds, receiptWindowSeconds],
    );
    if (row) return { batch: row, status: BatchStatus.OPEN };
    const [cur] = await this.database.query<{ status: number }>(
      'SELECT status FROM message_batches WHERE id = $1',
      [id],
    );
    return { status: cur?.status ?? BatchStatus.DONE };
  }

  /**
   * Lets the batch go (when this run still holds it): done, cancelled, or still open with its waiting devices due at
   * `notBefore`. A run that failed mid-send passes `receiptWindowSeconds`: its sends in flight wait for receipts.
   */
  async release(
    lease: LeaseRef,
    status: BatchStatus,
    notBefore: Date | null,
    resolved?: boolean,
    receiptWindowSeconds?: number,
  ): Promise<void> {
    const update = `UPDATE message_batches SET status = $2, lease_until = NULL, not_before = $3, resolved = resolved OR $4,
         receipts_due = CASE WHEN $6::int IS NULL THEN receipts_due ELSE now() + make_interval(secs => $6::int) END
       WHERE id = $1 AND status = ${BatchStatus.OPEN} AND attempts = $5 RETURNING id`;
    const params = [
      lease.id,
      status,
      notBefore,
      resolved ?? false,
      lease.attempts,
      receiptWindowSeconds ?? null,
    ];
    // done: every device this run intended to send is recorded (its results were drained first), so its intents go;
    // cancelled: whatever an earlier run left unrecorded stays visible as sends in flight; open: the batch's next run
    // takes them over (resolveAmbiguous)
    await this.database.query(
      status === BatchStatus.DONE
        ? `WITH b AS (${update}) DELETE FROM send_intents WHERE batch_id IN (SELECT id FROM b)`
        : status === BatchStatus.CANCELLED
          ? materializeIntents('SELECT id FROM b', `b AS (${update})`)
          : update,
      params,
    );
  }

  /** One page of the batch's audience after `afterId` (page.sql.ts). */
  async page(
    audience: CompiledAudience,
    batch: Batch,
    afterId: number,
    limit: number,
    opts: PageOptions,
  ): Promise<PageDevice[]> {
    const { text, params } = pageQuery(audience, batch, afterId, limit, opts, this.template);
    return this.database.query<PageDevice>(text, params);
  }

  /**
   * When the batch's next waiting device is due, or its next send in flight is resolvable (null: none); a send in
   * flight past its window that still waits for the device API to catch up with its receipts is looked at again in
   * a second.
   */
  async nextDue(batch: Batch): Promise<Date | null> {
    const [row] = await this.database.query<{ at: Date | null }>(
      `SELECT min(CASE WHEN s.outcome = ${SendOutcome.IN_FLIGHT} THEN GREATEST(COALESCE(s.not_before, '-infinity'),
           COALESCE((SELECT receipts_due FROM message_batches WHERE id = $4), '-infinity'), now() + interval '1 second')
         ELSE COALESCE(s.not_before, '-infinity'::timestamptz) END) AS at FROM send_records s
       WHERE s.message_id = $1 AND s.device_id >= $2 AND s.device_id <= $3 AND s.outcome IN (${OPEN_OUTCOMES})
         AND (s.batch_id = $4 OR ($5 = ${BatchKind.SEND_RECORDS} AND s.batch_id IS NULL))`,
      [batch.messageId, batch.fromId, batch.toId, batch.id, batch.kind],
    );
    const at = row?.at ?? null;
    if (at === null) return null;
    const d = new Date(at);
    return Number.isFinite(d.getTime()) ? d : new Date(0);
  }

  /**
   * Devices of the batch already counted as selected (every send record but the filter's drops): its records that
   * still carry its id, and its dispatched ones, whose records left it NULL (migration 0062: counted in the batch row).
   */
  async selectedInBatch(batch: Batch): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM send_records WHERE message_id = $1 AND device_id >= $2 AND device_id <= $3 AND batch_id = $4
                 AND NOT (outcome = ${SendOutcome.LOST} AND attempts = 0))
            + (SELECT dispatched FROM message_batches WHERE id = $4) AS n`,
      [batch.messageId, batch.fromId, batch.toId, batch.id],
    );
    return row?.n ?? 0;
  }

  /**
   * Grants up to `want` devices under the message's push count (counted as selected on the message, the wave and the
   * batch), records the filter's drops with their loss codes and writes the intent of the granted devices to send
   * (`claim`: one row for the page, before any of its requests starts), in one statement under the message row's lock.
   */
  async reserve(batch: Batch, want: number, drops: Drops, claim: Claim): Promise<number> {
    let decided: DecidedSends[] = [];
    const granted = await this.database.transaction(async (tx) => {
      const rows = await tx.query<{ n: number | null } & Partial<DecidedSends>>(
        `WITH cur AS (SELECT GREATEST(push_count - selected_count, 0) AS room FROM messages WHERE id = $1 FOR UPDATE),
         g AS (SELECT LEAST($4::int, room)::int AS n FROM cur),
         m AS (UPDATE messages SET selected_count = selected_count + (SELECT n FROM g) WHERE id = $1 AND $4::int > 0),
         b AS (UPDATE message_batches SET reserved = reserved + (SELECT n FROM g) WHERE id = $2 AND $4::int > 0),
         w AS (UPDATE message_waves SET selected = selected + (SELECT n FROM g) WHERE id = $3 AND $4::int > 0),
         d AS (SELECT * FROM unnest($5::bigint[], $6::smallint[], $7::text[], $8::text[]) AS t(id, loss, country, app_version)),
         ins AS (
           INSERT INTO send_records (message_id, device_id, outcome, loss_code, batch_id)
           SELECT $1, d.id, ${SendOutcome.LOST}, d.loss, $2 FROM d
           ON CONFLICT (message_id, device_id) DO NOTHING RETURNING device_id, loss_code, outcome
         )${this.streamSql('ins', '$1::bigint')}, cl AS (SELECT * FROM unnest($9::bigint[], $10::bool[]) WITH ORDINALITY AS t(id, send, ord)),
         fl AS (
           -- one intent for the page's devices to send (migration 0035), not one send record in flight each
           INSERT INTO send_intents (batch_id, message_id, device_ids, due_at)
           SELECT $2, $1, array_agg(cl.id ORDER BY cl.ord), now() + make_interval(secs => $12) FROM cl
           WHERE cl.send AND cl.ord <= $11::int + (SELECT n FROM g) HAVING count(*) > 0
         )
         SELECT (SELECT n FROM g) AS n, NULL::int AS outcome, NULL::int AS "lossCode", NULL AS country,
                NULL AS "appVersion", NULL::int AS count
         UNION ALL
         SELECT NULL, ${SendOutcome.LOST}, ins.loss_code, d.country, d.app_version, count(*)::int
         FROM ins JOIN d ON d.id = ins.device_id GROUP BY ins.loss_code, d.country, d.app_version`,
        [
          batch.messageId,
          batch.id,
          batch.waveId,
          want,
          drops.ids,
          drops.losses,
          textArrayLiteral(drops.countries),
          textArrayLiteral(drops.appVersions),
          `{${claim.ids.join(',')}}`,
          `{${claim.send.map((x) => (x ? 't' : 'f')).join(',')}}`,
          claim.fromCarry,
          claim.windowSeconds,
        ],
        PREPARED,
      );
      // written only while this run holds the batch (a run cut off and taken over claims nothing)
      await fenceLease(tx, batch, claim.leaseSeconds);
      decided = rows.filter((r) => r.n === null) as DecidedSends[];
      await this.counter.countSends(tx, batch.messageId, decided, batch.id);
      return rows.find((r) => r.n !== null)?.n ?? 0;
    });
    this.tell('filter', decided);
    return granted;
  }

  /** Gives back a grant the batch did not use (devices gone since), so other batches may send instead. */
  async unreserve(batch: Batch, n: number): Promise<void> {
    if (n <= 0) return;
    await this.database.transaction(async (tx) => {
      await lockMessage(tx, batch.messageId);
      await tx.query(
        `WITH b AS (UPDATE message_batches SET reserved = reserved - $3 WHERE id = $2),
         w AS (UPDATE message_waves SET selected = selected - $3 WHERE id = $4)
         UPDATE messages SET selected_count = selected_count - $3 WHERE id = $1`,
        [batch.messageId, batch.id, n, batch.waveId],
      );
    });
  }

  /**
   * Records many devices' results in one statement (insert, or update of a record in flight), renews the lease and marks
   * the devices FCM called uninstalled; the statistics writer counts what was decided, in the same transaction. A
   * dispatched record leaves batch_id NULL and is counted in the batch's `dispatched` instead (migration 0062).
   */
  async record(batch: Batch, rows: SendResultRow[], leaseSeconds: number): Promise<void> {
    if (rows.length === 0) return;
    // every column as one array literal: far cheaper to build than the driver's escaping of every element
    const ints = (k: 'deviceId' | 'outcome' | 'lossCode' | 'attempted') =>
      `{${rows.map((r) => r[k]).join(',')}}`;
    const col = (k: 'country' | 'appVersion') => textArrayLiteral(rows.map((r) => r[k]));
    const times = `{${rows.map((r) => (r.notBefore ? `"${r.notBefore.toISOString()}"` : 'NULL')).join(',')}}`;
    const packed = packedNames(rows);
    const decided = await this.database.transaction(async (tx) => {
      await lockMessage(tx, batch.messageId);
      // renews the lease, or throws when another run has taken the batch over: its results are not this run's to write
      await fenceLease(tx, batch, leaseSeconds);
      const groups = await tx.query<DecidedSends & { gone: string | null }>(
        recordSql(this.streamSql('ins', '$1::bigint')),
        [
          batch.messageId,
          batch.id,
          ints('deviceId'),
          ints('outcome'),
          ints('lossCode'),
          packed.names,
          times,
          ints('attempted'),
          col('country'),
          col('appVersion'),
          `{${rows.flatMap((r) => (r.unregistered ? [r.deviceId] : [])).join(',')}}`,
          this.eventPages,
          packed.hexes,
          packed.project,
        ],
        PREPARED,
      );
      const counted = groups.filter((g) => g.gone === null);
      await this.counter.countSends(tx, batch.messageId, counted, batch.id);
      const gone = groups.flatMap((g) => (g.gone === null ? [] : [g.gone]));
      if (gone.length) await this.counter.countUninstalls?.(tx, batch.messageId, gone);
      return counted;
    });
    if (this.metrics) {
      this.tell('send', decided);
      // FCM's retry answers: the rows recorded as waiting again by a request (a banned window's wait made none)
      let retried = 0;
      for (const r of rows) if (r.outcome === SendOutcome.PENDING && r.attempted === 1) retried++;
      if (retried > 0) this.metrics.sendsRetried(retried);
    }
  }

  /** The counter's CTE that queues the decided sends as stream events, after a comma (none without one). */
  private streamSql(source: string, messageParam: string): string {
    const sql = this.counter.sendEventsSql?.(source, messageParam);
    return sql ? `, ${sql}` : '';
  }

  /** Tells the metrics (when on) what a committed write decided. */
  private tell(stage: 'filter' | 'send', decided: readonly DecidedSends[]): void {
    const { metrics } = this;
    if (!metrics) return;
    for (const g of decided) {
      if (g.outcome === SendOutcome.DISPATCHED) metrics.sendsDispatched(g.count);
      else if (g.outcome === SendOutcome.LOST) metrics.sendsLost(stage, g.lossCode, g.count);
    }
  }

  /** Open batches of a message (it is sent when none is left and no wave is open). */
  async openBatches(messageId: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM message_batches WHERE message_id = $1 AND status = ${BatchStatus.OPEN}`,
      [messageId],
    );
    return row?.n ?? 0;
  }

  /** Cancels a stopped message's open batches that no worker holds; returns how many are still held. */
  async cancelIdle(messageId: number): Promise<number> {
    await this.database.query(
      materializeIntents(
        'SELECT id FROM c',
        `c AS (UPDATE message_batches SET status = ${BatchStatus.CANCELLED}
           WHERE message_id = $1 AND status = ${BatchStatus.OPEN} AND (lease_until IS NULL OR lease_until < now())
           RETURNING id)`,
      ),
      [messageId],
    );
    return this.openBatches(messageId);
  }
}
