import { EVENT_STREAM_LIMITS, type EventStreamExport, type EventStreamFailure } from '@beacon/shared';
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

const STREAM_COLUMNS = `app_id AS "appId", enabled, url, types, secret AS "sealedSecret", max_age_hours AS "maxAgeHours",
  failures, next_attempt_at AS "nextAttemptAt", delivered::float8 AS delivered, failed_posts::float8 AS "failedPosts",
  dropped::float8 AS dropped, last_success_at AS "lastSuccessAt"`;

/** The event row as JSON fields, read with the device's advertising id. */
const EVENT_COLUMNS = `e.id::float8 AS id, e.type, e.message_id::float8 AS "messageId", d.gaid::text AS gaid,
  to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, e.loss_code AS "lossCode"`;

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

  /** Pending events, and the age of the oldest (seconds). */
  async backlog(appId: number): Promise<{ backlog: number; oldest: number | null }> {
    const [row] = await this.database.query<{ backlog: number; oldest: number | null }>(
      `SELECT count(*)::int AS backlog, floor(extract(epoch FROM now() - min(queued_at)))::int AS oldest
       FROM stream_events WHERE app_id = $1 AND state = 0`,
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

  /** Queues again every event of the last `hours` hours that is not pending (same ids); returns how many. */
  async replay(appId: number, hours: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `WITH u AS (
         UPDATE stream_events SET state = 0, queued_at = now()
         WHERE app_id = $1 AND at >= now() - make_interval(hours => $2) AND state <> 0 RETURNING 1
       ), s AS (UPDATE app_event_streams SET next_attempt_at = now() WHERE app_id = $1)
       SELECT count(*)::int AS n FROM u`,
      [appId, hours],
    );
    return row?.n ?? 0;
  }

  /** Apps whose streams have pending events and may be posted to now (no live lease, no backoff). */
  async dueApps(limit: number): Promise<number[]> {
    const rows = await this.database.query<{ appId: number }>(
      `SELECT st.app_id AS "appId" FROM app_event_streams st
       WHERE st.next_attempt_at <= now() AND (st.lease_until IS NULL OR st.lease_until < now())
         AND EXISTS (SELECT 1 FROM stream_events e WHERE e.app_id = st.app_id AND e.state = 0)
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

  /** Drops the pending events queued more than `hours` ago, counting them; returns how many. */
  async dropExpired(appId: number, hours: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `WITH u AS (
         UPDATE stream_events SET state = 2
         WHERE app_id = $1 AND state = 0 AND queued_at < now() - make_interval(hours => $2) RETURNING 1
       ), s AS (
         UPDATE app_event_streams SET dropped = dropped + (SELECT count(*) FROM u)
         WHERE app_id = $1 AND EXISTS (SELECT 1 FROM u)
       )
       SELECT count(*)::int AS n FROM u`,
      [appId, hours],
    );
    return row?.n ?? 0;
  }

  /** The oldest `limit` pending events of the app, by id. */
  async pending(appId: number, limit: number): Promise<StreamEvent[]> {
    return this.database.query<StreamEvent>(
      `SELECT ${EVENT_COLUMNS} FROM stream_events e LEFT JOIN devices d ON d.id = e.device_id
       WHERE e.app_id = $1 AND e.state = 0 ORDER BY e.id LIMIT $2`,
      [appId, limit],
    );
  }

  /** Marks posted events delivered, counts them and renews the lease, in one statement. */
  async delivered(appId: number, ids: number[], owner: string, leaseSeconds: number): Promise<void> {
    await this.database.query(
      `WITH u AS (UPDATE stream_events SET state = 1 WHERE app_id = $1 AND id = ANY($2::bigint[]) AND state = 0 RETURNING 1)
       UPDATE app_event_streams SET delivered = delivered + (SELECT count(*) FROM u), failures = 0,
         last_success_at = now(), next_attempt_at = now(), lease_until = now() + make_interval(secs => $4)
       WHERE app_id = $1 AND lease_owner = $3`,
      [appId, ids, owner, leaseSeconds],
    );
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

  /** Deletes posted and dropped events recorded more than `hours` ago (at most `limit`); returns how many. */
  async prune(hours: number, limit: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM stream_events WHERE id = ANY (ARRAY(
           SELECT id FROM stream_events WHERE state <> 0 AND at < now() - make_interval(hours => $1) LIMIT $2))
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

  /** A page of the day's events (UTC) after the event id `afterId`, by id. */
  async dayPage(appId: number, day: string, afterId: number, limit: number): Promise<StreamEvent[]> {
    return this.database.query<StreamEvent>(
      `SELECT ${EVENT_COLUMNS} FROM stream_events e LEFT JOIN devices d ON d.id = e.device_id
       WHERE e.app_id = $1 AND e.at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
         AND e.at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC' AND e.id > $3
       ORDER BY e.id LIMIT $4`,
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
