import type { DeviceRegister } from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';
import { SendOutcome } from '../../delivery/engine';

export interface RegisterRow {
  appId: number;
  device: DeviceRegister;
  utcOffsetMin: number;
}

export interface HeartbeatRow {
  appId: number;
  gaid: string;
  notificationsEnabled: boolean;
}

/** One (message, device) with the events a batch reports for it, already merged. */
export interface EventRow {
  appId: number;
  gaid: string;
  messageId: string;
  mask: number;
  receivedAt: Date | null;
  shownAt: Date | null;
  clickedAt: Date | null;
  showFailedReason: number | null;
}

/**
 * Bits a batch newly set on a dispatched send, with what the statistics bucket them by (the send's UTC day, the
 * device's country and version, the send's first `received` time and show-failed reason), so that counting them
 * reads no send record or device again.
 */
export interface NewEvents {
  messageId: string;
  deviceId: string;
  newBits: number;
  day: string;
  country: string;
  appVersion: string;
  receivedAt: Date | null;
  showFailedReason: number | null;
}

/**
 * The statistics' queue of counted events as SQL (their port, DeviceCounters.queueEventsSql): given the name of a CTE
 * of the events newly set on dispatched sends — columns message_id, device_id, new_bits, day (date), country,
 * app_version, received_at, reason — one more CTE (`name AS (…)`) that queues them, in the flush's own statement.
 */
export type EventQueueSql = (source: string) => string;

/**
 * The statistics' count of new and active devices as SQL (their port, DeviceCounters.activitySql): given the name of a
 * CTE of the devices a registration or heartbeat flush touched — columns "appId", country, "appVersion", inserted,
 * "lastActiveBefore" — one more CTE (`name AS (…)`) that counts them, in the flush's own statement.
 */
export type ActivitySql = (source: string) => string;

/** An event row that counted nothing (no dispatched send record for it): kept for troubleshooting. */
export interface StrayEventRow {
  appId: number;
  gaid: string;
  messageId: string;
  mask: number;
}

/** What a batch of events did: how many sends got new bits (queued for counting), the input rows with no dispatched send. */
export interface AppliedEvents {
  counted: number;
  stray: StrayEventRow[];
}

/** A device a registration or heartbeat touched (the statistics count new and daily active devices from it). */
export interface TouchedDevice {
  appId: number;
  gaid: string;
  deviceId: string;
  country: string;
  appVersion: string;
  inserted: boolean;
  lastActiveBefore: Date | null;
}

/** Invalid reasons stored on the device row (the time-based ones are derived when read). */
export const InvalidReason = {
  NONE: 0,
  NOTIFICATIONS_OFF: 1,
  NEW_DEVICE: 2,
  UNINSTALLED: 3,
  INACTIVE: 4,
} as const;

/** A transaction the device writes and the statistics counters of one flush share. */
export type Tx = Queryable;

/** The device store: batched, set-based writes (one statement per batch, never one per device). */
export class DevicesRepository {
  constructor(private readonly database: Database) {}

  /** Whether transactions run in parallel (PostgreSQL's pool), so that flushes may overlap; PGlite runs one at a time. */
  get parallelTransactions(): boolean {
    return this.database.kind === 'postgres';
  }

  /** Runs a flush's writes in one transaction (the device rows and the counters they feed). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.database.transaction(fn);
  }

  /**
   * Upserts devices by (app, gaid) and their tokens; returns the devices touched (new or not, active before when),
   * counted in the same statement by `activity` (the statistics' CTE; none: not counted).
   */
  async register(
    rows: RegisterRow[],
    q: Queryable = this.database,
    activity?: ActivitySql,
  ): Promise<TouchedDevice[]> {
    if (rows.length === 0) return [];
    const col = <K extends keyof DeviceRegister>(k: K) => rows.map((r) => r.device[k]);
    return q.query<TouchedDevice>(
      `WITH input AS (
         SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::smallint[],
                              $8::text[], $9::int[], $10::text[], $11::text[], $12::smallint[], $13::boolean[], $14::text[])
           AS t(app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, operator,
                timezone, utc_offset_min, notifications_enabled, token)
       ), old AS (
         -- locked in (app, gaid) order, the order of the input (DevicesService sorts it) in which the upsert locks them,
         -- so concurrent flushes wait for each other and never deadlock
         SELECT d.id, d.last_active_at FROM devices d JOIN input ON input.app_id = d.app_id AND input.gaid = d.gaid
         ORDER BY d.app_id, d.gaid
         FOR UPDATE OF d
       ), up AS (
         INSERT INTO devices AS d (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                                   operator, timezone, utc_offset_min, notifications_enabled, status, invalid_reason)
         SELECT app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, operator, timezone,
                utc_offset_min, notifications_enabled,
                CASE WHEN notifications_enabled THEN 1 ELSE 2 END, CASE WHEN notifications_enabled THEN 0 ELSE 1 END
         FROM input
         ON CONFLICT (app_id, gaid) DO UPDATE SET
           country = EXCLUDED.country, language = EXCLUDED.language, brand = EXCLUDED.brand, model = EXCLUDED.model,
           os_version = EXCLUDED.os_version, app_version = EXCLUDED.app_version,
           app_version_code = EXCLUDED.app_version_code, operator = EXCLUDED.operator, timezone = EXCLUDED.timezone,
           utc_offset_min = EXCLUDED.utc_offset_min, notifications_enabled = EXCLUDED.notifications_enabled,
           status = EXCLUDED.status, invalid_reason = EXCLUDED.invalid_reason,
           last_active_at = now(), app_active_at = now()
         RETURNING d.id, d.app_id, d.gaid, d.country, d.app_version, (d.xmax = 0) AS inserted
       ), tok AS (
         INSERT INTO device_tokens AS k (device_id, token)
         SELECT up.id, input.token FROM up JOIN input ON input.app_id = up.app_id AND input.gaid = up.gaid
         ON CONFLICT (device_id) DO UPDATE SET token = EXCLUDED.token, updated_at = now()
       ), touched AS (
         SELECT up.app_id AS "appId", up.gaid::text AS gaid, up.id::text AS "deviceId", up.country,
                up.app_version AS "appVersion", up.inserted, old.last_active_at AS "lastActiveBefore"
         FROM up LEFT JOIN old ON old.id = up.id
       )${activity ? `, ${activity('touched')}` : ''}
       SELECT * FROM touched`,
      [
        rows.map((r) => r.appId),
        col('gaid'),
        col('country'),
        col('language'),
        col('brand'),
        col('model'),
        col('osVersion'),
        col('appVersion'),
        col('appVersionCode'),
        col('operator'),
        col('timezone'),
        rows.map((r) => r.utcOffsetMin),
        col('notificationsEnabled'),
        col('token'),
      ],
      { prepared: true },
    );
  }

  /** Marks devices active and records their notification switch; returns the devices found, counted by `activity`. */
  async heartbeat(
    rows: HeartbeatRow[],
    q: Queryable = this.database,
    activity?: ActivitySql,
  ): Promise<TouchedDevice[]> {
    if (rows.length === 0) return [];
    return q.query<TouchedDevice>(
      `WITH v AS (SELECT * FROM unnest($1::int[], $2::uuid[], $3::boolean[]) AS t(app_id, gaid, enabled)),
       old AS (
         SELECT d.id, d.last_active_at FROM devices d JOIN v ON v.app_id = d.app_id AND v.gaid = d.gaid FOR UPDATE OF d
       ), dev AS (
         UPDATE devices d SET notifications_enabled = v.enabled, last_active_at = now(), app_active_at = now(),
           status = CASE WHEN v.enabled THEN (CASE WHEN d.invalid_reason = 1 THEN 1 ELSE d.status END) ELSE 2 END,
           invalid_reason = CASE WHEN v.enabled THEN (CASE WHEN d.invalid_reason = 1 THEN 0 ELSE d.invalid_reason END) ELSE 1 END
         FROM v WHERE d.app_id = v.app_id AND d.gaid = v.gaid
         RETURNING d.id, d.app_id, d.gaid, d.country, d.app_version
       ), apps_touched AS (
         UPDATE apps SET last_active_at = now() WHERE id IN (SELECT DISTINCT app_id FROM dev)
       ), touched AS (
         SELECT dev.app_id AS "appId", dev.gaid::text AS gaid, dev.id::text AS "deviceId", dev.country,
                dev.app_version AS "appVersion", false AS inserted, old.last_active_at AS "lastActiveBefore"
         FROM dev LEFT JOIN old ON old.id = dev.id
       )${activity ? `, ${activity('touched')}` : ''}
       SELECT * FROM touched`,
      [rows.map((r) => r.appId), rows.map((r) => r.gaid), rows.map((r) => r.notificationsEnabled)],
      { prepared: true },
    );
  }

  /**
   * Moves the last-active time of devices that reported events (app activity, as a heartbeat is), at most once per
   * `everySeconds` per device and always on a device's first call of a UTC day, counted by `activity` as a heartbeat
   * is (a device active today is one active device of the day, whichever call came first). A device another flush
   * holds locked is skipped (SKIP LOCKED: that flush is a registration or heartbeat setting the same time), so a touch
   * never waits and never deadlocks with them.
   */
  async touch(
    rows: Array<{ appId: number; gaid: string }>,
    everySeconds: number,
    q: Queryable = this.database,
    activity?: ActivitySql,
  ): Promise<TouchedDevice[]> {
    if (rows.length === 0) return [];
    return q.query<TouchedDevice>(
      `WITH v AS (SELECT * FROM unnest($1::int[], $2::uuid[]) AS t(app_id, gaid)),
       old AS (
         SELECT d.id, d.last_active_at FROM devices d JOIN v ON v.app_id = d.app_id AND v.gaid = d.gaid
         WHERE d.last_active_at IS NULL OR d.last_active_at < now() - make_interval(secs => $3)
            OR (d.last_active_at AT TIME ZONE 'UTC')::date < (now() AT TIME ZONE 'UTC')::date
         ORDER BY d.id FOR UPDATE OF d SKIP LOCKED
       ), dev AS (
         UPDATE devices d SET last_active_at = now() FROM old WHERE d.id = old.id
         RETURNING d.id, d.app_id, d.gaid, d.country, d.app_version
       ), touched AS (
         SELECT dev.app_id AS "appId", dev.gaid::text AS gaid, dev.id::text AS "deviceId", dev.country,
                dev.app_version AS "appVersion", false AS inserted, old.last_active_at AS "lastActiveBefore"
         FROM dev JOIN old ON old.id = dev.id
       )${activity ? `, ${activity('touched')}` : ''}
       SELECT * FROM touched`,
      [rows.map((r) => r.appId), rows.map((r) => r.gaid), everySeconds],
      { prepared: true },
    );
  }

  /**
   * Sets event bits on the send records of (message, device) that FCM accepted; events for messages the device was
   * never dispatched (never targeted, filtered, lost, still waiting) are ignored, so reach ≤ dispatched holds; a
   * click implies a show and a show a receipt; bits already set make repeats no-ops. The bits newly set on dispatched
   * sends go, in the same statement, to `queue` (the statistics' queue CTE; none: not counted); returns how many
   * there were and the input rows that found no dispatched send (kept as strays).
   *
   * One statement, linear in the batch: the UPDATE itself writes the bits it newly sets (`new_bits`, from the row as
   * it was) and returns them, so no step reads and locks the send records before; it meets them in key order (the
   * input sorted by message and device, materialized, drives the update), so concurrent flushes touching the same
   * rows wait for each other rather than deadlock (and a deadlock, should a plan ever differ, fails the flush, which
   * the batcher retries in halves).
   */
  async applyEvents(
    rows: EventRow[],
    q: Queryable = this.database,
    queue?: EventQueueSql,
  ): Promise<AppliedEvents> {
    if (rows.length === 0) return { counted: 0, stray: [] };
    const out = await q.query<{ ord: number; fresh: boolean }>(
      `WITH v AS MATERIALIZED (
         -- a click implies the notification was shown, and a show that it was received (show ≤ reach, click ≤ show)
         SELECT t.ord, d.id AS device_id, d.country, d.app_version, t.message_id,
                t.mask | CASE WHEN t.mask & 4 > 0 THEN 3 WHEN t.mask & 2 > 0 THEN 1 ELSE 0 END AS mask,
                COALESCE(t.received_at, t.shown_at, t.clicked_at) AS received_at,
                COALESCE(t.shown_at, t.clicked_at) AS shown_at, t.clicked_at, t.reason
         FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::smallint[], $5::timestamptz[], $6::timestamptz[],
                     $7::timestamptz[], $8::smallint[]) WITH ORDINALITY
           AS t(app_id, gaid, message_id, mask, received_at, shown_at, clicked_at, reason, ord)
         JOIN devices d ON d.app_id = t.app_id AND d.gaid = t.gaid
         ORDER BY t.message_id, d.id
       ), up AS (
         -- dispatched only: a device the message never reached cannot have received it
         UPDATE send_records s SET
           event_mask = s.event_mask | v.mask,
           new_bits = v.mask & ~s.event_mask,
           received_at = COALESCE(s.received_at, v.received_at),
           shown_at = COALESCE(s.shown_at, v.shown_at),
           clicked_at = COALESCE(s.clicked_at, v.clicked_at),
           show_failed_reason = COALESCE(s.show_failed_reason, v.reason)
         FROM v
         WHERE s.message_id = v.message_id AND s.device_id = v.device_id AND s.outcome = ${SendOutcome.DISPATCHED}
           -- the batch's messages, known when the statement starts: only their partitions are read (send_records is
           -- partitioned by message id, migration 0027), not every partition's index for each event
           AND s.message_id = ANY ($9::bigint[])
         RETURNING v.ord, s.message_id, s.device_id, s.new_bits::int AS new_bits,
                   (s.sent_at AT TIME ZONE 'UTC')::date AS day, v.country, v.app_version, s.received_at,
                   s.show_failed_reason AS reason
       )${queue ? `, fresh AS (SELECT * FROM up WHERE new_bits <> 0), ${queue('fresh')}` : ''}
       -- every dispatched row of the input (the others are strays), and whether it set new bits
       SELECT ord::int, new_bits <> 0 AS fresh FROM up`,
      [
        rows.map((r) => r.appId),
        rows.map((r) => r.gaid),
        rows.map((r) => r.messageId),
        rows.map((r) => r.mask),
        rows.map((r) => r.receivedAt),
        rows.map((r) => r.shownAt),
        rows.map((r) => r.clickedAt),
        rows.map((r) => r.showFailedReason),
        [...new Set(rows.map((r) => r.messageId))],
      ],
      { prepared: true },
    );
    const dispatched = new Uint8Array(rows.length);
    let counted = 0;
    for (const a of out) {
      dispatched[a.ord - 1] = 1;
      if (a.fresh) counted++;
    }
    const stray = rows
      .filter((_, i) => dispatched[i] === 0)
      .map((r) => ({ appId: r.appId, gaid: r.gaid, messageId: r.messageId, mask: r.mask }));
    return { counted, stray };
  }

  /** Whether a device with this gaid exists for the app. */
  async exists(appId: number, gaid: string): Promise<boolean> {
    const rows = await this.database.query('SELECT 1 FROM devices WHERE app_id = $1 AND gaid = $2', [
      appId,
      gaid,
    ]);
    return rows.length > 0;
  }
}
