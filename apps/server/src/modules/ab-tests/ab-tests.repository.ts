import {
  AB_TEST_TYPE,
  type AbTestListRequest,
  type AbWinnerReason,
  type AbWinnerSettings,
} from '@beacon/shared';
import type { Database } from '../../db/client';
import { parentListWhere, TARGET_LABELS_COLUMN, type MessageRecord } from '../messages';

/** An A/B test's parent row (msg_type 4): its settings; the arms are its children. */
export interface AbParentRecord {
  id: number;
  appId: number;
  title: string;
  ownerEmail: string;
  status: number;
  createdAt: Date;
  targetingType: number;
  /** the labels of the conditions it targets with (TARGET_LABELS_COLUMN) */
  targetLabels: string[];
  abAllSent: boolean;
  /** how the test picks its winner (null: manual, a test saved before migration 0053) */
  winner: AbWinnerSettings | null;
  /** the arm sent to the rest, why and when (an ISO instant); null until then */
  decision: AbDecision | null;
  /** the test's owner (null once their account is deleted): the automatic winner is sent in their name */
  ownerId: number | null;
  /** bandit mode: the rounds planned so far (1 once saved) */
  rounds: number;
  /** the settings both arms share (the detail and the edit read them) */
  conditions: MessageRecord['conditions'];
  groupId: number | null;
  userIds: string[];
  fileOrigin: string;
  fileLink: string;
  ttlSeconds: number;
  speedLimit: number;
  restrictType: number;
  displayPrior: number | null;
  /** an app-group send (group-sends.service.ts): its group, and in the other apps the test composed first */
  appGroupId: number | null;
  appGroupParentId: number | null;
}

export interface AbDecision {
  msgId: number;
  reason: AbWinnerReason;
  at: string;
}

/** An arm (or the "send to all" child) with its counters. */
export interface AbChildRecord {
  id: number;
  parentMsgId: number;
  msgType: number;
  status: number;
  groupTag: string;
  groupPercent: number;
  splitFrom: number;
  splitTo: number;
  scheduleType: number;
  scheduleLocal: string | null;
  scheduleAt: Date | null;
  /** when it started sending (null before) */
  startedAt: Date | null;
  /** bandit mode: the round it sends (0 the first); 0 otherwise */
  round: number;
  data: Record<string, unknown>;
  multiLangEnable: boolean;
  multiLangContent: unknown[];
  /** 1 when the arm's content came from the AI assistant */
  contentCreateType: number;
  pushCount: number;
  targetCount: number;
  dispatchCount: number;
  reachCount: number;
  showCount: number;
  clickCount: number;
}

const PARENT = `m.id::int AS id, m.app_id AS "appId", m.title, m.owner_email AS "ownerEmail", m.status,
  m.created_at AS "createdAt", m.targeting_type AS "targetingType", m.ab_all_sent AS "abAllSent",
  m.ab_winner AS winner, m.ab_decision AS decision, m.owner_id::int AS "ownerId", m.ab_rounds AS rounds,
  m.conditions, m.group_id AS "groupId", m.user_ids AS "userIds", m.file_origin AS "fileOrigin",
  m.file_link AS "fileLink", m.ttl_seconds AS "ttlSeconds", m.speed_limit AS "speedLimit",
  m.restrict_type AS "restrictType", m.display_prior AS "displayPrior", m.app_group_id AS "appGroupId",
  m.app_group_parent_id::int AS "appGroupParentId", ${TARGET_LABELS_COLUMN}`;

/** The A/B tests' reads and the one write of its own: "send to all" taken once. */
export class AbTestsRepository {
  constructor(private readonly database: Database) {}

  async parent(appId: number, id: number): Promise<AbParentRecord | undefined> {
    const [row] = await this.database.query<AbParentRecord>(
      `SELECT ${PARENT} FROM messages m WHERE m.app_id = $1 AND m.id = $2 AND m.msg_type = ${AB_TEST_TYPE} AND NOT m.deleted`,
      [appId, id],
    );
    return row;
  }

  async list(appId: number, q: AbTestListRequest): Promise<{ rows: AbParentRecord[]; total: number }> {
    const { clause, params } = parentListWhere(appId, AB_TEST_TYPE, q);
    const [rows, [count]] = await Promise.all([
      this.database.query<AbParentRecord>(
        `SELECT ${PARENT} FROM messages m WHERE ${clause} ORDER BY m.id DESC
         LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
        params,
      ),
      this.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages m WHERE ${clause}`, params),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** The children of the given tests: arms first (A, B, …; a bandit's by round), then the "send to all" child. */
  async children(parentIds: number[]): Promise<AbChildRecord[]> {
    if (parentIds.length === 0) return [];
    return this.database.query<AbChildRecord>(
      `SELECT m.id::int AS id, m.parent_msg_id::int AS "parentMsgId", m.msg_type AS "msgType", m.status,
              m.group_tag AS "groupTag", m.group_percent::float8 AS "groupPercent", m.split_from AS "splitFrom",
              m.split_to AS "splitTo", m.schedule_type AS "scheduleType", m.schedule_local AS "scheduleLocal",
              m.schedule_at AS "scheduleAt", m.started_at AS "startedAt", m.ab_round AS round, m.data, m.multi_lang_enable AS "multiLangEnable",
              m.multi_lang_content AS "multiLangContent", m.content_create_type AS "contentCreateType",
              m.push_count AS "pushCount", m.target_count AS "targetCount",
              m.dispatch_count AS "dispatchCount", m.reach_count AS "reachCount", m.show_count AS "showCount",
              m.click_count AS "clickCount"
       FROM messages m WHERE m.parent_msg_id = ANY($1::bigint[]) AND m.split_seed IS NOT NULL AND NOT m.deleted
       ORDER BY m.parent_msg_id, m.group_tag LIKE '%*', m.ab_round, m.split_from, m.id`,
      [parentIds],
    );
  }

  /**
   * The automatic or bandit tests not yet decided, for the workers' look (ab-winner.ts plans a round or decides from
   * their figures). Few rows: the partial index of migration 0053.
   */
  async openAuto(limit = 100): Promise<Array<{ id: number; appId: number }>> {
    return this.database.query<{ id: number; appId: number }>(
      `SELECT m.id::int AS id, m.app_id AS "appId" FROM messages m
       WHERE m.msg_type = ${AB_TEST_TYPE} AND NOT m.ab_all_sent AND NOT m.deleted AND ((m.ab_winner ->> 'auto') = 'true' OR (m.ab_winner ->> 'bandit') = 'true')
       ORDER BY m.id LIMIT ${limit}`,
    );
  }
}
