import {
  MessageType,
  TRANSACTIONAL_LIMITS,
  type Condition,
  type MessageForecast,
  type MessageListRequest,
  type MessageSave,
  type NationalAttributes,
} from '@beacon/shared';
import type { Database } from '../../db/client';
import { OPEN_OUTCOMES, SendOutcome } from '../../delivery/engine';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { estimateAudience, type AudienceEstimate } from '../../audience/sampled-estimate';

export interface MessageRecord {
  id: number;
  appId: number;
  msgType: number;
  status: number;
  title: string;
  ownerEmail: string;
  data: Record<string, unknown>;
  targetingType: number;
  conditions: Condition[];
  groupId: number | null;
  userIds: string[];
  fileOrigin: string;
  fileLink: string;
  pushCount: number;
  targetCount: number;
  scheduleType: number;
  scheduleLocal: string | null;
  scheduleAt: Date | null;
  scheduleUtc: string;
  ttlSeconds: number;
  speedLimit: number;
  restrictType: number;
  displayPrior: number | null;
  multiLangEnable: boolean;
  multiLangContent: MessageSave['multiLangContent'];
  materialId: number | null;
  parentMsgId: number | null;
  /** an A/B child's tag: A, B, or A* / B* for its "send to all" */
  groupTag: string | null;
  /** an app-group send's group (parent and children), and a child's parent (0022_group-sends.sql) */
  appGroupId: number | null;
  appGroupParentId: number | null;
  rejectReason: string;
  createdAt: Date;
  dispatchCount: number;
  lostCount: number;
  reachCount: number;
  showCount: number;
  clickCount: number;
  conversionCount: number;
  selectedCount: number;
  /** the forecast before send stored at save (null before 0018, previews and recalls) */
  forecast: MessageForecast | null;
  /** 1 when the content came from the AI assistant (statistics modes 2 and 3) */
  contentCreateType: number;
  /** best hour (schedule type 4): the control share (%) */
  controlShare: number;
  holdoutShare: number;
  /** the labels of the conditions it targets with, its user group's for type 3 (TARGET_LABELS_COLUMN) */
  targetLabels: string[];
}

/**
 * The condition labels a message targets with (`m`): its own conditions (type 1) or its user group's (type 3), for
 * `targetsAudiencePackage` (the closed data-platform target, dmp-target.ts). Only the labels: a list row needs no
 * values.
 */
export const TARGET_LABELS_COLUMN = `jsonb_path_query_array(CASE m.targeting_type
    WHEN 1 THEN m.conditions
    WHEN 3 THEN COALESCE((SELECT ug.conditions FROM user_groups ug WHERE ug.id = m.group_id AND ug.app_id = m.app_id), '[]'::jsonb)
    ELSE '[]'::jsonb END, '$[*].label') AS "targetLabels"`;

/** What `targetsAudiencePackage` reads of the labels TARGET_LABELS_COLUMN selects. */
export const labelsOf = (labels: readonly string[] | null | undefined) =>
  (labels ?? []).map((label) => ({ label }));

/** Every column of a MessageRecord, from `messages m` (the group sends' reads select the same record). */
export const MESSAGE_COLUMNS = `m.id::int AS id, m.app_id AS "appId", m.msg_type AS "msgType", m.status, m.title, m.owner_email AS "ownerEmail",
  m.data, m.targeting_type AS "targetingType", m.conditions, m.group_id AS "groupId", m.user_ids AS "userIds",
  m.file_origin AS "fileOrigin", m.file_link AS "fileLink", m.push_count AS "pushCount", m.target_count AS "targetCount",
  m.schedule_type AS "scheduleType", m.schedule_local AS "scheduleLocal", m.schedule_at AS "scheduleAt",
  m.schedule_utc AS "scheduleUtc", m.ttl_seconds AS "ttlSeconds", m.speed_limit AS "speedLimit",
  m.restrict_type AS "restrictType", m.display_prior AS "displayPrior", m.multi_lang_enable AS "multiLangEnable",
  m.multi_lang_content AS "multiLangContent", m.material_id::int AS "materialId", m.parent_msg_id::int AS "parentMsgId", m.group_tag AS "groupTag",
  m.app_group_id AS "appGroupId", m.app_group_parent_id::int AS "appGroupParentId",
  m.reject_reason AS "rejectReason", m.created_at AS "createdAt", m.dispatch_count AS "dispatchCount",
  m.lost_count AS "lostCount", m.reach_count AS "reachCount", m.show_count AS "showCount", m.click_count AS "clickCount",
  m.conversion_count AS "conversionCount", m.selected_count AS "selectedCount", m.forecast,
  m.content_create_type AS "contentCreateType", m.control_share AS "controlShare", m.holdout_share AS "holdoutShare", ${TARGET_LABELS_COLUMN}`;

/** Messages' reads: lists with their counters, and the statistics behind the detail dialog (writes: MessageWriter). */
export class MessagesRepository {
  /**
   * `reads`: where the list and the estimate read (the replica's, with DATABASE_READ_URL: db/read-routing.ts); the
   * lookups of the save, edit and row actions read `database`, the primary.
   */
  constructor(
    private readonly database: Database,
    private readonly reads: Database = database.reads ?? database,
  ) {}

  /** The live audience estimate (exact on small apps, else sampled; audience/sampled-estimate.ts). */
  async estimateAudience(audience: CompiledAudience): Promise<AudienceEstimate> {
    return estimateAudience(this.reads, audience);
  }

  async find(appId: number, id: number): Promise<MessageRecord | undefined> {
    const [row] = await this.database.query<MessageRecord>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.app_id = $1 AND m.id = $2 AND NOT m.deleted`,
      [appId, id],
    );
    return row;
  }

  /** An A/B test's children: its arms A and B, then its "send to all" child. */
  async abChildren(parentId: number): Promise<MessageRecord[]> {
    return this.database.query<MessageRecord>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.parent_msg_id = $1 AND m.split_seed IS NOT NULL AND NOT m.deleted
       ORDER BY m.split_from, m.id`,
      [parentId],
    );
  }

  async list(appId: number, q: MessageListRequest): Promise<{ rows: MessageRecord[]; total: number }> {
    // a journey's steps are listed with their journey (data/canvas), A/B arms here (their slice marks them);
    // transactional sends are read by their id (detail, statistics), never listed: an API may send thousands a day
    const where = [
      'm.app_id = $1',
      'NOT m.deleted',
      'm.msg_type = $2',
      '(m.parent_msg_id IS NULL OR m.split_seed IS NOT NULL)',
      'm.transactional_of IS NULL',
    ];
    const params: unknown[] = [appId, q.msgType];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (q.msgId) add('m.id = ?::bigint', q.msgId);
    if (q.materialId) add('m.material_id = ?::bigint', q.materialId);
    if (q.msgType === MessageType.PASS_THROUGH && q.kind)
      where.push(`${q.kind === 'pullup' ? '' : 'NOT '}(m.data ? 'enlive_package')`);
    if (q.ownerEmail) add("m.owner_email ILIKE '%' || ? || '%'", q.ownerEmail);
    if (q.title) add("m.title ILIKE '%' || ? || '%'", q.title);
    const tz = q.tz;
    if (q.begin) add(`m.created_at >= (?::date)::timestamp AT TIME ZONE '${tzName(tz)}'`, q.begin);
    if (q.end) add(`m.created_at < ((?::date) + 1)::timestamp AT TIME ZONE '${tzName(tz)}'`, q.end);
    const clause = where.join(' AND ');
    const [rows, [count]] = await Promise.all([
      this.reads.query<MessageRecord>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE ${clause} ORDER BY m.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
        params,
      ),
      this.reads.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages m WHERE ${clause}`, params),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** The tags of the app among `ids`, with their flag (LABEL: a tag, GROUP: an audience package). */
  /** The app's DMP switch (changeProjectDMP, `commercial_enable`): off closes audience-package targets. */
  async dmpEnabled(appId: number): Promise<boolean> {
    const [row] = await this.database.query<{ on: boolean }>(
      'SELECT commercial_enable AS on FROM apps WHERE id = $1',
      [appId],
    );
    return row?.on === true;
  }

  async tagsOf(appId: number, ids: readonly number[]): Promise<Map<number, string>> {
    const rows = await this.database.query<{ id: number; flag: string }>(
      'SELECT id, flag FROM tags WHERE app_id = $1 AND id = ANY($2::int[])',
      [appId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.flag]));
  }

  /** Which of `gaids` (lower-case, well-formed) are devices of the app (msg/gaid/check). */
  async knownGaids(appId: number, gaids: readonly string[]): Promise<Set<string>> {
    const rows = await this.database.query<{ gaid: string }>(
      'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 AND gaid = ANY($2::uuid[])',
      [appId, gaids],
    );
    return new Set(rows.map((r) => r.gaid));
  }

  /** The advertising ids of the devices an app user (its external id) is signed in on, at most the send's list. */
  async gaidsOfUser(appId: number, externalId: string): Promise<string[]> {
    const rows = await this.database.query<{ gaid: string }>(
      `SELECT d.gaid::text AS gaid FROM app_users u JOIN devices d ON d.user_id = u.id AND d.app_id = u.app_id
       WHERE u.app_id = $1 AND u.external_id = $2 ORDER BY d.id LIMIT $3`,
      [appId, externalId, TRANSACTIONAL_LIMITS.gaidsMax],
    );
    return rows.map((r) => r.gaid);
  }

  /** The national attributes of its material a message was saved with (loss 109 at send time), or null. */
  async materialCountriesOf(id: number): Promise<NationalAttributes | null> {
    const [row] = await this.database.query<{ countries: NationalAttributes | null }>(
      'SELECT material_countries AS countries FROM messages WHERE id = $1',
      [id],
    );
    return row?.countries ?? null;
  }

  /**
   * Messages of a kind the app created since `since` (the app's daily message limit); transactional sends are not
   * counted: they are limited per device, as every send is, by the engine.
   */
  async countCreatedSince(appId: number, restrictType: number, since: Date): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE app_id = $1 AND restrict_type = $2 AND created_at >= $3
         AND msg_type IN (${MessageType.NOTIFICATION}, ${MessageType.PASS_THROUGH}) AND NOT deleted
         AND transactional_of IS NULL`,
      [appId, restrictType, since],
    );
    return row?.n ?? 0;
  }

  /** Devices of the message waiting for their send (banned window, FCM retry) and when the next is due. */
  async waiting(id: number): Promise<{ n: number; next: Date | null }> {
    const [row] = await this.database.query<{ n: number; next: Date | string | null }>(
      `SELECT count(*)::int AS n, min(not_before) AS next FROM send_records WHERE message_id = $1 AND outcome IN (${OPEN_OUTCOMES})`,
      [id],
    );
    return { n: row?.n ?? 0, next: row?.next ? new Date(row.next) : null };
  }

  async losses(id: number) {
    return this.database.query<{ type: number; count: number }>(
      'SELECT loss_code AS type, count FROM message_losses WHERE message_id = $1 ORDER BY count DESC',
      [id],
    );
  }

  async showLosses(id: number) {
    return this.database.query<{ type: number; count: number }>(
      'SELECT reason AS type, count FROM message_show_losses WHERE message_id = $1 ORDER BY count DESC',
      [id],
    );
  }

  async dims(id: number, dimension: 1 | 2) {
    return this.database.query<{ key: string; dispatch: number; reach: number; show: number; click: number }>(
      'SELECT key, dispatch, reach, show, click FROM message_dims WHERE message_id = $1 AND dimension = $2 ORDER BY dispatch DESC, key',
      [id, dimension],
    );
  }

  async reachMinutes(id: number) {
    return this.database.query<{ minute: number; reach: number }>(
      'SELECT minute, reach FROM message_reach_minutes WHERE message_id = $1 ORDER BY minute',
      [id],
    );
  }

  async waves(id: number) {
    return this.database.query<{
      utcOffsetMin: number | null;
      bestMinutes: number | null;
      runAt: Date;
      status: number;
      selected: number;
    }>(
      `SELECT utc_offset_min AS "utcOffsetMin", best_minutes AS "bestMinutes", run_at AS "runAt", status, selected
       FROM message_waves WHERE message_id = $1 ORDER BY run_at, id`,
      [id],
    );
  }

  /**
   * A best-hour message's sends split as its plan split them (audience-source.ts bestHourWave: the device's bucket for
   * the message below the control share): dispatched, shown and clicked of the control group and of the rest. Counted
   * as they happen (migration 0045: the control wave's dispatches, the control devices' shows and clicks); the rest is
   * the message's total minus the control group, so the two add up to its funnel.
   */
  async bestHourGroups(id: number) {
    const [row] = await this.database.query<{
      dispatched: number;
      show: number;
      click: number;
      controlDispatched: number;
      controlShow: number;
      controlClick: number;
    }>(
      `SELECT dispatch_count AS dispatched, show_count AS show, click_count AS click,
              control_dispatch AS "controlDispatched", control_show AS "controlShow", control_click AS "controlClick"
       FROM messages WHERE id = $1`,
      [id],
    );
    if (!row)
      return { control: { dispatched: 0, show: 0, click: 0 }, best: { dispatched: 0, show: 0, click: 0 } };
    return {
      control: { dispatched: row.controlDispatched, show: row.controlShow, click: row.controlClick },
      best: {
        dispatched: row.dispatched - row.controlDispatched,
        show: row.show - row.controlShow,
        click: row.click - row.controlClick,
      },
    };
  }

  /** Copies the devices that got a message as the audience of its recall (MessageWriter.setRecallAudience counts them). */
  async selectForRecall(
    recallId: number,
    originalId: number,
  ): Promise<{ count: number; minId: string | null; maxId: string | null }> {
    const [row] = await this.database.query<{ count: number; minId: string | null; maxId: string | null }>(
      `WITH ins AS (
         INSERT INTO send_records (message_id, device_id, outcome)
         SELECT $1, device_id, ${SendOutcome.PENDING} FROM send_records_all WHERE message_id = $2 AND outcome = ${SendOutcome.DISPATCHED}
         ON CONFLICT DO NOTHING RETURNING device_id
       ) SELECT count(*)::int AS count, min(device_id)::text AS "minId", max(device_id)::text AS "maxId" FROM ins`,
      [recallId, originalId],
    );
    return row ?? { count: 0, minId: null, maxId: null };
  }
}

/** A `±HHMM` zone as a PostgreSQL time-zone literal (POSIX signs are inverted). */
export function tzName(zone: string): string {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  if (!m) return 'UTC';
  return `${m[1] === '+' ? '-' : '+'}${m[2]}:${m[3]}`;
}
