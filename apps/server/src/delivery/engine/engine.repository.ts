import type { Condition, MultiLangEntry } from '@beacon/shared';
import type { Database } from '../../db/client';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { keysetPageQuery } from '../../audience/compile-conditions';

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
  firebaseJsonEnc: string | null;
}

export interface PageDevice {
  id: string;
  country: string;
  brand: string;
  model: string;
  language: string;
  appVersion: string;
  utcOffsetMin: number;
  firstSeenAt: Date;
  lastActiveAt: Date;
  notificationsEnabled: boolean;
  invalidReason: number;
}

export interface ClaimedDevice {
  deviceId: string;
  token: string;
  language: string;
  attempts: number;
}

export interface SendResultRow {
  deviceId: string;
  /** 1 dispatched, 2 lost */
  outcome: 1 | 2;
  lossCode: number;
  fcmName: string | null;
}

const PAGE_COLUMNS = [
  'd.id::text AS id',
  'd.country',
  'd.brand',
  'd.model',
  'd.language',
  'd.app_version AS "appVersion"',
  'd.utc_offset_min AS "utcOffsetMin"',
  'd.first_seen_at AS "firstSeenAt"',
  'd.last_active_at AS "lastActiveAt"',
  'd.notifications_enabled AS "notificationsEnabled"',
  'd.invalid_reason AS "invalidReason"',
];

/** The delivery engine's SQL: set-based, one statement per page or batch, never one per device. */
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
              a.firebase_json_enc AS "firebaseJsonEnc"
       FROM messages m JOIN apps a ON a.id = m.app_id WHERE m.id = $1`,
      [id],
    );
    return row && { ...row, createdAt: new Date(row.createdAt), startedAt: row.startedAt && new Date(row.startedAt) };
  }

  async groupConditions(appId: number, groupId: number): Promise<Condition[] | undefined> {
    const [row] = await this.database.query<{ conditions: Condition[] }>('SELECT conditions FROM user_groups WHERE id = $1 AND app_id = $2', [groupId, appId]);
    return row?.conditions;
  }

  async setStatus(id: number, status: number, from?: readonly number[]): Promise<boolean> {
    const rows = await this.database.query(
      `UPDATE messages SET status = $2::smallint, updated_at = now(),
         started_at = CASE WHEN $2::smallint = 4 THEN COALESCE(started_at, now()) ELSE started_at END,
         finished_at = CASE WHEN $2::smallint IN (1, 3, 8) THEN COALESCE(finished_at, now()) ELSE finished_at END
       WHERE id = $1 ${from ? 'AND status = ANY($3::smallint[])' : ''} RETURNING id`,
      from ? [id, status, from] : [id, status],
    );
    return rows.length > 0;
  }

  async insertWave(messageId: number, utcOffsetMin: number | null, runAt: Date, status: number): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      'INSERT INTO message_waves (message_id, utc_offset_min, run_at, status) VALUES ($1, $2, $3, $4) RETURNING id::int AS id',
      [messageId, utcOffsetMin, runAt, status],
    );
    return row?.id ?? 0;
  }

  async wave(id: number) {
    const [row] = await this.database.query<{ id: number; messageId: number; utcOffsetMin: number | null; status: number; cursor: string; runAt: Date }>(
      `SELECT id::int AS id, message_id::int AS "messageId", utc_offset_min AS "utcOffsetMin", status, cursor::text AS cursor, run_at AS "runAt"
       FROM message_waves WHERE id = $1`,
      [id],
    );
    return row;
  }

  async waves(messageId: number) {
    return this.database.query<{ id: number; utcOffsetMin: number | null; runAt: Date; status: number; selected: number }>(
      `SELECT id::int AS id, utc_offset_min AS "utcOffsetMin", run_at AS "runAt", status, selected FROM message_waves WHERE message_id = $1 ORDER BY run_at, id`,
      [messageId],
    );
  }

  async updateWave(id: number, patch: { status?: number; cursor?: string; selectedDelta?: number }): Promise<void> {
    await this.database.query(
      `UPDATE message_waves SET status = COALESCE($2::smallint, status), cursor = COALESCE($3::bigint, cursor), selected = selected + $4::int WHERE id = $1`,
      [id, patch.status ?? null, patch.cursor ?? null, patch.selectedDelta ?? 0],
    );
  }

  async cancelWaves(messageId: number): Promise<void> {
    await this.database.query('UPDATE message_waves SET status = 4 WHERE message_id = $1 AND status IN (0, 1)', [messageId]);
  }

  /** The distinct UTC offsets present in an audience (one local-time wave each). */
  async offsets(audience: CompiledAudience): Promise<number[]> {
    const rows = await this.database.query<{ o: number }>(
      `SELECT DISTINCT d.utc_offset_min AS o FROM devices d WHERE ${audience.sql} ORDER BY 1`,
      audience.params,
    );
    return rows.map((r) => r.o);
  }

  async count(audience: CompiledAudience): Promise<number> {
    const [row] = await this.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM devices d WHERE ${audience.sql}`, audience.params);
    return Number(row?.n ?? 0);
  }

  async page(audience: CompiledAudience, afterId: string, limit: number): Promise<PageDevice[]> {
    const q = keysetPageQuery(audience, { afterId, limit, columns: PAGE_COLUMNS });
    return this.database.query<PageDevice>(q.sql, q.params);
  }

  /**
   * Records a page's outcome: survivors (loss 0) become send records to dispatch, dropped devices send records
   * with their loss code — both idempotent (a re-run of the page inserts nothing twice). Counts losses.
   */
  async select(messageId: number, rows: Array<{ deviceId: string; lossCode: number }>): Promise<{ selected: number }> {
    if (rows.length === 0) return { selected: 0 };
    const [res] = await this.database.query<{ selected: number }>(
      `WITH ins AS (
         INSERT INTO send_records (message_id, device_id, outcome, loss_code)
         SELECT $1, t.device_id, CASE WHEN t.loss = 0 THEN 0 ELSE 2 END, t.loss
         FROM unnest($2::bigint[], $3::smallint[]) AS t(device_id, loss)
         ON CONFLICT (message_id, device_id) DO NOTHING
         RETURNING outcome, loss_code
       ), losses AS (
         INSERT INTO message_losses (message_id, loss_code, count)
         SELECT $1, loss_code, count(*) FROM ins WHERE outcome = 2 GROUP BY loss_code
         ON CONFLICT (message_id, loss_code) DO UPDATE SET count = message_losses.count + EXCLUDED.count
       ), sel AS (
         UPDATE messages SET selected_count = selected_count + (SELECT count(*) FROM ins WHERE outcome = 0) WHERE id = $1
       )
       SELECT (SELECT count(*) FROM ins WHERE outcome = 0)::int AS selected`,
      [messageId, rows.map((r) => r.deviceId), rows.map((r) => r.lossCode)],
    );
    return { selected: res?.selected ?? 0 };
  }

  /** Marks the batch's unsent devices as in flight and returns them with their tokens (re-claims after a crash). */
  async claim(messageId: number, fromId: number, toId: number): Promise<ClaimedDevice[]> {
    return this.database.query<ClaimedDevice>(
      `UPDATE send_records s SET outcome = 4, attempts = s.attempts + 1
       FROM devices d JOIN device_tokens k ON k.device_id = d.id
       WHERE s.message_id = $1 AND s.device_id BETWEEN $2 AND $3 AND s.outcome IN (0, 4) AND d.id = s.device_id
       RETURNING s.device_id::text AS "deviceId", k.token, d.language, s.attempts`,
      [messageId, fromId, toId],
    );
  }

  /** Records FCM outcomes and counts dispatches and losses per message, country and app version. */
  async record(messageId: number, results: SendResultRow[]): Promise<void> {
    if (results.length === 0) return;
    await this.database.query(
      `WITH r AS (
         SELECT * FROM unnest($2::bigint[], $3::smallint[], $4::smallint[], $5::text[]) AS t(device_id, outcome, loss, name)
       ), upd AS (
         UPDATE send_records s SET outcome = r.outcome, loss_code = r.loss, fcm_name = r.name,
           sent_at = CASE WHEN r.outcome = 1 THEN now() ELSE s.sent_at END
         FROM r WHERE s.message_id = $1 AND s.device_id = r.device_id AND s.outcome = 4
         RETURNING s.device_id, r.outcome, r.loss
       ), dims AS (
         INSERT INTO message_dims (message_id, dimension, key, dispatch)
         SELECT $1, x.dim, x.key, count(*) FROM upd JOIN devices d ON d.id = upd.device_id
           CROSS JOIN LATERAL (VALUES (1::smallint, d.country), (2::smallint, d.app_version)) AS x(dim, key)
         WHERE upd.outcome = 1 GROUP BY x.dim, x.key
         ON CONFLICT (message_id, dimension, key) DO UPDATE SET dispatch = message_dims.dispatch + EXCLUDED.dispatch
       ), losses AS (
         INSERT INTO message_losses (message_id, loss_code, count)
         SELECT $1, loss, count(*) FROM upd WHERE outcome = 2 GROUP BY loss
         ON CONFLICT (message_id, loss_code) DO UPDATE SET count = message_losses.count + EXCLUDED.count
       ), dead AS (
         UPDATE devices SET status = 2, invalid_reason = 3 WHERE id IN (SELECT device_id FROM upd WHERE outcome = 2 AND loss = 1)
       )
       UPDATE messages SET dispatch_count = dispatch_count + (SELECT count(*) FROM upd WHERE outcome = 1), updated_at = now() WHERE id = $1`,
      [messageId, results.map((r) => r.deviceId), results.map((r) => r.outcome), results.map((r) => r.lossCode), results.map((r) => r.fcmName)],
    );
  }

  /** Puts in-flight devices back to be sent again later. */
  async release(messageId: number, deviceIds: string[]): Promise<void> {
    if (deviceIds.length === 0) return;
    await this.database.query('UPDATE send_records SET outcome = 0 WHERE message_id = $1 AND device_id = ANY($2::bigint[]) AND outcome = 4', [
      messageId,
      deviceIds,
    ]);
  }

  async pending(messageId: number): Promise<number> {
    // only "any left?" matters: EXISTS stops at the first row instead of counting a million
    const [row] = await this.database.query<{ n: number }>(
      'SELECT (EXISTS (SELECT 1 FROM send_records WHERE message_id = $1 AND outcome IN (0, 4)))::int AS n',
      [messageId],
    );
    return row?.n ?? 0;
  }

  async openWaves(messageId: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>('SELECT count(*)::int AS n FROM message_waves WHERE message_id = $1 AND status IN (0, 1)', [messageId]);
    return row?.n ?? 0;
  }

  /** Devices that were dispatched a message (for a recall). */
  async dispatchedDeviceIds(messageId: number): Promise<string[]> {
    const rows = await this.database.query<{ id: string }>('SELECT device_id::text AS id FROM send_records WHERE message_id = $1 AND outcome = 1', [messageId]);
    return rows.map((r) => r.id);
  }
}
