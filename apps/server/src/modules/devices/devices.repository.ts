import type { DeviceRegister } from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';

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

/**
 * The statistics' count of new and active devices as SQL (their port, DeviceCounters.activitySql): given the name of a
 * CTE of the devices a registration or heartbeat flush touched — columns "appId", country, "appVersion", inserted,
 * "lastActiveBefore" — one more CTE (`name AS (…)`) that counts them, in the flush's own statement.
 */
export type ActivitySql = (source: string) => string;

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

/** The device store: batched, set-based writes (one statement per batch, never one per device). */
export class DevicesRepository {
  constructor(private readonly database: Database) {}

  /** Whether transactions run in parallel (PostgreSQL's pool), so that flushes may overlap; PGlite runs one at a time. */
  get parallelTransactions(): boolean {
    return this.database.kind === 'postgres';
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
         -- reads (and locks) \`old\` before the first row is written: a row-locking CTE read after the upsert changed a
         -- row would skip it, and a registration of a device active today would count as its first activity of the day
         WHERE (SELECT count(*) FROM old) >= 0
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
         -- locked in (app, gaid) order, as registrations and the users' writes lock them: never a deadlock between them.
         -- The update reads its rows from here, so they are read (and locked) before it changes them: a row-locking CTE
         -- read only after the update would skip the rows the update changed, and every call would look like the
         -- device's first of the day
         SELECT d.id, d.last_active_at, v.enabled FROM devices d JOIN v ON v.app_id = d.app_id AND v.gaid = d.gaid
         ORDER BY d.app_id, d.gaid FOR UPDATE OF d
       ), dev AS (
         UPDATE devices d SET notifications_enabled = old.enabled, last_active_at = now(), app_active_at = now(),
           status = CASE WHEN old.enabled THEN (CASE WHEN d.invalid_reason = 1 THEN 1 ELSE d.status END) ELSE 2 END,
           invalid_reason = CASE WHEN old.enabled THEN (CASE WHEN d.invalid_reason = 1 THEN 0 ELSE d.invalid_reason END) ELSE 1 END
         FROM old WHERE d.id = old.id
         RETURNING d.id, d.app_id, d.gaid, d.country, d.app_version, old.last_active_at AS before
       ), apps_touched AS (
         UPDATE apps SET last_active_at = now() WHERE id IN (SELECT DISTINCT app_id FROM dev)
       ), touched AS (
         SELECT dev.app_id AS "appId", dev.gaid::text AS gaid, dev.id::text AS "deviceId", dev.country,
                dev.app_version AS "appVersion", false AS inserted, dev.before AS "lastActiveBefore"
         FROM dev
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

  /** Whether a device with this gaid exists for the app. */
  async exists(appId: number, gaid: string): Promise<boolean> {
    const rows = await this.database.query('SELECT 1 FROM devices WHERE app_id = $1 AND gaid = $2', [
      appId,
      gaid,
    ]);
    return rows.length > 0;
  }
}
