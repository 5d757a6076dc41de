import {
  EVENT_STREAM_LIMITS,
  STREAM_EVENT_TYPES,
  type EventStreamExport,
  type EventStreamFailure,
} from '@beacon/shared';
import type { Database } from '../../db/client';

/** An app's stream row as the services use it (the secret still sealed). */
export interface StreamRow {
  appId: number;
  enabled: boolean;
  url: string;
  types: number;
  sealedSecret: string;
  maxAgeHours: number;
  failures: number;
  nextAttemptAt: Date;
  delivered: number;
  failedPosts: number;
  dropped: number;
  lastSuccessAt: Date | null;
  cursor: StreamCursor;
}

/**
 * Where an app's posting stands (migration 0055): every row of events after (xid, id) — its writing transaction's id,
 * then its own (its first event's id, migration 0057) — is pending, every one at or before it delivered or dropped.
 * Posts take whole rows. The xid travels as text (xid8 is 64-bit).
 */
export interface StreamCursor {
  xid: string;
  id: number;
}

/** One event as posted (and exported): `id` is what a receiver de-duplicates by. */
export interface StreamEvent {
  id: number;
  type: number;
  messageId: number;
  gaid: string | null;
  at: string;
  lossCode: number | null;
}

/**
 * The next batch after a cursor as the delivery loop takes it: `events` the JSON array's inside of the events still
 * within their age (null when none), written by PostgreSQL exactly as JSON.stringify writes them (`{"id":…,"type":…,
 * "messageId":…,"gaid":…,"at":…[,"lossCode":…]}`), so no event becomes a JavaScript object on the way out.
 */
export interface PendingBatch {
  /** events read (posted or expired) */
  n: number;
  /** events still within their age: the ones in `events` */
  live: number;
  /** whether rows are pending after the batch's (the loop goes on at once) */
  more: boolean;
  /** whether the first event of the batch expired (the head of the queue is dropped first) */
  firstExpired: boolean;
  /** where the cursor moves once the batch is posted */
  last: StreamCursor;
  /** the smallest and largest id posted (the JetStream message's id) */
  firstId: number | null;
  lastId: number | null;
  events: string | null;
}

const STREAM_COLUMNS = `app_id AS "appId", enabled, url, types, secret AS "sealedSecret", max_age_hours AS "maxAgeHours",
  failures, next_attempt_at AS "nextAttemptAt", delivered::float8 AS delivered, failed_posts::float8 AS "failedPosts",
  dropped::float8 AS dropped, last_success_at AS "lastSuccessAt",
  json_build_object('xid', cursor_xid::text, 'id', cursor_id::float8) AS cursor`;

/**
 * The events after a cursor that the loop may take: only those whose transaction ended before every one still
 * running (pg_snapshot_xmin) — an event of a transaction still open may yet commit with a smaller xid than one already
 * visible, and must not be passed over. AFTER_CURSOR takes the cursor as `$2`/`$3`; the index (app_id, xid, id) serves
 * it.
 */
const afterCursor = (app: string, xid: string, id: string): string =>
  `e.app_id = ${app} AND (e.xid, e.id) > (${xid}, ${id}) AND e.xid < pg_snapshot_xmin(pg_current_snapshot())`;
const AFTER_CURSOR = afterCursor('$1', '$2::xid8', '$3::bigint');

/** Whether a pending event waited past max_age_hours: since the later of its time and the app's last replay. */
const EXPIRED = `(e.at < now() - make_interval(hours => st.max_age_hours)
  AND (st.replayed_at IS NULL OR st.replayed_at < now() - make_interval(hours => st.max_age_hours)))`;

/**
 * The events of the rows `e` (migration 0057: a row holds up to 500 events of one type and message, its id the first
 * event's), one row each: xid, id (the event's own: the row's id + its place − 1), type, message_id, at, device_id,
 * loss_code, and the row's columns that `keep` names.
 */
const eventsOf = (rows: string, keep = ''): string =>
  `SELECT e.xid, e.id + u.k - 1 AS id, e.type, e.message_id, e.at, u.device_id, e.loss_codes[u.k::int] AS loss_code${keep}
   FROM ${rows} e CROSS JOIN LATERAL unnest(e.device_ids) WITH ORDINALITY AS u(device_id, k)`;

/**
 * The device of each event of `ev`, by primary key: a lateral probe that the planner cannot flatten (LIMIT 1). The
 * rows' arrays unnest to more events than it can estimate, and a plain join leaves it free to hash the app's every
 * device for a batch of a few hundred.
 */
const DEVICE_OF_EVENT = `LEFT JOIN LATERAL (SELECT dv.gaid FROM devices dv WHERE dv.id = ev.device_id LIMIT 1) d ON true`;

/** An event of `ev` as JSON fields, read with the device's advertising id. */
const EVENT_COLUMNS = `ev.id::float8 AS id, ev.type, ev.message_id::float8 AS "messageId", d.gaid::text AS gaid,
  to_char(ev.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, ev.loss_code AS "lossCode"`;

/** app_event_streams, stream_events, stream_failures and stream_exports (migration 0050). */
export class EventStreamsRepository {
  constructor(private readonly database: Database) {}

  async get(appId: number): Promise<StreamRow | undefined> {
    const [row] = await this.database.query<StreamRow>(
      `SELECT ${STREAM_COLUMNS} FROM app_event_streams WHERE app_id = $1`,
      [appId],
    );
    return row;
  }

  /** Writes the settings; `sealedSecret` only when the row is new (the first save makes the secret). */
  async save(
    appId: number,
    s: { enabled: boolean; url: string; types: number; maxAgeHours: number },
    sealedSecret: string,
  ): Promise<boolean> {
    const [row] = await this.database.query<{ inserted: boolean }>(
      `INSERT INTO app_event_streams AS x (app_id, enabled, url, types, max_age_hours, secret)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (app_id) DO UPDATE SET enabled = EXCLUDED.enabled, url = EXCLUDED.url, types = EXCLUDED.types,
         max_age_hours = EXCLUDED.max_age_hours, updated_at = now(),
         -- a new destination is tried at once, not after the old one's backoff
         failures = CASE WHEN x.url = EXCLUDED.url THEN x.failures ELSE 0 END,
         next_attempt_at = CASE WHEN x.url = EXCLUDED.url THEN x.next_attempt_at ELSE now() END
       RETURNING (xmax = 0) AS inserted`,
      [appId, s.enabled, s.url, s.types, s.maxAgeHours, sealedSecret],
    );
    return row?.inserted ?? false;
  }

  async setSecret(appId: number, sealedSecret: string): Promise<boolean> {
    const rows = await this.database.query(
      'UPDATE app_event_streams SET secret = $2, updated_at = now() WHERE app_id = $1 RETURNING app_id',
      [appId, sealedSecret],
    );
    return rows.length > 0;
  }

  /**
   * Pending events (every one after the cursor, committed), and the age of the oldest — the head of the queue, since
   * the later of its time and the last replay (seconds). The ORDER BY keeps the sum on the cursor's index (an
   * index-only range: it includes each row's `n`), which the planner would otherwise trade for a scan of the app's
   * every row.
   */
  async backlog(appId: number): Promise<{ backlog: number; oldest: number | null }> {
    const [row] = await this.database.query<{ backlog: number; oldest: number | null }>(
      `WITH pending AS (
         SELECT e.xid, e.id, e.n FROM stream_events e
         WHERE e.app_id = $1 AND (e.xid, e.id) > ((SELECT cursor_xid FROM app_event_streams WHERE app_id = $1),
                                                  (SELECT cursor_id FROM app_event_streams WHERE app_id = $1))
         ORDER BY e.xid, e.id LIMIT 1000000000
       ), head AS (
         SELECT greatest(e.at, st.replayed_at) AS since
         FROM (SELECT xid, id FROM pending LIMIT 1) h
         JOIN stream_events e ON e.app_id = $1 AND e.xid = h.xid AND e.id = h.id
         JOIN app_event_streams st ON st.app_id = $1
       )
       SELECT (SELECT COALESCE(sum(n), 0)::int FROM pending) AS backlog,
              (SELECT floor(extract(epoch FROM now() - since))::int FROM head) AS oldest`,
      [appId],
    );
    return { backlog: row?.backlog ?? 0, oldest: row?.oldest ?? null };
  }

  async failures(appId: number): Promise<EventStreamFailure[]> {
    const rows = await this.database.query<EventStreamFailure & { at: Date }>(
      `SELECT at, status, error, events FROM stream_failures WHERE app_id = $1 ORDER BY id DESC LIMIT $2`,
      [appId, EVENT_STREAM_LIMITS.failuresShown],
    );
    return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  }

  async exports(appId: number): Promise<Array<EventStreamExport & { file: string }>> {
    const rows = await this.database.query<{ day: string; events: number; bytes: number; file: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, events, bytes::float8 AS bytes, file FROM stream_exports
       WHERE app_id = $1 ORDER BY day DESC LIMIT 60`,
      [appId],
    );
    return rows;
  }

  /** Makes the pending events due now (the console's "retry now"). */
  async retryNow(appId: number): Promise<void> {
    await this.database.query('UPDATE app_event_streams SET next_attempt_at = now() WHERE app_id = $1', [
      appId,
    ]);
  }

  /**
   * Queues again every event from the first of the last `hours` hours on (same ids): the cursor moves back to just
   * before it (never forward), and the queue's age restarts. Returns how many delivered or dropped events it re-queued.
   */
  async replay(appId: number, hours: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `WITH st AS (SELECT cursor_xid, cursor_id FROM app_event_streams WHERE app_id = $1 FOR UPDATE),
       first AS (
         SELECT e.xid, e.id FROM stream_events e
         WHERE e.app_id = $1 AND e.at >= now() - make_interval(hours => $2) ORDER BY e.xid, e.id LIMIT 1
       ), back AS (
         SELECT f.xid, f.id FROM first f, st WHERE (f.xid, f.id) <= (st.cursor_xid, st.cursor_id)
       ), n AS (
         SELECT COALESCE(sum(e.n), 0)::int AS n FROM stream_events e, back b, st
         WHERE e.app_id = $1 AND (e.xid, e.id) >= (b.xid, b.id) AND (e.xid, e.id) <= (st.cursor_xid, st.cursor_id)
       ), u AS (
         UPDATE app_event_streams a SET next_attempt_at = now(), replayed_at = now(),
           cursor_xid = COALESCE((SELECT xid FROM back), a.cursor_xid),
           cursor_id = COALESCE((SELECT id - 1 FROM back), a.cursor_id)
         WHERE a.app_id = $1
       )
       SELECT n FROM n`,
      [appId, hours],
    );
    return row?.n ?? 0;
  }

  /** Apps whose streams have pending events and may be posted to now (no live lease, no backoff). */
  async dueApps(limit: number): Promise<number[]> {
    const rows = await this.database.query<{ appId: number }>(
      `SELECT st.app_id AS "appId" FROM app_event_streams st
       WHERE st.next_attempt_at <= now() AND (st.lease_until IS NULL OR st.lease_until < now())
         AND EXISTS (SELECT 1 FROM stream_events e
                     WHERE ${afterCursor('st.app_id', 'st.cursor_xid', 'st.cursor_id')})
       ORDER BY st.next_attempt_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.appId);
  }

  /**
   * Takes the app's lease for `seconds` (one taker per app across processes): the row, or undefined when another
   * process holds it or its backoff has not ended.
   */
  async lease(appId: number, owner: string, seconds: number): Promise<StreamRow | undefined> {
    const [row] = await this.database.query<StreamRow>(
      `UPDATE app_event_streams SET lease_until = now() + make_interval(secs => $3), lease_owner = $2
       WHERE app_id = $1 AND next_attempt_at <= now()
         AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $2)
       RETURNING ${STREAM_COLUMNS}`,
      [appId, owner, seconds],
    );
    return row;
  }

  async release(appId: number, owner: string): Promise<void> {
    await this.database.query(
      'UPDATE app_event_streams SET lease_until = NULL, lease_owner = NULL WHERE app_id = $1 AND lease_owner = $2',
      [appId, owner],
    );
  }

  /**
   * Drops the expired rows of events at the head of the queue (at most `limit` rows), moving the cursor past them and
   * counting their events, unless the cursor moved meanwhile: the new cursor and how many events, or undefined when
   * none were dropped.
   */
  async dropExpired(
    appId: number,
    from: StreamCursor,
    limit: number,
  ): Promise<{ to: StreamCursor; n: number } | undefined> {
    const [row] = await this.database.query<{ to: StreamCursor; n: number }>(
      `WITH head AS (
         SELECT e.xid, e.id, ${EXPIRED} AS expired, row_number() OVER (ORDER BY e.xid, e.id) AS k,
                sum(e.n) OVER (ORDER BY e.xid, e.id) AS events
         FROM app_event_streams st JOIN LATERAL (
           SELECT e.xid, e.id, e.at, e.n FROM stream_events e WHERE ${AFTER_CURSOR} ORDER BY e.xid, e.id LIMIT $4
         ) e ON true
         WHERE st.app_id = $1
       ), run AS (
         SELECT COALESCE(min(k) FILTER (WHERE NOT expired), count(*) + 1) - 1 AS k FROM head
       ), last AS (SELECT h.xid, h.id, h.events AS n FROM head h JOIN run r ON h.k = r.k)
       UPDATE app_event_streams st SET cursor_xid = last.xid, cursor_id = last.id, dropped = dropped + last.n
       FROM last WHERE st.app_id = $1 AND st.cursor_xid = $2::xid8 AND st.cursor_id = $3
       RETURNING json_build_object('xid', last.xid::text, 'id', last.id::float8) AS "to", last.n::int AS n`,
      [appId, from.xid, from.id, limit],
    );
    return row;
  }

  /**
   * The oldest pending rows of the app after `from`, in the cursor's order, as one batch of at most `limit` events —
   * whole rows only, and always the first (a row holds at most one post's events).
   */
  async batch(appId: number, from: StreamCursor, limit: number): Promise<PendingBatch | undefined> {
    const [row] = await this.database.query<PendingBatch>(
      `WITH cand AS (
         -- the rows to take, from the cursor's index alone (it includes n): as many as fit in $4 events, at least one
         SELECT c.xid, c.id, (c.upto <= $4 OR c.upto = c.n) AS fits FROM (
           SELECT e.xid, e.id, e.n, sum(e.n) OVER (ORDER BY e.xid, e.id) AS upto FROM (
             SELECT e.xid, e.id, e.n FROM stream_events e WHERE ${AFTER_CURSOR} ORDER BY e.xid, e.id LIMIT $4
           ) e
         ) c
       ), pick AS (SELECT xid, id FROM cand WHERE fits),
       taken AS (
         SELECT e.*, ${EXPIRED} AS expired
         FROM pick JOIN stream_events e ON e.app_id = $1 AND e.xid = pick.xid AND e.id = pick.id
         JOIN app_event_streams st ON st.app_id = $1
       ),
       ev AS (${eventsOf('taken', ', e.expired')}),
       last AS (SELECT xid, id FROM taken ORDER BY xid DESC, id DESC LIMIT 1)
       SELECT count(*)::int AS n, (count(*) FILTER (WHERE NOT ev.expired))::int AS live,
         -- rows left after these: one that did not fit, or as many rows read as the limit
         (SELECT bool_or(NOT fits) OR count(*) >= $4 FROM cand) AS more,
         (SELECT expired FROM taken ORDER BY xid, id LIMIT 1) AS "firstExpired",
         (SELECT json_build_object('xid', xid::text, 'id', id::float8) FROM last) AS last,
         (min(ev.id) FILTER (WHERE NOT ev.expired))::float8 AS "firstId",
         (max(ev.id) FILTER (WHERE NOT ev.expired))::float8 AS "lastId",
         string_agg('{"id":' || ev.id || ',"type":"' || COALESCE(($5::text[])[ev.type], 'unknown')
           || '","messageId":' || ev.message_id || ',"gaid":' || COALESCE('"' || d.gaid::text || '"', 'null')
           || ',"at":"' || to_char(ev.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
           || CASE WHEN ev.loss_code IS NULL THEN '' ELSE ',"lossCode":' || ev.loss_code END || '}',
           ',' ORDER BY ev.xid, ev.id) FILTER (WHERE NOT ev.expired) AS events
       FROM ev ${DEVICE_OF_EVENT}`,
      [appId, from.xid, from.id, limit, STREAM_EVENT_TYPES],
    );
    return row && row.n > 0 ? row : undefined;
  }

  /**
   * Moves the cursor from `from` to `to` past a posted batch (`delivered` events posted, `dropped` expired in it), ends
   * the failures and renews the lease, in one statement — only while this process holds the lease and nobody moved
   * the cursor (a replay): false then, and the batch is not counted.
   */
  async advance(
    appId: number,
    move: { from: StreamCursor; to: StreamCursor; delivered: number; dropped: number },
    owner: string,
    leaseSeconds: number,
  ): Promise<boolean> {
    const { from, to } = move;
    const rows = await this.database.query(
      `UPDATE app_event_streams SET cursor_xid = $4::xid8, cursor_id = $5, delivered = delivered + $6,
         dropped = dropped + $7, failures = 0, last_success_at = now(), next_attempt_at = now(),
         lease_until = now() + make_interval(secs => $9)
       WHERE app_id = $1 AND lease_owner = $8 AND cursor_xid = $2::xid8 AND cursor_id = $3
       RETURNING app_id`,
      [appId, from.xid, from.id, to.xid, to.id, move.delivered, move.dropped, owner, leaseSeconds],
    );
    return rows.length > 0;
  }

  /** Records a failed post: the failure row (the last ones kept), one more consecutive failure, the next attempt. */
  async failed(
    appId: number,
    f: { status: number | null; error: string; events: number },
    retryInMs: number,
  ): Promise<void> {
    await this.database.query(
      `WITH i AS (INSERT INTO stream_failures (app_id, status, error, events) VALUES ($1, $2, $3, $4) RETURNING id),
       old AS (
         DELETE FROM stream_failures WHERE app_id = $1 AND id <= (
           SELECT id FROM stream_failures WHERE app_id = $1 ORDER BY id DESC OFFSET $6 LIMIT 1)
       )
       UPDATE app_event_streams SET failures = failures + 1, failed_posts = failed_posts + 1,
         next_attempt_at = now() + make_interval(secs => $5 / 1000.0)
       WHERE app_id = $1`,
      [appId, f.status, f.error.slice(0, 300), f.events, retryInMs, EVENT_STREAM_LIMITS.failuresShown - 1],
    );
  }

  /**
   * Deletes delivered and dropped events (at or before their app's cursor; any, for an app whose streams row is gone)
   * recorded more than `hours` ago, at most `limit`; returns how many.
   */
  async prune(hours: number, limit: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM stream_events WHERE ctid = ANY (ARRAY(
           SELECT e.ctid FROM stream_events e LEFT JOIN app_event_streams st ON st.app_id = e.app_id
           WHERE e.at < now() - make_interval(hours => $1)
             AND (st.app_id IS NULL OR (e.xid, e.id) <= (st.cursor_xid, st.cursor_id))
           LIMIT $2))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [hours, limit],
    );
    return row?.n ?? 0;
  }

  /** Apps with enabled streams and the UTC days (`days` back, before today) not exported yet. */
  async exportsDue(days: number): Promise<Array<{ appId: number; day: string }>> {
    return this.database.query<{ appId: number; day: string }>(
      `SELECT st.app_id AS "appId", to_char(d.day, 'YYYY-MM-DD') AS day
       FROM app_event_streams st
       -- a day is exported once it ended 10 minutes ago (the transactions that wrote its last events committed)
       CROSS JOIN LATERAL (SELECT (((now() - interval '10 minutes') AT TIME ZONE 'UTC')::date - g) AS day
                           FROM generate_series(1, $1) g) d
       WHERE st.enabled AND d.day >= (st.updated_at AT TIME ZONE 'UTC')::date - 2
         AND NOT EXISTS (SELECT 1 FROM stream_exports x WHERE x.app_id = st.app_id AND x.day = d.day)
       ORDER BY 1, 2`,
      [days],
    );
  }

  /**
   * A page of the day's events (UTC) after the event id `afterId`, by id: the events of whole rows, of as many rows as
   * hold `limit` events at least (a page ends with its last row's last event, so the next starts with a row's first).
   */
  async dayPage(appId: number, day: string, afterId: number, limit: number): Promise<StreamEvent[]> {
    return this.database.query<StreamEvent>(
      `WITH r AS (
         SELECT e.*, sum(e.n) OVER (ORDER BY e.id) - e.n AS before FROM stream_events e
         WHERE e.app_id = $1 AND e.at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
           AND e.at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC' AND e.id > $3
         ORDER BY e.id LIMIT $4
       ), ev AS (${eventsOf('(SELECT * FROM r WHERE r.before < $4)')})
       SELECT ${EVENT_COLUMNS} FROM ev ${DEVICE_OF_EVENT} ORDER BY ev.id`,
      [appId, day, afterId, limit],
    );
  }

  async exported(appId: number, day: string, events: number, bytes: number, file: string): Promise<void> {
    await this.database.query(
      `INSERT INTO stream_exports (app_id, day, events, bytes, file) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (app_id, day) DO UPDATE SET events = EXCLUDED.events, bytes = EXCLUDED.bytes, file = EXCLUDED.file`,
      [appId, day, events, bytes, file],
    );
  }
}
