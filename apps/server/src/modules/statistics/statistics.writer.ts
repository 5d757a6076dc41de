import type { Database, Queryable } from '../../db/client';
import type { DeviceStatistics, EventRow, RecordedEvents } from '../devices';
import {
  abBucketSql,
  CONTROL_WAVE,
  SendOutcome,
  type DecidedSends,
  type SendCounter,
} from '../../delivery/engine';
import { EventCounter, type EventCounterOptions } from './statistics.counter';
import { CONTROL_BUCKETS, EVENT_BITS, RECOVERED_BIT, utcDay } from '@beacon/shared';
import { EventsRepository, type EventsRepositoryOptions } from './events.repository';
import { countingParts } from './statistics.counting.sql';
import { REPORTED_TYPE, STAT_LOSS_NOTICE_OFF, UTC_DAY, UV_DAYS } from './statistics.sql';
import { sendEventsCte, uninstallEventsCte } from '../event-streams';

/**
 * Bits a batch newly set on a dispatched send, with what the statistics bucket them by (the send's UTC day, the
 * device's country and version, the send's first `received` time and show-failed reason), as the statement that set
 * them read them, so that counting them reads no send record or device again (a row of stat_pending_batches' arrays).
 */
export interface CountedEvent {
  messageId: string;
  deviceId: string;
  newBits: number;
  day: string;
  country: string;
  appVersion: string;
  receivedAt: Date | null;
  showFailedReason: number | null;
}

/** stat_uv rows one pruning statement deletes at most. */
const PRUNE_BATCH = 10_000;

/** The columns of counted events as statement parameters (queue and count take them in the same order). */
const eventColumns = (events: CountedEvent[]) => [
  events.map((e) => e.messageId),
  events.map((e) => e.deviceId),
  events.map((e) => e.newBits),
  events.map((e) => e.day),
  events.map((e) => e.country),
  events.map((e) => e.appVersion),
  events.map((e) => e.receivedAt),
  events.map((e) => e.showFailedReason),
];

/** How far back StatisticsWriter.foldEarlyEvents looks for events that came before their send was recorded. */
const EARLY_EVENTS_HOURS = 6;
/**
 * The event bits a stray's events always set on the send they are applied to: all but recovered, which a receipt
 * sets only when the send had none (events.repository.ts).
 */
const EVENTS_SET = 0xff & ~RECOVERED_BIT;

/**
 * The dispatched send of stray `x`, whose bits hold (`=`) or lack (`<>`) some of the stray's events
 * (StatisticsWriter.foldEarlyEvents).
 */
const strayOnDispatched = (
  op: '=' | '<>',
) => `SELECT 1 FROM devices d JOIN send_record_events s ON s.device_id = d.id
  WHERE d.app_id = x.app_id AND d.gaid = x.gaid AND s.message_id = x.message_id
    AND s.outcome = ${SendOutcome.DISPATCHED} AND s.event_mask & x.mask & ${EVENTS_SET} ${op} x.mask & ${EVENTS_SET}`;

/**
 * Locks the messages' rows, in id order, before any counter: the sub-statements of one counting statement run in no
 * set order, so writers that share counter rows (the engine's and the devices', on several processes) take the
 * messages first, in one order, and can only wait for each other, never deadlock.
 */
async function lockMessages(tx: Queryable, ids: Array<number | string>): Promise<void> {
  await tx.query('SELECT id FROM messages WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids], {
    prepared: true,
  });
}

/**
 * The one writer of every counter (DESIGN §7): the engine calls `countSends` in the transaction that records send
 * results, the devices module `activitySql` in the statement that applies registrations and heartbeats, and
 * `recordEvents` with the rows of each batch of events (their port, DeviceStatistics): the statement that sets their bits
 * queues the new ones, counted right after, off the request path, by the EventCounter (`countQueued`, in large batches). Each is a set-based statement in the transaction of the records it
 * counts (or of the queue rows it deletes), so a crash never leaves a counter without its records nor counts twice.
 */
export class StatisticsWriter implements SendCounter, DeviceStatistics {
  private readonly counter: EventCounter;
  private readonly events: EventsRepository;

  constructor(
    private readonly database: Database,
    opts: EventCounterOptions & EventsRepositoryOptions = {},
  ) {
    this.counter = new EventCounter(
      database,
      (tx, limit) => this.countQueued(tx, limit),
      opts,
      () => this.foldEarlyEvents(),
    );
    this.events = new EventsRepository(database, opts);
  }

  /**
   * The devices' port (DeviceStatistics): sets the events' bits on dispatched sends, queues the new ones, keeps the
   * strays, in one statement (EventsRepository.apply); what it queued is counted off the request path, after it.
   */
  async recordEvents(rows: EventRow[], q?: Queryable): Promise<RecordedEvents> {
    const recorded = await this.events.apply(rows, q);
    // in a caller's transaction, counted once it commits (`queued`): a run before that would find nothing
    if (recorded.counted > 0 && !q) this.counter.kick();
    return recorded;
  }

  /** The port's `queued`: what a committed transaction of the caller's queued is counted (after the delay). */
  queued(): void {
    this.counter.kick();
  }

  /**
   * Early receipts: a device may report an event before the engine has recorded its send (its page's results are
   * written once the page's requests are answered, and a phone can be faster), and such an event finds no dispatched
   * send: it is kept as a stray and counted nothing. Once the send is recorded dispatched, the stray's events are
   * applied to it as if they came then — counted once, by their bits — and the stray goes. Looks back
   * EARLY_EVENTS_HOURS (the engine records a page within seconds, a send resolved after a dead worker within
   * minutes). Run before each counting run (every few seconds in every process: several fold the same strays at no
   * cost, the bits counting each event once); returns the events applied.
   */
  async foldEarlyEvents(limit = 5000): Promise<number> {
    const strays = await this.database.query<{
      appId: number;
      gaid: string;
      messageId: string;
      mask: number;
      at: Date;
    }>(
      `SELECT x.app_id AS "appId", x.gaid::text AS gaid, x.message_id::text AS "messageId", x.mask, x.last_at AS at
       FROM stat_stray_events x
       WHERE x.last_at > now() - make_interval(hours => ${EARLY_EVENTS_HOURS})
         AND EXISTS (${strayOnDispatched('<>')})
       ORDER BY x.last_at LIMIT $1`,
      [limit],
    );
    if (strays.length === 0) return 0;
    const at = (r: (typeof strays)[number], bit: number) => (r.mask & bit ? r.at : null);
    const recorded = await this.events.apply(
      strays.map((r) => ({
        appId: r.appId,
        gaid: r.gaid,
        messageId: r.messageId,
        mask: r.mask,
        receivedAt: at(r, EVENT_BITS.received),
        shownAt: at(r, EVENT_BITS.shown),
        clickedAt: at(r, EVENT_BITS.clicked),
        showFailedReason: null,
      })),
    );
    // folded: no longer strays (one that took a new event meanwhile stays, with its bits not all on the send yet)
    await this.database.query(
      `DELETE FROM stat_stray_events x
       USING unnest($1::int[], $2::uuid[], $3::bigint[]) AS f(app_id, gaid, message_id)
       WHERE x.app_id = f.app_id AND x.gaid = f.gaid AND x.message_id = f.message_id
         AND EXISTS (${strayOnDispatched('=')})`,
      [strays.map((r) => r.appId), strays.map((r) => r.gaid), strays.map((r) => r.messageId)],
    );
    if (recorded.counted > 0) this.counter.kick();
    return recorded.counted;
  }

  /** Starts counting queued events (and the sweep for what a crashed process left). */
  start(): void {
    this.counter.start();
  }

  /** Queues events given as values (one queue row), in the caller's transaction: tests, and what a flush does in SQL. */
  async queueEvents(tx: Queryable, events: CountedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await tx.query(
      `INSERT INTO stat_pending_batches (message_ids, device_ids, bits, days, countries, app_versions, received_at, reasons)
       VALUES ($1::bigint[], $2::bigint[], $3::int[], $4::date[], $5::text[], $6::text[], $7::timestamptz[], $8::smallint[])`,
      eventColumns(events),
    );
  }

  /** Resolves once the events queued so far in this process are counted. */
  async settle(): Promise<void> {
    await this.counter.settle();
  }

  /** Whether queued events of this process are being counted (a read may `settle` first). */
  get counting(): boolean {
    return this.counter.busy;
  }

  async close(): Promise<void> {
    await this.counter.close();
  }

  /**
   * Devices whose send was decided (dispatched, or lost with a code) today, grouped by outcome, loss, country, version;
   * decided in a best-hour message's control wave (`batchId`'s), its dispatches are the control group's too.
   */
  async countSends(
    tx: Queryable,
    messageId: number,
    groups: DecidedSends[],
    batchId?: number,
  ): Promise<void> {
    if (groups.length === 0) return;
    await lockMessages(tx, [messageId]);
    await tx.query(
      `WITH g AS (
         SELECT * FROM unnest($2::smallint[], $3::smallint[], $4::text[], $5::text[], $6::int[])
           AS t(outcome, loss, country, app_version, n)
       ), m AS (SELECT id, app_id, msg_type, content_create_type > 0 AS ai FROM messages WHERE id = $1),
       c AS (
         SELECT g.country, g.app_version, sum(g.n)::int AS push,
                COALESCE(sum(g.n) FILTER (WHERE g.outcome = ${SendOutcome.DISPATCHED}), 0)::int AS dispatch,
                COALESCE(sum(g.n) FILTER (WHERE g.outcome = ${SendOutcome.LOST} AND g.loss = ${STAT_LOSS_NOTICE_OFF}), 0)::int AS notice_off
         FROM g GROUP BY g.country, g.app_version
       ), md AS (
         INSERT INTO stat_message_days AS x (message_id, day, country, app_version, app_id, push, dispatch, notice_off)
         SELECT m.id, ${UTC_DAY}, c.country, c.app_version, m.app_id, c.push, c.dispatch, c.notice_off FROM c, m
         ORDER BY c.country, c.app_version
         ON CONFLICT (message_id, day, country, app_version) DO UPDATE SET push = x.push + EXCLUDED.push,
           dispatch = x.dispatch + EXCLUDED.dispatch, notice_off = x.notice_off + EXCLUDED.notice_off
       ), ad AS (
         INSERT INTO stat_app_days AS x (app_id, day, msg_type, ai, country, app_version, push, dispatch, notice_off)
         SELECT m.app_id, ${UTC_DAY}, m.msg_type, m.ai, c.country, c.app_version, c.push, c.dispatch, c.notice_off FROM c, m
         WHERE ${REPORTED_TYPE('m.msg_type')}
         ORDER BY c.country, c.app_version
         ON CONFLICT (app_id, day, msg_type, ai, country, app_version) DO UPDATE SET push = x.push + EXCLUDED.push,
           dispatch = x.dispatch + EXCLUDED.dispatch, notice_off = x.notice_off + EXCLUDED.notice_off
       ), adt AS (
         INSERT INTO stat_app_day_totals AS x (app_id, day, msg_type, ai, push, dispatch, notice_off)
         SELECT m.app_id, ${UTC_DAY}, m.msg_type, m.ai, sum(c.push), sum(c.dispatch), sum(c.notice_off) FROM c, m
         WHERE ${REPORTED_TYPE('m.msg_type')}
         GROUP BY m.app_id, m.msg_type, m.ai
         ON CONFLICT (app_id, day, msg_type, ai) DO UPDATE SET push = x.push + EXCLUDED.push,
           dispatch = x.dispatch + EXCLUDED.dispatch, notice_off = x.notice_off + EXCLUDED.notice_off
       ), l AS (
         INSERT INTO stat_message_losses AS x (message_id, day, loss_code, count)
         SELECT $1, ${UTC_DAY}, g.loss, sum(g.n) FROM g WHERE g.outcome = ${SendOutcome.LOST} GROUP BY g.loss ORDER BY g.loss
         ON CONFLICT (message_id, day, loss_code) DO UPDATE SET count = x.count + EXCLUDED.count
       )
       UPDATE messages SET dispatch_count = dispatch_count + (SELECT COALESCE(sum(dispatch), 0) FROM c),
         lost_count = lost_count + (SELECT COALESCE(sum(push - dispatch), 0) FROM c), updated_at = now(),
         control_dispatch = control_dispatch + CASE WHEN EXISTS (
           SELECT 1 FROM message_batches b JOIN message_waves w ON w.id = b.wave_id
           WHERE b.id = $7::bigint AND w.best_minutes = ${CONTROL_WAVE}
         ) THEN (SELECT COALESCE(sum(dispatch), 0) FROM c) ELSE 0 END
       WHERE id = $1`,
      [
        messageId,
        groups.map((g) => g.outcome),
        groups.map((g) => g.lossCode),
        groups.map((g) => g.country),
        groups.map((g) => g.appVersion),
        groups.map((g) => g.count),
        batchId ?? null,
      ],
      // once a result write or reservation: prepared, as theirs are (BatchRepository)
      { prepared: true },
    );
  }

  /**
   * Counts uninstalls (issue 32 §4): the devices the engine just marked uninstalled on FCM's UNREGISTERED answer to a
   * send of `messageId`, on today's UTC day, each under the message that preceded that send — the device's latest
   * dispatched send of a reported message (not a preview or recall) other than this one, through send_records' per-device
   * index (device_id); 0 when there is none (never sent to, or its records are past retention).
   */
  async countUninstalls(tx: Queryable, messageId: number, deviceIds: string[]): Promise<void> {
    if (deviceIds.length === 0) return;
    await tx.query(
      `WITH ${uninstallEventsCte('$1::bigint', '$2::bigint[]')}
       INSERT INTO stat_uninstalls AS x (app_id, day, preceding_message_id, count)
       SELECT d.app_id, ${UTC_DAY}, COALESCE(p.message_id, 0), count(*)::int
       FROM devices d
       LEFT JOIN LATERAL (
         SELECT s.message_id FROM send_records_all s JOIN messages pm ON pm.id = s.message_id
         WHERE s.device_id = d.id AND s.outcome = ${SendOutcome.DISPATCHED} AND s.sent_at IS NOT NULL
           AND s.message_id <> $1 AND ${REPORTED_TYPE('pm.msg_type')}
         ORDER BY s.sent_at DESC, s.message_id DESC LIMIT 1
       ) p ON true
       WHERE d.id = ANY($2::bigint[])
       GROUP BY d.app_id, COALESCE(p.message_id, 0) ORDER BY 1, 3
       ON CONFLICT (app_id, day, preceding_message_id) DO UPDATE SET count = x.count + EXCLUDED.count`,
      [messageId, deviceIds],
    );
  }

  /**
   * The engine's result writes queue the sends they decided as stream events (docs/event-streams.md) with this CTE:
   * `source` yields (device_id, outcome, loss_code) of the message `messageParam`.
   */
  readonly sendEventsSql = (source: string, messageParam: string): string =>
    sendEventsCte(source, messageParam, { dispatched: SendOutcome.DISPATCHED, lost: SendOutcome.LOST });

  /**
   * Counts events newly set on dispatched send records: per message, day, country and version (reach, show, click,
   * conversion, dismiss, show failed, recalled; recovered apart, and by brand and model), the app rollup, show losses by reason, reach by minute since the
   * message started, and the unique devices that showed / clicked per mode. `source` holds the CTEs that end with `t`,
   * the events, with the columns (message_id, device_id, bits, day, country, app_version, received_at, reason): the
   * queued flushes countQueued deletes.
   */
  private countingStatement(source: string): string {
    const parts = this.countingParts()
      .map(([name, sql]) => `${name} AS (${sql}\n       )`)
      .join(', ');
    return `WITH ${source}, ${parts}
       SELECT count(*)::int AS n FROM t`;
  }

  /** The counting statement's CTEs (statistics.counting.sql.ts); the ingest bench leaves the rollups out to measure them. */
  protected countingParts(): Array<[name: string, sql: string]> {
    return countingParts();
  }

  /**
   * Takes up to `limit` queued flushes (the oldest that no other transaction holds), counts their events and deletes
   * them, in the caller's transaction; returns how many flushes. The events never leave the database: the first
   * statement locks the rows and returns their messages, which are locked next (in id order, before any counter); the
   * counting statement deletes those rows and counts the events they held.
   */
  async countQueued(tx: Queryable, limit: number): Promise<number> {
    const [batch] = await tx.query<{ ids: string[] | null; messages: string[] | null }>(
      `WITH b AS (SELECT id, message_ids FROM stat_pending_batches ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       SELECT (SELECT array_agg(id)::text[] FROM b) AS ids,
              (SELECT array_agg(DISTINCT m)::text[] FROM b, unnest(b.message_ids) AS m) AS messages`,
      [limit],
      { prepared: true },
    );
    if (!batch?.ids || !batch.messages) return 0;
    await lockMessages(tx, batch.messages);
    await tx.query(
      this.countingStatement(
        `taken AS (DELETE FROM stat_pending_batches WHERE id = ANY($1::bigint[]) RETURNING *),
         t AS (
           SELECT u.* FROM taken, unnest(taken.message_ids, taken.device_ids, taken.bits, taken.days, taken.countries,
                                         taken.app_versions, taken.received_at, taken.reasons)
             AS u(message_id, device_id, bits, day, country, app_version, received_at, reason)
         )`,
      ),
      [batch.ids],
      { prepared: true },
    );
    return batch.ids.length;
  }

  /**
   * Forgets which devices showed or clicked on the days before the last UV_DAYS (stat_uv; the daily maintenance,
   * platform/retention.ts): the counting no longer reads those days, and the table would otherwise grow by every
   * active device every day. App by app, by its primary key's prefix, in batches of its own transactions; returns
   * the rows deleted.
   */
  async pruneUniqueDevices(now: Date): Promise<number> {
    const cutoff = utcDay(new Date(now.getTime() - UV_DAYS * 86_400_000));
    const apps = await this.database.query<{ id: number }>('SELECT id FROM apps ORDER BY id');
    let total = 0;
    for (const { id } of apps)
      for (;;) {
        const [row] = await this.database.query<{ n: number }>(
          `WITH gone AS (
             DELETE FROM stat_uv WHERE ctid = ANY (ARRAY(
               SELECT ctid FROM stat_uv WHERE app_id = $1 AND day < $2::date LIMIT ${PRUNE_BATCH}))
             RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [id, cutoff],
        );
        const n = row?.n ?? 0;
        total += n;
        if (n < PRUNE_BATCH) break;
      }
    return total;
  }

  /**
   * New devices and devices active for the first time today, per app, day, country and version, and for apps with a
   * control group per side of it (stat_control_days): CTEs of the registration or heartbeat flush's statement
   * (DeviceStatistics.activitySql), over its CTE `source` of the devices it touched.
   */
  readonly activitySql = (source: string): string => {
    const firstToday = `(inserted OR "lastActiveBefore" IS NULL OR ("lastActiveBefore" AT TIME ZONE 'UTC')::date < ${UTC_DAY})`;
    // the control group's members by the engine's stable hash (contracts/control-groups.ts controlGroupSeed)
    const inControl = `${abBucketSql('s."deviceId"', `('control:' || s."appId")`)} < (a.control_group ->> 'share')::int * ${CONTROL_BUCKETS / 100}`;
    return `activity AS (
       INSERT INTO stat_user_days AS x (app_id, day, country, app_version, effective, new_users)
       SELECT "appId", ${UTC_DAY}, country, "appVersion", count(*), count(*) FILTER (WHERE inserted)
       FROM ${source}
       WHERE ${firstToday}
       GROUP BY "appId", country, "appVersion" ORDER BY 1, 3, 4
       ON CONFLICT (app_id, day, country, app_version) DO UPDATE SET effective = x.effective + EXCLUDED.effective,
         new_users = x.new_users + EXCLUDED.new_users
     ), control_activity AS (
       INSERT INTO stat_control_days AS x (app_id, day, in_control, active)
       SELECT s."appId", ${UTC_DAY}, ${inControl}, count(*)
       FROM ${source} s JOIN apps a ON a.id = s."appId"
       WHERE ${firstToday} AND (a.control_group ->> 'share')::int > 0
       GROUP BY 1, 3 ORDER BY 1, 3
       ON CONFLICT (app_id, day, in_control) DO UPDATE SET active = x.active + EXCLUDED.active
     )`;
  };
}
