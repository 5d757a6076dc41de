import { dailyWindow, MessageType, type Condition, type WindowCap } from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import type { Database } from '../../db/client';
import { beyondRetention } from '../../db/partitions';
import { capCounts, fcmNameOf, SendOutcome, windowCapsFor } from '../../delivery/engine';
import { readGlobalSettings } from '../../platform/platform-settings';
import {
  dailyLimitsOf,
  KIND_OPTION,
  loadPolicySnapshot,
  type PolicySnapshot,
  type SentToday,
} from '../../policy';

/** A device as the filter stage sees it (engine PageDevice columns). */
export interface TraceDevice {
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
  hasToken: boolean;
  /** when its token was last registered (null: no token) */
  tokenUpdatedAt: Date | null;
  /** its app's stale limit in days, 0 off (loss 111) */
  staleDays: number;
}

export interface TraceMessage {
  id: number;
  title: string;
  status: number;
  targetingType: number;
  conditions: Condition[];
  groupId: number | null;
  userIds: string[];
  scheduleType: number;
  restrictType: number;
  /** 1 notification, 2 cross: the kind of the app's frequency caps it counts under */
  msgType: number;
  ttlSeconds: number;
  pushCount: number;
  selectedCount: number;
  createdAt: Date;
  startedAt: Date | null;
  /** a journey's later step: its audience is the members its transition wrote (journey_members) */
  journeyGated: boolean;
  journeyEntered: boolean;
}

export interface TraceRecord {
  outcome: number;
  lossCode: number;
  fcmName: string | null;
  attempts: number;
  sentAt: Date | null;
  eventMask: number;
  receivedAt: Date | null;
  shownAt: Date | null;
  clickedAt: Date | null;
  showFailedReason: number | null;
}

export interface TraceWave {
  utcOffsetMin: number | null;
  runAt: Date;
  status: number;
}

const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** What troubleshooting by message reads: the device, the message, its waves, the send record and the policies. */
export class TroubleshootingMessageRepository {
  constructor(private readonly database: Database) {}

  async device(appId: number, gaid: string): Promise<TraceDevice | undefined> {
    const [row] = await this.database.query<TraceDevice>(
      `SELECT d.id::text AS id, d.country, d.brand, d.model, d.language, d.app_version AS "appVersion", d.utc_offset_min AS "utcOffsetMin",
              d.first_seen_at AS "firstSeenAt", d.last_active_at AS "lastActiveAt", d.notifications_enabled AS "notificationsEnabled",
              d.invalid_reason AS "invalidReason", (k.device_id IS NOT NULL) AS "hasToken", k.updated_at AS "tokenUpdatedAt",
              a.stale_days AS "staleDays"
       FROM devices d JOIN apps a ON a.id = d.app_id LEFT JOIN device_tokens k ON k.device_id = d.id
       WHERE d.app_id = $1 AND d.gaid = $2::uuid`,
      [appId, gaid],
    );
    return (
      row && {
        ...row,
        firstSeenAt: date(row.firstSeenAt) as Date,
        lastActiveAt: date(row.lastActiveAt) as Date,
        tokenUpdatedAt: date(row.tokenUpdatedAt),
      }
    );
  }

  async message(appId: number, id: number): Promise<TraceMessage | undefined> {
    const [row] = await this.database.query<TraceMessage>(
      `SELECT m.id::int AS id, m.title, m.status, m.targeting_type AS "targetingType", m.conditions, m.group_id AS "groupId",
              m.user_ids AS "userIds", m.schedule_type AS "scheduleType", m.restrict_type AS "restrictType", m.msg_type AS "msgType", m.ttl_seconds AS "ttlSeconds", m.push_count AS "pushCount",
              m.selected_count AS "selectedCount", m.created_at AS "createdAt", m.started_at AS "startedAt",
              m.journey_gated AS "journeyGated", m.journey_entered_at IS NOT NULL AS "journeyEntered"
       FROM messages m WHERE m.app_id = $1 AND m.id = $2 AND NOT m.deleted`,
      [appId, id],
    );
    return row && { ...row, createdAt: date(row.createdAt) as Date, startedAt: date(row.startedAt) };
  }

  async groupConditions(appId: number, groupId: number): Promise<Condition[] | undefined> {
    const [row] = await this.database.query<{ conditions: Condition[] }>(
      'SELECT conditions FROM user_groups WHERE id = $1 AND app_id = $2',
      [groupId, appId],
    );
    return row?.conditions;
  }

  /** Whether the device is a member of a journey step (its transition put it in that step's branch). */
  async journeyMember(stepId: number, deviceId: string): Promise<boolean> {
    const rows = await this.database.query(
      'SELECT 1 FROM journey_members WHERE step_id = $1 AND device_id = $2::bigint',
      [stepId, deviceId],
    );
    return rows.length > 0;
  }

  /** Whether the device is in the audience. */
  async matches(audience: CompiledAudience, deviceId: string): Promise<boolean> {
    const n = audience.params.length + 1;
    const rows = await this.database.query(
      `SELECT 1 FROM devices d WHERE ${audience.sql} AND d.id = $${n}::bigint`,
      [...audience.params, deviceId],
    );
    return rows.length > 0;
  }

  async record(messageId: number, deviceId: string): Promise<TraceRecord | undefined> {
    const [row] = await this.database.query<TraceRecord>(
      // FCM's name is stored packed, without the app's project (migration 0039): rebuilt here exactly as FCM gave it
      `SELECT s.outcome, s.loss_code AS "lossCode", ${fcmNameOf('s', 'a')} AS "fcmName", s.attempts, s.sent_at AS "sentAt",
              s.event_mask AS "eventMask", s.received_at AS "receivedAt", s.shown_at AS "shownAt", s.clicked_at AS "clickedAt",
              s.show_failed_reason AS "showFailedReason"
       FROM send_record_events s JOIN messages m ON m.id = s.message_id JOIN apps a ON a.id = m.app_id
       WHERE s.message_id = $1 AND s.device_id = $2::bigint
       UNION ALL
       -- its page is being sent: in the page's intent, its result not yet recorded (migration 0035)
       SELECT ${SendOutcome.IN_FLIGHT}, 0, NULL, 0, NULL, 0, NULL, NULL, NULL, NULL FROM send_intents
       WHERE message_id = $1 AND $2::bigint = ANY(device_ids)
         AND NOT EXISTS (SELECT 1 FROM send_records WHERE message_id = $1 AND device_id = $2::bigint)
       LIMIT 1`,
      [messageId, deviceId],
    );
    return (
      row && {
        ...row,
        sentAt: date(row.sentAt),
        receivedAt: date(row.receivedAt),
        shownAt: date(row.shownAt),
        clickedAt: date(row.clickedAt),
      }
    );
  }

  /** Whether the message's send records were dropped by the retention (BEACON_RETENTION_DAYS, db/partitions.ts). */
  beyondRetention(messageId: number): Promise<boolean> {
    return beyondRetention(this.database, messageId);
  }

  async waves(messageId: number): Promise<TraceWave[]> {
    const rows = await this.database.query<TraceWave>(
      'SELECT utc_offset_min AS "utcOffsetMin", run_at AS "runAt", status FROM message_waves WHERE message_id = $1 ORDER BY run_at, id',
      [messageId],
    );
    return rows.map((w) => ({ ...w, runAt: date(w.runAt) as Date }));
  }

  /**
   * The app's frequency caps of the message type and what the device holds against each at `now` (policy-binding.ts:
   * its dispatched sends of the kind within the window and its open ones), by window (days); `deviceId` null: the caps
   * only.
   */
  async frequencyCaps(
    appId: number,
    msgType: number,
    deviceId: string | null,
    now: Date,
  ): Promise<{ caps: WindowCap[]; held: Map<number, number> }> {
    const caps = await windowCapsFor(this.database, appId, msgType);
    if (caps.length === 0 || deviceId === null) return { caps, held: new Map<number, number>() };
    const counts = await capCounts(
      this.database,
      appId,
      msgType,
      [deviceId],
      caps.map((c) => c.windowDays),
      now.getTime(),
    );
    return { caps, held: counts.get(deviceId) ?? new Map<number, number>() };
  }

  /**
   * The policy snapshot the filter stage would use (policy-binding.ts: the daily limits only when the global limit
   * switch is on) and what the device was sent today by kind, for the per-user daily limits.
   */
  async policies(
    appId: number,
    deviceId: string,
    now: Date,
  ): Promise<{ snapshot: PolicySnapshot; sentToday: SentToday }> {
    const settings = await readGlobalSettings(this.database);
    const dailyLimits = dailyLimitsOf(settings);
    const snapshot = await loadPolicySnapshot(this.database, appId, { dailyLimits });
    const sentToday: SentToday = { total: 0, ad: 0, distribute: 0, content: 0 };
    if (!dailyLimits) return { snapshot, sentToday };
    const rows = await this.database.query<{ kind: 1 | 2 | 3; n: number }>(
      `SELECT m.restrict_type AS kind, count(*)::int AS n FROM send_records s JOIN messages m ON m.id = s.message_id
       WHERE s.device_id = $1::bigint AND s.outcome = ${SendOutcome.DISPATCHED} AND s.sent_at >= $2
         AND m.msg_type IN (${MessageType.NOTIFICATION}, ${MessageType.PASS_THROUGH}) GROUP BY 1`,
      [deviceId, dailyWindow(settings, now).start],
    );
    for (const r of rows) {
      sentToday.total += r.n;
      const name = KIND_OPTION[r.kind];
      if (name) sentToday[name] += r.n;
    }
    return { snapshot, sentToday };
  }
}
