import { MessageStatus as S, type Condition, type MessageSaved } from '@beacon/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client';

/** An audience package (a tag of flag GROUP) named in the 1071 answer. */
export interface AudiencePackage {
  id: number;
  name: string;
}

export type MessageTwin = NonNullable<z.infer<typeof MessageSaved>['twin']>;

/** What a save is compared by for 21030: its content, its targeting and when it sends. */
export interface TwinQuery {
  appId: number;
  msgType: number;
  title: string;
  data: Record<string, unknown>;
  targetingType: number;
  conditions: readonly Condition[];
  groupId: number | null;
  userIds: readonly string[];
  fileLink: string;
  /** the message being edited (never its own twin) */
  id?: number | undefined;
  /** when the new message sends */
  at: Date;
}

/** Statuses of a message that will not or did not send: a twin is none of them (stopped, recalled, rejected, deleted). */
const CANCELLED: readonly number[] = [
  S.STOPPED,
  S.STOPPED_ALT,
  S.STOP_IN_PROCESS,
  S.INVALID,
  S.RECALLED,
  S.RECALLING,
  S.REVIEW_REJECTED,
  S.DELETED,
  S.DELETED_ALT,
];
const DAY_MS = 86_400_000;

/** When a stored message sends: its instant (2), its creation (1), its wall-clock time read as UTC (3). */
const SENDS_AT = `CASE WHEN m.schedule_type = 3 AND m.schedule_local IS NOT NULL
  THEN (m.schedule_local::timestamp AT TIME ZONE 'UTC') ELSE COALESCE(m.schedule_at, m.created_at) END`;

/** What the save's confirmations read: the app's audience packages, and a twin of the previous 24 hours. */
export class MessagesConfirmRepository {
  constructor(private readonly database: Pick<Database, 'query'>) {}

  /** The app's audience packages among `ids`, or all of them ('all': a condition with every package selected). */
  packages(appId: number, ids: readonly number[] | 'all'): Promise<AudiencePackage[]> {
    return this.database.query<AudiencePackage>(
      `SELECT id, name FROM tags WHERE app_id = $1 AND flag = 'GROUP' AND ($2::boolean OR id = ANY($3::int[]))
       ORDER BY id`,
      [appId, ids === 'all', ids === 'all' ? [] : ids],
    );
  }

  /** The latest message of the app that repeats `q` and sends within the 24 hours before it, or null. */
  async twin(q: TwinQuery): Promise<MessageTwin | null> {
    const [row] = await this.database.query<Omit<MessageTwin, 'at'> & { at: Date | string }>(
      `SELECT m.id::int AS id, m.title, m.targeting_type AS "targetingType", m.group_id AS "groupId",
              g.name AS "groupName", m.conditions, ${SENDS_AT} AS at
       FROM messages m LEFT JOIN user_groups g ON g.id = m.group_id AND g.app_id = m.app_id
       WHERE m.app_id = $1 AND m.msg_type = $2 AND NOT m.deleted AND m.status <> ALL($3::int[])
         AND m.title = $4 AND m.data = $5::jsonb AND m.targeting_type = $6 AND m.conditions = $7::jsonb
         AND m.group_id IS NOT DISTINCT FROM $8::int AND m.user_ids = $9::text[] AND m.file_link = $10
         AND m.id <> $11::bigint
         AND ${SENDS_AT} >= $12::timestamptz AND ${SENDS_AT} <= $13::timestamptz
       ORDER BY 7 DESC, m.id DESC LIMIT 1`,
      [
        q.appId,
        q.msgType,
        CANCELLED,
        q.title,
        JSON.stringify(q.data),
        q.targetingType,
        JSON.stringify(q.conditions),
        q.groupId,
        q.userIds,
        q.fileLink,
        q.id ?? 0,
        new Date(q.at.getTime() - DAY_MS),
        q.at,
      ],
    );
    return row ? { ...row, at: new Date(row.at).toISOString() } : null;
  }
}
