import {
  BEST_HOUR,
  MessageStatus as S,
  type Condition,
  type MultiLangEntry,
  type NationalAttributes,
} from '@beacon/shared';
import type { Database } from '../../db/client';
import { beyondRetention } from '../../db/partitions';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { bestSlotsQuery, type AudienceSplit, type BestHourPlan } from './audience-source';
import { BatchStatus, OPEN_WAVES, WaveStatus } from './kinds';

export interface EngineMessage {
  id: number;
  appId: number;
  msgType: number;
  status: number;
  pkg: string;
  ttlSeconds: number;
  speedLimit: number;
  restrictType: number;
  pushCount: number;
  selectedCount: number;
  scheduleType: number;
  createdAt: Date;
  startedAt: Date | null;
  data: Record<string, unknown>;
  multiLangEnable: boolean;
  multiLangContent: MultiLangEntry[];
  targetingType: number;
  conditions: Condition[];
  groupId: number | null;
  userIds: string[];
  parentMsgId: number | null;
  /** the app's new-device protection (loss 106) */
  newDeviceProtection: boolean;
  /** the app's stale limit in days, 0 off (loss 111) */
  staleDays: number;
  /** an A/B child's slice of the audience */
  split: AudienceSplit | null;
  /** a journey's later step: its audience is the devices its branch took (this message's id in journey_members) */
  journeyStepId: number | null;
  /** an event-started journey's live step: each wave sends to its own members, and it sends until the journey stops */
  journeyLive: boolean;
  /** the app's global control group as stored (issue 34 §1), and the message's transactional origin (null: none) */
  controlGroup: unknown;
  /** the message's own control share (%): that share of its audience held out with loss 114 */
  holdoutShare: number;
  transactionalOf: number | null;
  firebaseJsonEnc: string | null;
  /** the app's Firebase project ('' without credentials) and its FCM quota, messages a minute (the smallest setting of
   * the project's apps: they share one quota) */
  firebaseProjectId: string;
  fcmQuotaPerMin: number;
  /** composed from a material: its national attributes at save time (loss 109); null otherwise */
  materialCountries: NationalAttributes | null;
  /** best hour (schedule type 4): the control share (%), and what its plan fixed (null before it was planned) */
  controlShare: number;
  bestFallbackHour: number | null;
  bestStartMin: number | null;
}

/**
 * The SQL of the share of its quota a Firebase project's senders may use now (`fcm_project_pace` row `p`): its
 * stored factor (halved by each 429, at most once a second, no lower than 5 %) grown back by 2 % a second since it
 * was last written, at most 1.
 */
export const projectRateShare = (p: string): string =>
  `LEAST(1, ${p}.factor + 0.02 * extract(epoch FROM clock_timestamp() - ${p}.touched_at))`;

/** The delivery engine's SQL for messages and waves (batches: batch.repository.ts): set-based, never one statement per device. */
export class EngineRepository {
  constructor(private readonly database: Database) {}

  async message(id: number): Promise<EngineMessage | undefined> {
    const [row] = await this.database.query<EngineMessage>(
      `SELECT m.id::int AS id, m.app_id AS "appId", m.msg_type AS "msgType", m.status, a.pkg, m.ttl_seconds AS "ttlSeconds",
              m.speed_limit AS "speedLimit", m.restrict_type AS "restrictType", m.push_count AS "pushCount",
              m.selected_count AS "selectedCount", m.schedule_type AS "scheduleType", m.created_at AS "createdAt",
              m.started_at AS "startedAt", m.data, m.multi_lang_enable AS "multiLangEnable",
              m.multi_lang_content AS "multiLangContent", m.targeting_type AS "targetingType", m.conditions,
              m.group_id AS "groupId", m.user_ids AS "userIds", m.parent_msg_id::int AS "parentMsgId",
              CASE WHEN m.split_seed IS NULL THEN NULL
                   ELSE json_build_object('seed', m.split_seed, 'from', m.split_from, 'to', m.split_to) END AS split,
              CASE WHEN m.journey_gated THEN m.id::int END AS "journeyStepId", m.journey_live AS "journeyLive",
              a.control_group AS "controlGroup", m.holdout_share AS "holdoutShare", m.transactional_of::int AS "transactionalOf",
              a.new_device_protection AS "newDeviceProtection", a.stale_days AS "staleDays", a.firebase_json_enc AS "firebaseJsonEnc",
              m.material_countries AS "materialCountries", m.control_share AS "controlShare",
              m.best_fallback_hour AS "bestFallbackHour", m.best_start_min AS "bestStartMin", a.firebase_project_id AS "firebaseProjectId",
              CASE WHEN a.firebase_project_id = '' THEN a.fcm_quota_per_min
                   ELSE (SELECT min(x.fcm_quota_per_min) FROM apps x WHERE x.firebase_project_id = a.firebase_project_id)
              END AS "fcmQuotaPerMin"
       FROM messages m JOIN apps a ON a.id = m.app_id WHERE m.id = $1`,
      [id],
    );
    return (
      row && {
        ...row,
        createdAt: new Date(row.createdAt),
        startedAt: row.startedAt && new Date(row.startedAt),
      }
    );
  }

  /** The message's status alone (a batch polls it while it sends). */
  async status(id: number): Promise<number | undefined> {
    const [row] = await this.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [
      id,
    ]);
    return row?.status;
  }

  async groupConditions(appId: number, groupId: number): Promise<Condition[] | undefined> {
    const [row] = await this.database.query<{ conditions: Condition[] }>(
      'SELECT conditions FROM user_groups WHERE id = $1 AND app_id = $2',
      [groupId, appId],
    );
    return row?.conditions;
  }

  async setStatus(id: number, status: number, from?: readonly number[]): Promise<boolean> {
    const rows = await this.database.query(
      `UPDATE messages SET status = $2::smallint, updated_at = now(),
         started_at = CASE WHEN $2::smallint = ${S.SENDING} THEN COALESCE(started_at, now()) ELSE started_at END,
         finished_at = CASE WHEN $2::smallint IN (${S.SENT}, ${S.STOPPED}, ${S.RECALLED}) THEN COALESCE(finished_at, now()) ELSE finished_at END
       WHERE id = $1 ${from ? 'AND status = ANY($3::smallint[])' : ''} RETURNING id`,
      from ? [id, status, from] : [id, status],
    );
    return rows.length > 0;
  }

  async insertWave(
    messageId: number,
    utcOffsetMin: number | null,
    runAt: Date,
    status: WaveStatus,
    /** a best-hour wave (scheduler.ts planBestHourWaves): −1 the control group, else its devices' minutes bound */
    bestMinutes: number | null = null,
  ): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO message_waves (message_id, utc_offset_min, run_at, status, best_minutes) VALUES ($1, $2, $3, $4, $5)
       RETURNING id::int AS id`,
      [messageId, utcOffsetMin, runAt, status, bestMinutes],
    );
    return row?.id ?? 0;
  }

  async wave(id: number) {
    const [row] = await this.database.query<{
      id: number;
      messageId: number;
      utcOffsetMin: number | null;
      bestMinutes: number | null;
      status: number;
      cursor: string;
      runAt: Date;
    }>(
      `SELECT id::int AS id, message_id::int AS "messageId", utc_offset_min AS "utcOffsetMin", best_minutes AS "bestMinutes",
              status, cursor::text AS cursor, run_at AS "runAt"
       FROM message_waves WHERE id = $1`,
      [id],
    );
    return row;
  }

  async waves(messageId: number) {
    return this.database.query<{
      id: number;
      utcOffsetMin: number | null;
      bestMinutes: number | null;
      runAt: Date;
      status: number;
      selected: number;
    }>(
      `SELECT id::int AS id, utc_offset_min AS "utcOffsetMin", best_minutes AS "bestMinutes", run_at AS "runAt", status,
              selected
       FROM message_waves WHERE message_id = $1 ORDER BY run_at, id`,
      [messageId],
    );
  }

  async updateWave(
    id: number,
    patch: { status?: WaveStatus; cursor?: string; selectedDelta?: number },
  ): Promise<void> {
    await this.database.query(
      `UPDATE message_waves SET status = COALESCE($2::smallint, status), cursor = COALESCE($3::bigint, cursor), selected = selected + $4::int WHERE id = $1`,
      [id, patch.status ?? null, patch.cursor ?? null, patch.selectedDelta ?? 0],
    );
  }

  async cancelWaves(messageId: number): Promise<void> {
    await this.database.query(
      `UPDATE message_waves SET status = ${WaveStatus.CANCELLED} WHERE message_id = $1 AND status IN (${OPEN_WAVES})`,
      [messageId],
    );
  }

  /** The distinct UTC offsets present in an audience (one local-time wave each). */
  async offsets(audience: CompiledAudience): Promise<number[]> {
    const rows = await this.database.query<{ o: number }>(
      `SELECT DISTINCT d.utc_offset_min AS o FROM devices d WHERE ${audience.sql} ORDER BY 1`,
      audience.params,
    );
    return rows.map((r) => r.o);
  }

  /**
   * The app's best local hour (@beacon/shared best-hour.ts): the hour of its devices' most weighted shows and clicks
   * (app_hours; the earliest of equal ones), BEST_HOUR.defaultHour without any.
   */
  async appBestHour(appId: number): Promise<number> {
    const [row] = await this.database.query<{ hour: number }>(
      'SELECT hour FROM app_hours WHERE app_id = $1 AND weight > 0 ORDER BY weight DESC, hour LIMIT 1',
      [appId],
    );
    return row?.hour ?? BEST_HOUR.defaultHour;
  }

  /** Fixes a best-hour message's plan: its devices' fallback hour and the UTC minute of the day it counts from. */
  async setBestPlan(messageId: number, fallbackHour: number, startMin: number): Promise<void> {
    await this.database.query(
      'UPDATE messages SET best_fallback_hour = $2, best_start_min = $3 WHERE id = $1',
      [messageId, fallbackHour, startMin],
    );
  }

  /**
   * The devices of a best-hour audience outside the control group by the minutes from the plan's start until their
   * best hour starts (one scan of the audience: one smallint a device, devices.best_hour), and the control group's.
   */
  async bestSlots(
    audience: CompiledAudience,
    plan: BestHourPlan,
  ): Promise<{ slots: Array<{ minutes: number; devices: number }>; control: number }> {
    const q = bestSlotsQuery(audience, plan);
    const rows = await this.database.query<{ minutes: number | null; devices: number }>(q.sql, q.params);
    return {
      slots: rows.flatMap((r) => (r.minutes === null ? [] : [{ minutes: r.minutes, devices: r.devices }])),
      control: rows.find((r) => r.minutes === null)?.devices ?? 0,
    };
  }

  /**
   * Batches of the message's other best-hour waves (not the control group) still reading their audience (not resolved,
   * or held by a sender), planning, or earlier and not yet run (waves overdue together run in their order): while any
   * does, a later wave, which takes every device of its hours not sent yet, waits.
   */
  async bestWavesSending(messageId: number, waveId: number, bestMinutes: number): Promise<number> {
    const rows = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM message_batches b JOIN message_waves w ON w.id = b.wave_id
       WHERE b.message_id = $1 AND b.wave_id <> $2 AND w.best_minutes >= 0 AND b.status = ${BatchStatus.OPEN}
         AND (NOT b.resolved OR b.lease_until > now())
       UNION ALL SELECT count(*)::int FROM message_waves w
       WHERE w.message_id = $1 AND w.id <> $2 AND w.best_minutes >= 0
         AND (w.status = ${WaveStatus.RUNNING} OR (w.status = ${WaveStatus.QUEUED} AND w.best_minutes < $3))`,
      [messageId, waveId, bestMinutes],
    );
    return rows.reduce((n, r) => n + r.n, 0);
  }

  async count(audience: CompiledAudience): Promise<number> {
    const [row] = await this.database.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM devices d WHERE ${audience.sql}`,
      audience.params,
    );
    return Number(row?.n ?? 0);
  }

  /** How many devices an audience has, and its lowest and highest device id (a wave's batch plan). */
  async bounds(audience: CompiledAudience): Promise<{ count: number; minId: number; maxId: number }> {
    const [row] = await this.database.query<{ n: number; lo: string | null; hi: string | null }>(
      `SELECT count(*)::int AS n, min(d.id)::text AS lo, max(d.id)::text AS hi FROM devices d WHERE ${audience.sql}`,
      audience.params,
    );
    return { count: row?.n ?? 0, minId: Number(row?.lo ?? 0), maxId: Number(row?.hi ?? 0) };
  }

  async openWaves(messageId: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM message_waves WHERE message_id = $1 AND status IN (${OPEN_WAVES})`,
      [messageId],
    );
    return row?.n ?? 0;
  }

  /**
   * Reserves the next `spanMs` of a speed-limited message's sending time for the calling process (the pace every
   * process sending it shares, message_pace): the span starts where the last reservation ended, or now if that is
   * past; returns how many ms from now it starts. The database's clock decides, so processes on machines whose clocks
   * differ share one timeline.
   */
  async reservePace(messageId: number, spanMs: number): Promise<number> {
    const [row] = await this.database.query<{ wait: number }>(
      `INSERT INTO message_pace AS p (message_id, next_at)
       VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
       ON CONFLICT (message_id) DO UPDATE
         SET next_at = GREATEST(p.next_at, clock_timestamp()) + make_interval(secs => $2::float8 / 1000)
       RETURNING (extract(epoch FROM p.next_at - clock_timestamp()) * 1000 - $2::float8)::float8 AS wait`,
      [messageId, spanMs],
      { prepared: true },
    );
    return row?.wait ?? 0;
  }

  /**
   * Reserves the next `slots` sends of a Firebase project's FCM quota for the calling process (fcm_project_pace, one
   * timeline per project shared by every sender on every host): the slots take `slots / rate` of the timeline, at the
   * quota lowered by the project's 429s (`factor`, growing back by 2 % a second). Returns when they start (ms from
   * now) and how long they take, and the database's clock when it answered (ProjectQuotas places the span on its own
   * clock with it, not by when the answer happened to be read). The database's clock decides, as for reservePace.
   */
  async reserveProjectPace(
    projectId: string,
    slots: number,
    perMinute: number,
  ): Promise<{ waitMs: number; spanMs: number; dbNowMs: number }> {
    const factorNow = projectRateShare('p');
    const [row] = await this.database.query<{ endMs: number; spanMs: number; dbNowMs: number }>(
      `INSERT INTO fcm_project_pace AS p (project_id, next_at, factor, touched_at)
       VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8 * 60 / $3::float8), 1, clock_timestamp())
       ON CONFLICT (project_id) DO UPDATE
         SET factor = ${factorNow},
             next_at = GREATEST(p.next_at, clock_timestamp())
                       + make_interval(secs => $2::float8 * 60 / ($3::float8 * ${factorNow})),
             touched_at = clock_timestamp()
       RETURNING (extract(epoch FROM p.next_at - clock_timestamp()) * 1000)::float8 AS "endMs",
                 ($2::float8 * 60000 / ($3::float8 * p.factor))::float8 AS "spanMs",
                 (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS "dbNowMs"`,
      [projectId, slots, perMinute],
      { prepared: true },
    );
    return row
      ? { waitMs: row.endMs - row.spanMs, spanMs: row.spanMs, dbNowMs: row.dbNowMs }
      : { waitMs: 0, spanMs: (slots * 60_000) / perMinute, dbNowMs: Date.now() };
  }

  /**
   * A project-quota 429: halves the project's rate for every sender (at most once a second, however many senders
   * saw it; no lower than 5 % of the quota).
   */
  async lowerProjectPace(projectId: string): Promise<void> {
    await this.database.query(
      `UPDATE fcm_project_pace AS p
       SET factor = GREATEST(0.05, ${projectRateShare('p')} * 0.5),
           touched_at = clock_timestamp(), lowered_at = clock_timestamp()
       WHERE project_id = $1 AND (lowered_at IS NULL OR lowered_at < clock_timestamp() - interval '1 second')`,
      [projectId],
    );
  }

  /** Forgets a finished message's pace. */
  async forgetPace(messageId: number): Promise<void> {
    await this.database.query('DELETE FROM message_pace WHERE message_id = $1', [messageId]);
  }

  /** Whether the retention dropped a message's send records, and with them who got it (db/partitions.ts). */
  beyondRetention(messageId: number): Promise<boolean> {
    return beyondRetention(this.database, messageId);
  }
}
