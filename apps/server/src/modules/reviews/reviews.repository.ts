import { AB_TAGS, MessageStatus as S, REVIEW_MESSAGE_TYPES, REVIEW_STATUSES } from '@beacon/shared';
import type { Database } from '../../db/client';
import { record, type AuditEntry } from '../../platform/audit-log';
import { TARGET_LABELS_COLUMN, type MessageWriter } from '../messages';

/** A message as the review reads it: what it is, who wrote it, its schedule and the review's outcome. */
export interface ReviewRecord {
  id: number;
  appId: number;
  msgType: number;
  status: number;
  title: string;
  ownerEmail: string;
  /** an A/B arm's test (arms are reviewed with it) */
  parentMsgId: number | null;
  groupTag: string | null;
  appGroupId: number | null;
  appGroupParentId: number | null;
  materialId: number | null;
  targetingType: number;
  /** the labels of the conditions it targets with (TARGET_LABELS_COLUMN) */
  targetLabels: string[];
  scheduleType: number;
  scheduleLocal: string | null;
  scheduleAt: Date | null;
  scheduleUtc: string;
  rejectReason: string;
  createdAt: Date;
}

/** The list's filters, with the creation range as instants (the service reads the dates in the zone asked). */
export interface ReviewFilter {
  status: number | '';
  msgId?: string | undefined;
  ownerEmail?: string | undefined;
  title?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  pageNo: number;
  pageSize: number;
}

/** One status change of a decision: to `status`, and for a run whose time had passed, now (schedule type 1). */
export interface ReviewChange {
  id: number;
  status: number;
  /** the schedule the message now has (a run); absent: unchanged */
  schedule?: { type: number; local: string | null; at: Date | null };
}

const COLUMNS = `m.id::int AS id, m.app_id AS "appId", m.msg_type AS "msgType", m.status, m.title,
  m.owner_email AS "ownerEmail", m.parent_msg_id::int AS "parentMsgId", m.group_tag AS "groupTag",
  m.app_group_id AS "appGroupId", m.app_group_parent_id::int AS "appGroupParentId", m.material_id::int AS "materialId",
  m.targeting_type AS "targetingType", m.schedule_type AS "scheduleType", m.schedule_local AS "scheduleLocal",
  m.schedule_at AS "scheduleAt", m.schedule_utc AS "scheduleUtc", m.reject_reason AS "rejectReason",
  m.created_at AS "createdAt", ${TARGET_LABELS_COLUMN}`;

/** A LIKE pattern matching `term` literally anywhere. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A decision found a message no longer waiting for review (another reviewer, an edit): nothing is written. */
class NotPending extends Error {}

/** The review list and the decisions: each decision's status changes and its audit row land together or not at all. */
export class ReviewsRepository {
  constructor(
    private readonly database: Database,
    /** the messages' one writer (modules/messages): a decision's status, reason and schedule */
    private readonly writer: MessageWriter,
  ) {}

  /**
   * The app's messages waiting for review or rejected by it: notifications, cross messages and A/B tests (their
   * parents, never an arm, a preview or a recall), newest first.
   */
  async list(appId: number, f: ReviewFilter): Promise<{ rows: ReviewRecord[]; total: number }> {
    const params: unknown[] = [appId, REVIEW_MESSAGE_TYPES, f.status === '' ? REVIEW_STATUSES : [f.status]];
    const where = [
      'm.app_id = $1',
      'NOT m.deleted',
      'm.msg_type = ANY($2::int[])',
      'm.status = ANY($3::int[])',
      'm.parent_msg_id IS NULL',
    ];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.msgId) add('m.id = ?::bigint', f.msgId);
    if (f.ownerEmail) add('m.owner_email ILIKE ?', contains(f.ownerEmail));
    if (f.title) add('m.title ILIKE ?', contains(f.title));
    if (f.from) add('m.created_at >= ?::timestamptz', f.from);
    if (f.to) add('m.created_at < ?::timestamptz', f.to);
    const clause = where.join(' AND ');
    const [rows, [count]] = await Promise.all([
      this.database.query<ReviewRecord>(
        `SELECT ${COLUMNS} FROM messages m WHERE ${clause} ORDER BY m.id DESC
         LIMIT ${f.pageSize} OFFSET ${(f.pageNo - 1) * f.pageSize}`,
        params,
      ),
      this.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages m WHERE ${clause}`, params),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  async find(appId: number, id: number): Promise<ReviewRecord | undefined> {
    const [row] = await this.database.query<ReviewRecord>(
      `SELECT ${COLUMNS} FROM messages m WHERE m.app_id = $1 AND m.id = $2 AND NOT m.deleted`,
      [appId, id],
    );
    return row;
  }

  /** The arms (A–H) of each A/B test of `parentIds`, A first; not their "send to all" children. */
  async arms(parentIds: number[]): Promise<ReviewRecord[]> {
    if (parentIds.length === 0) return [];
    return this.database.query<ReviewRecord>(
      `SELECT ${COLUMNS} FROM messages m
       WHERE m.parent_msg_id = ANY($1::bigint[]) AND m.split_seed IS NOT NULL AND m.group_tag = ANY($2::text[]) AND NOT m.deleted
       ORDER BY m.parent_msg_id, m.group_tag, m.id`,
      [parentIds, AB_TAGS],
    );
  }

  /** The entry step of each journey of `parentIds` (the message its review schedules or refuses). */
  async journeyEntries(parentIds: number[]): Promise<ReviewRecord[]> {
    if (parentIds.length === 0) return [];
    return this.database.query<ReviewRecord>(
      `SELECT ${COLUMNS} FROM messages m
       WHERE m.parent_msg_id = ANY($1::bigint[]) AND NOT m.journey_gated AND NOT m.deleted ORDER BY m.id`,
      [parentIds],
    );
  }

  /**
   * Applies a decision: each change only from status 11 (pending review), the reason stored ('' on a run), and its
   * audit row, in one transaction. False, and nothing written, when any message was no longer waiting for review.
   */
  async decide(changes: ReviewChange[], reason: string, audit: AuditEntry): Promise<boolean> {
    try {
      await this.database.transaction(async (tx) => {
        for (const c of changes) if (!(await this.writer.decideReview(tx, c, reason))) throw new NotPending();
        await record(tx, audit);
      });
      return true;
    } catch (err) {
      if (err instanceof NotPending) return false;
      throw err;
    }
  }

  /** Puts messages a run could not schedule back to pending review (only those still at the status it gave them). */
  async reopen(changes: ReviewChange[]): Promise<void> {
    for (const c of changes) await this.writer.setStatus(c.id, S.PENDING_REVIEW, [c.status]);
  }
}
