import type { DeviceRegister } from '@beacon/shared';
import type { Database } from '../../db/client';
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

export interface NewEvents {
  messageId: string;
  deviceId: string;
  newBits: number;
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

  /** Upserts devices by (app, gaid) and their tokens; returns the device ids in input order. */
  async register(rows: RegisterRow[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const col = <K extends keyof DeviceRegister>(k: K) => rows.map((r) => r.device[k]);
    const result = await this.database.query<{ id: string; app_id: number; gaid: string }>(
      `WITH input AS (
         SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::smallint[],
                              $8::text[], $9::int[], $10::text[], $11::text[], $12::smallint[], $13::boolean[], $14::text[])
           AS t(app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, operator,
                timezone, utc_offset_min, notifications_enabled, token)
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
         RETURNING d.id, d.app_id, d.gaid
       ), tok AS (
         INSERT INTO device_tokens AS k (device_id, token)
         SELECT up.id, input.token FROM up JOIN input ON input.app_id = up.app_id AND input.gaid = up.gaid
         ON CONFLICT (device_id) DO UPDATE SET token = EXCLUDED.token, updated_at = now()
       )
       SELECT id::text AS id, app_id, gaid::text AS gaid FROM up`,
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
    );
    const ids = new Map(result.map((r) => [`${r.app_id}:${r.gaid}`, r.id]));
    return rows.map((r) => ids.get(`${r.appId}:${r.device.gaid}`) ?? '');
  }

  /** Marks devices active and records their notification switch; returns which were found, in input order. */
  async heartbeat(rows: HeartbeatRow[]): Promise<boolean[]> {
    if (rows.length === 0) return [];
    const found = await this.database.query<{ app_id: number; gaid: string }>(
      `WITH v AS (SELECT * FROM unnest($1::int[], $2::uuid[], $3::boolean[]) AS t(app_id, gaid, enabled)),
       dev AS (
         UPDATE devices d SET notifications_enabled = v.enabled, last_active_at = now(), app_active_at = now(),
           status = CASE WHEN v.enabled THEN (CASE WHEN d.invalid_reason = 1 THEN 1 ELSE d.status END) ELSE 2 END,
           invalid_reason = CASE WHEN v.enabled THEN (CASE WHEN d.invalid_reason = 1 THEN 0 ELSE d.invalid_reason END) ELSE 1 END
         FROM v WHERE d.app_id = v.app_id AND d.gaid = v.gaid
         RETURNING d.app_id, d.gaid::text AS gaid
       ), apps_touched AS (
         UPDATE apps SET last_active_at = now() WHERE id IN (SELECT DISTINCT app_id FROM dev)
       )
       SELECT app_id, gaid FROM dev`,
      [rows.map((r) => r.appId), rows.map((r) => r.gaid), rows.map((r) => r.notificationsEnabled)],
    );
    const set = new Set(found.map((f) => `${f.app_id}:${f.gaid}`));
    return rows.map((r) => set.has(`${r.appId}:${r.gaid}`));
  }

  /**
   * Sets event bits on the send records of (message, device) that FCM accepted; events for messages the device was
   * never dispatched (never targeted, filtered, lost, still waiting) are ignored, so reach ≤ dispatched holds; a
   * click implies a show and a show a receipt; bits already set make repeats no-ops. Returns the bits that were new.
   */
  async applyEvents(rows: EventRow[]): Promise<NewEvents[]> {
    if (rows.length === 0) return [];
    return this.database.query<NewEvents>(
      `WITH v AS (
         -- a click implies the notification was shown, and a show that it was received (show ≤ reach, click ≤ show)
         SELECT d.id AS device_id, t.message_id,
                t.mask | CASE WHEN t.mask & 4 > 0 THEN 3 WHEN t.mask & 2 > 0 THEN 1 ELSE 0 END AS mask,
                COALESCE(t.received_at, t.shown_at, t.clicked_at) AS received_at,
                COALESCE(t.shown_at, t.clicked_at) AS shown_at, t.clicked_at, t.reason
         FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::smallint[], $5::timestamptz[], $6::timestamptz[],
                     $7::timestamptz[], $8::smallint[])
           AS t(app_id, gaid, message_id, mask, received_at, shown_at, clicked_at, reason)
         JOIN devices d ON d.app_id = t.app_id AND d.gaid = t.gaid
       ), old AS (
         SELECT s.message_id, s.device_id, s.event_mask AS old_mask
         FROM send_records s JOIN v ON v.message_id = s.message_id AND v.device_id = s.device_id
         -- dispatched only: a device the message never reached cannot have received it
         WHERE s.outcome = ${SendOutcome.DISPATCHED}
         FOR UPDATE OF s
       )
       UPDATE send_records s SET
         event_mask = s.event_mask | v.mask,
         received_at = COALESCE(s.received_at, v.received_at),
         shown_at = COALESCE(s.shown_at, v.shown_at),
         clicked_at = COALESCE(s.clicked_at, v.clicked_at),
         show_failed_reason = COALESCE(s.show_failed_reason, v.reason)
       FROM v JOIN old ON old.message_id = v.message_id AND old.device_id = v.device_id
       WHERE s.message_id = v.message_id AND s.device_id = v.device_id AND (v.mask & ~old.old_mask) <> 0
       RETURNING s.message_id::text AS "messageId", s.device_id::text AS "deviceId", (v.mask & ~old.old_mask)::int AS "newBits"`,
      [
        rows.map((r) => r.appId),
        rows.map((r) => r.gaid),
        rows.map((r) => r.messageId),
        rows.map((r) => r.mask),
        rows.map((r) => r.receivedAt),
        rows.map((r) => r.shownAt),
        rows.map((r) => r.clickedAt),
        rows.map((r) => r.showFailedReason),
      ],
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
