import type { Database } from '../../db/client';
import { BEST_HOUR } from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import {
  abBucketSql,
  bestSlotsQuery,
  holdoutParams,
  holdoutWhenSql,
  type BestHourPlan,
  type Holdout,
} from '../../delivery/engine';

/** One device of the forecast's sample: what the engine's own filters and the platform policies look at. */
export interface ForecastRow {
  id: string;
  country: string;
  language: string;
  appVersion: string;
  invalidReason: number;
  notificationsEnabled: boolean;
  /** the device has no push token (the engine's loss 1 as much as an uninstall) */
  noToken: boolean;
  /** epoch ms */
  lastActiveAt: number;
  /** epoch ms: when its token was last registered (null: no token) */
  tokenUpdatedAt?: number | null;
  brand: string;
  model: string;
  utcOffsetMin: number;
  /** epoch ms */
  firstSeenAt: number;
  /** its learned best local hour (null: too little history) */
  bestHour?: number | null;
  /** its bucket of a best-hour control split (0–9,999; the page's `bucketSeed`), else absent */
  bucket?: number;
  /** the loss of the holdout that takes it (113, 114; the page's `holdouts`), 0 none; absent without holdouts */
  held?: number;
}

/** The devices the forecast before send evaluates: the audience estimate's sample (or whole audience), by id. */
export class MessagesForecastRepository {
  constructor(private readonly database: Pick<Database, 'query'>) {}

  /**
   * One keyset page of the sample's devices after `afterId`, in id order; with `bucketSeed`, each device's bucket of a
   * best-hour control split seeded so (audience-source abBucketSql); with `holdouts`, the loss of the one that holds
   * it out (the engine's page expression, holdoutWhenSql).
   */
  async page(
    sample: CompiledAudience,
    afterId: string,
    limit: number,
    bucketSeed?: number,
    holdouts: readonly Holdout[] = [],
  ): Promise<ForecastRow[]> {
    const a = sample.alias;
    const n = sample.params.length;
    const seeded = bucketSeed === undefined ? [] : [bucketSeed];
    const bucket =
      bucketSeed === undefined ? '' : `, ${abBucketSql(`${a}.id`, `$${n + 3}::bigint`)} AS bucket`;
    const held = holdouts.length
      ? `, CASE ${holdoutWhenSql(holdouts, `${a}.id`, n + 3 + seeded.length)} ELSE 0 END AS held`
      : '';
    return this.database.query<ForecastRow>(
      `SELECT ${a}.id::text AS id, ${a}.country, ${a}.language, ${a}.app_version AS "appVersion",
         ${a}.invalid_reason AS "invalidReason", ${a}.notifications_enabled AS "notificationsEnabled",
         (k.token IS NULL) AS "noToken", (extract(epoch FROM ${a}.last_active_at) * 1000)::float8 AS "lastActiveAt",
         (extract(epoch FROM k.updated_at) * 1000)::float8 AS "tokenUpdatedAt",
         ${a}.brand, ${a}.model, ${a}.utc_offset_min AS "utcOffsetMin",
         (extract(epoch FROM ${a}.first_seen_at) * 1000)::float8 AS "firstSeenAt", ${a}.best_hour AS "bestHour"${bucket}${held}
       FROM devices ${a} LEFT JOIN device_tokens k ON k.device_id = ${a}.id
       WHERE ${sample.sql} AND ${a}.id > $${n + 1}::bigint
       ORDER BY ${a}.id LIMIT $${n + 2}::int`,
      [...sample.params, afterId, limit, ...seeded, ...holdoutParams(holdouts)],
    );
  }

  /** The UTC offsets of the sample's devices (the local-time waves they fall in). */
  async offsets(sample: CompiledAudience): Promise<number[]> {
    const a = sample.alias;
    const rows = await this.database.query<{ o: number }>(
      `SELECT DISTINCT ${a}.utc_offset_min AS o FROM devices ${a} WHERE ${sample.sql}`,
      sample.params,
    );
    return rows.map((r) => r.o);
  }

  /**
   * What paces and places an app's best-hour sends: its best hour (the fallback of devices with too little history)
   * and its FCM quota a minute (its Firebase project's smallest).
   */
  async bestHourSetting(appId: number): Promise<{ fallbackHour: number; quotaPerMin: number }> {
    const [app] = await this.database.query<{ hour: number | null; quota: number }>(
      `SELECT (SELECT h.hour FROM app_hours h WHERE h.app_id = a.id AND h.weight > 0 ORDER BY h.weight DESC, h.hour LIMIT 1) AS hour,
              CASE WHEN a.firebase_project_id = '' THEN a.fcm_quota_per_min
                   ELSE (SELECT min(x.fcm_quota_per_min) FROM apps x WHERE x.firebase_project_id = a.firebase_project_id)
              END AS quota
       FROM apps a WHERE a.id = $1`,
      [appId],
    );
    return { fallbackHour: app?.hour ?? BEST_HOUR.defaultHour, quotaPerMin: app?.quota ?? 0 };
  }

  /**
   * A best-hour plan of the sample (scheduler.ts planBestHourWaves' counts): its devices by the minutes until their best
   * hour, and the control group's.
   */
  async bestHour(
    sample: CompiledAudience,
    plan: BestHourPlan,
  ): Promise<{ slots: Array<{ minutes: number; devices: number }>; control: number }> {
    const q = bestSlotsQuery(sample, plan);
    const rows = await this.database.query<{ minutes: number | null; devices: number }>(q.sql, q.params);
    return {
      slots: rows.flatMap((r) => (r.minutes === null ? [] : [{ minutes: r.minutes, devices: r.devices }])),
      control: rows.find((r) => r.minutes === null)?.devices ?? 0,
    };
  }

  /**
   * The app's settings the engine's own filters apply: its new-device protection (devices first seen within 7 days
   * dropped with 106), its stale limit in days (111; 0 off) and its global control group as stored (113; read through
   * its rule by holdoutsOf) — one read of the app's row.
   */
  async ownRules(appId: number): Promise<{ protectNew: boolean; staleDays: number; controlGroup: unknown }> {
    const [row] = await this.database.query<{
      protectNew: boolean;
      staleDays: number;
      controlGroup: unknown;
    }>(
      `SELECT new_device_protection AS "protectNew", stale_days AS "staleDays", control_group AS "controlGroup"
       FROM apps WHERE id = $1`,
      [appId],
    );
    return row ?? { protectNew: false, staleDays: 0, controlGroup: null };
  }
}
