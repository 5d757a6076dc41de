import {
  MessageStatus as S,
  type AbWinnerReason,
  type AbWinnerSettings,
  type MessageForecast,
  type NationalAttributes,
} from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';
import type { MessageRecord } from './messages.repository';

/** The columns a message is saved with that a MessageRecord reads back as they were written. */
type SavedAsRead =
  | 'appId'
  | 'msgType'
  | 'status'
  | 'title'
  | 'ownerEmail'
  | 'data'
  | 'targetingType'
  | 'conditions'
  | 'groupId'
  | 'userIds'
  | 'pushCount'
  | 'targetCount'
  | 'scheduleType'
  | 'scheduleLocal'
  | 'scheduleAt'
  | 'scheduleUtc'
  | 'ttlSeconds'
  | 'speedLimit'
  | 'restrictType'
  | 'displayPrior'
  | 'multiLangEnable'
  | 'materialId'
  | 'parentMsgId';

/** A message as it is written (the record it reads back as: MessageRecord, messages.repository.ts). */
export interface NewMessage extends Pick<MessageRecord, SavedAsRead> {
  /** an id taken before the insert (reserveId): the message's forecast was seeded with it; absent: the next one */
  id?: number;
  ownerId: number;
  /** The GAID list of file targeting (6, 7) and the link it came from (7). */
  fileOrigin?: string;
  fileLink?: string;
  multiLangContent: unknown[];
  /** the linked material's national attributes when the message was saved (loss 109 at send time); null: none */
  materialCountries?: NationalAttributes | null;
  /** The forecast before send (messages.forecast.ts); null or absent for previews and recalls. */
  forecast?: MessageForecast | null;
  /** 1 when the content came from the AI assistant; absent: 0 on insert, the stored value kept on replace. */
  contentCreateType?: number | undefined;
  /** best hour (schedule type 4): the control share (%); absent: 0 */
  controlShare?: number;
  /** its own control share (%, issue 34 §1): held out with loss 114; absent: 0 */
  holdoutShare?: number;
  /** a transactional send: the message whose content it sends (migration 0044); absent: none */
  transactionalOf?: number;
}

type Write = 'insert' | 'replace';

/** One column of a saved message: its value on each write, and how a replace sets it (`p`: placeholders by column). */
interface Field {
  column: string;
  cast?: string;
  value: (m: NewMessage, how: Write) => unknown;
  /** written on insert only: who and what a message is for does not change on an edit */
  insertOnly?: true;
  /** the replace's SET expression, when it is not `column = placeholder` */
  set?: (p: (column: string) => string) => string;
}

const json = (v: unknown) => (v ? JSON.stringify(v) : null);

/** The columns a message save writes, once: the insert writes every one, the replace those not insert-only. */
const FIELDS: readonly Field[] = [
  { column: 'app_id', value: (m) => m.appId, insertOnly: true },
  { column: 'msg_type', value: (m) => m.msgType, insertOnly: true },
  { column: 'status', value: (m) => m.status },
  { column: 'title', value: (m) => m.title },
  { column: 'owner_id', value: (m) => m.ownerId, insertOnly: true },
  { column: 'owner_email', value: (m) => m.ownerEmail, insertOnly: true },
  { column: 'data', cast: 'jsonb', value: (m) => JSON.stringify(m.data) },
  { column: 'targeting_type', value: (m) => m.targetingType },
  { column: 'conditions', cast: 'jsonb', value: (m) => JSON.stringify(m.conditions) },
  { column: 'group_id', value: (m) => m.groupId },
  { column: 'user_ids', value: (m) => m.userIds },
  { column: 'push_count', value: (m) => m.pushCount },
  { column: 'target_count', value: (m) => m.targetCount },
  { column: 'schedule_type', value: (m) => m.scheduleType },
  { column: 'schedule_local', value: (m) => m.scheduleLocal },
  { column: 'schedule_at', value: (m) => m.scheduleAt },
  { column: 'schedule_utc', value: (m) => m.scheduleUtc },
  { column: 'ttl_seconds', value: (m) => m.ttlSeconds },
  { column: 'speed_limit', value: (m) => m.speedLimit },
  { column: 'control_share', value: (m) => m.controlShare ?? 0 },
  { column: 'holdout_share', value: (m) => m.holdoutShare ?? 0 },
  { column: 'restrict_type', value: (m) => m.restrictType },
  { column: 'display_prior', value: (m) => m.displayPrior },
  { column: 'multi_lang_enable', value: (m) => m.multiLangEnable },
  { column: 'multi_lang_content', cast: 'jsonb', value: (m) => JSON.stringify(m.multiLangContent) },
  { column: 'parent_msg_id', value: (m) => m.parentMsgId, insertOnly: true },
  { column: 'transactional_of', cast: 'bigint', value: (m) => m.transactionalOf ?? null, insertOnly: true },
  { column: 'file_origin', value: (m) => m.fileOrigin ?? '' },
  { column: 'file_link', value: (m) => m.fileLink ?? '' },
  { column: 'forecast', cast: 'jsonb', value: (m) => json(m.forecast) },
  // an edit that names no material keeps the link and the countries kept with it
  {
    column: 'material_id',
    cast: 'bigint',
    value: (m) => m.materialId,
    set: (p) => `COALESCE(${p('material_id')}, material_id)`,
  },
  {
    column: 'material_countries',
    cast: 'jsonb',
    value: (m) => json(m.materialCountries),
    set: (p) =>
      `CASE WHEN ${p('material_id')} IS NULL THEN material_countries ELSE ${p('material_countries')} END`,
  },
  // an edit that omits it keeps the AI mark
  {
    column: 'content_create_type',
    cast: 'smallint',
    value: (m, how) => m.contentCreateType ?? (how === 'insert' ? 0 : null),
    set: (p) => `COALESCE(${p('content_create_type')}, content_create_type)`,
  },
];

/** The fields a write sets, their parameters from `first`, and each field's placeholder by column. */
function bind(m: NewMessage, how: Write, first: number) {
  const fields = FIELDS.filter((f) => how === 'insert' || !f.insertOnly);
  const at = new Map(fields.map((f, i) => [f.column, `$${first + i}${f.cast ? `::${f.cast}` : ''}`]));
  const p = (column: string) => at.get(column)!;
  return { fields, p, params: fields.map((f) => f.value(m, how)) };
}

/**
 * The one writer of a `messages` row for the modules (messages, ab-tests, journeys, group-sends, reviews): a save's
 * insert and replace over one column list, and each change of a row's state a module makes. The delivery engine
 * (the send's status, selected_count; delivery/engine imports no module) and the statistics writer (the counters,
 * in their counting transaction) write their own columns. Each method takes the caller's transaction when it has one.
 */
export class MessageWriter {
  constructor(private readonly database: Database) {}

  async insert(m: NewMessage, db: Queryable = this.database): Promise<number> {
    const { fields, p, params } = bind(m, 'insert', 1);
    const columns = fields.map((f) => f.column);
    const values = fields.map((f) => p(f.column));
    if (m.id !== undefined) {
      params.push(m.id);
      columns.push('id');
      values.push(`$${params.length}::bigint`);
    }
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO messages (${columns.join(', ')}) VALUES (${values.join(', ')}) RETURNING id::int AS id`,
      params,
    );
    return row?.id ?? 0;
  }

  /**
   * Takes the next message id before its insert (the message's own control share is seeded with its id: its forecast
   * holds out the devices the engine will). An id taken and not inserted (a save refused after) is a gap, no more.
   * From next_message_id, the column's default: on a new PostgreSQL timeline it moves the ids past the old one's
   * first (migration 0064).
   */
  async reserveId(): Promise<number> {
    const [row] = await this.database.query<{ id: number }>('SELECT next_message_id()::int AS id');
    return row!.id;
  }

  /**
   * Replaces an unstarted message's content, audience and schedule, and drops its planned waves; its material link
   * (and the countries kept with it) changes only when the edit names a material, its contentCreateType only when
   * the edit names one.
   */
  async replace(id: number, m: NewMessage): Promise<void> {
    const { fields, p, params } = bind(m, 'replace', 2);
    const set = fields.map((f) => `${f.column} = ${f.set ? f.set(p) : p(f.column)}`);
    await this.database.query(`UPDATE messages SET ${set.join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...params,
    ]);
    await this.database.query('DELETE FROM message_waves WHERE message_id = $1', [id]);
  }

  /** Makes a message an A/B arm: its tag, share and slice of the test's audience (see 0020_ab-tests.sql). */
  async setArm(
    id: number,
    arm: {
      parentMsgId: number;
      groupTag: string;
      groupPercent: number;
      split?: { seed: number; from: number; to: number } | undefined;
      /** a bandit test's round (0 the first) */
      round?: number | undefined;
    },
  ): Promise<void> {
    await this.database.query(
      `UPDATE messages SET parent_msg_id = $7, group_tag = $2, group_percent = $3, split_seed = $4, split_from = $5,
         split_to = $6, ab_round = $8 WHERE id = $1`,
      [
        id,
        arm.groupTag,
        arm.groupPercent,
        arm.split?.seed ?? null,
        arm.split?.from ?? null,
        arm.split?.to ?? null,
        arm.parentMsgId,
        arm.round ?? 0,
      ],
    );
  }

  /** Makes a message part of an app-group send: the parent (parentId null) or a child of `parentId`. */
  async setAppGroup(id: number, groupId: number, parentId: number | null): Promise<void> {
    await this.database.query(
      'UPDATE messages SET app_group_id = $2, app_group_parent_id = $3 WHERE id = $1',
      [id, groupId, parentId],
    );
  }

  async softDelete(id: number): Promise<void> {
    await this.database.query(
      'UPDATE messages SET deleted = true, status = $2, updated_at = now() WHERE id = $1',
      [id, S.DELETED],
    );
  }

  /** A recall's audience: the devices copied to it (MessagesRepository.selectForRecall). */
  async setRecallAudience(id: number, count: number): Promise<void> {
    await this.database.query(
      'UPDATE messages SET selected_count = $2, push_count = GREATEST($2, 1) WHERE id = $1',
      [id, count],
    );
  }

  /** Moves a message to `status` only from one of `from`: false when it was elsewhere (nothing written). */
  async setStatus(id: number, status: number, from: readonly number[]): Promise<boolean> {
    const rows = await this.database.query(
      `UPDATE messages SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3::smallint[]) RETURNING id`,
      [id, status, from],
    );
    return rows.length > 0;
  }

  // --- A/B tests (modules/ab-tests)

  /** An A/B test's parent after its arms were saved: their status and audience. */
  async setAbParent(
    id: number,
    f: { status: number; pushCount: number; targetCount: number; winner: AbWinnerSettings },
  ): Promise<void> {
    await this.database.query(
      `UPDATE messages SET status = $2, push_count = $3, target_count = $4, ab_winner = $5::jsonb, updated_at = now()
       WHERE id = $1`,
      [id, f.status, f.pushCount, f.targetCount, JSON.stringify(f.winner)],
    );
  }

  /**
   * Takes the test's one "send to all" for the arm `decision.msgId`, recording why (the operator, or the automatic
   * winner): true when this call took it, false when it was taken before — whoever takes it, it is taken once.
   */
  async takeSendToAll(id: number, decision: { msgId: number; reason: AbWinnerReason }): Promise<boolean> {
    const rows = await this.database.query(
      `UPDATE messages SET ab_all_sent = true, updated_at = now(),
         ab_decision = jsonb_build_object('msgId', $2::bigint, 'reason', $3::text, 'at', to_jsonb(now()))
       WHERE id = $1 AND NOT ab_all_sent RETURNING id`,
      [id, decision.msgId, decision.reason],
    );
    return rows.length === 1;
  }

  /**
   * Takes the planning of a bandit test's round `round` (1 the second): true when this call took it — the rounds
   * planned go from `round` to `round + 1` — false when another worker did, or the rest was sent.
   */
  async takeRound(id: number, round: number): Promise<boolean> {
    const rows = await this.database.query(
      `UPDATE messages SET ab_rounds = $2 + 1, updated_at = now() WHERE id = $1 AND ab_rounds = $2 AND NOT ab_all_sent
       RETURNING id`,
      [id, round],
    );
    return rows.length === 1;
  }

  /** Gives a round back when its variants could not be saved (they were deleted first). */
  async releaseRound(id: number, round: number): Promise<void> {
    await this.database.query('UPDATE messages SET ab_rounds = $2 WHERE id = $1 AND ab_rounds = $2 + 1', [
      id,
      round,
    ]);
  }

  /** Gives the "send to all" back when its message could not be saved (nothing half-written). */
  async releaseSendToAll(id: number): Promise<void> {
    await this.database.query('UPDATE messages SET ab_all_sent = false, ab_decision = NULL WHERE id = $1', [
      id,
    ]);
  }

  // --- journeys (modules/journeys)

  /** Saves a journey's definition (`data`), status and entry audience, only from a status of `from`. */
  async setJourneyDefinition(
    id: number,
    data: object,
    status: number,
    from: readonly number[],
    targetCount?: number,
  ): Promise<boolean> {
    const rows = await this.database.query(
      `UPDATE messages SET data = $2::jsonb, status = $3, updated_at = now(),
         target_count = COALESCE($5::int, target_count), push_count = COALESCE($5::int, push_count)
       WHERE id = $1 AND status = ANY($4::smallint[]) RETURNING id`,
      [id, JSON.stringify(data), status, from, targetCount ?? null],
    );
    return rows.length > 0;
  }

  /**
   * Takes a journey out of review (its status `from` → `status`) and deletes its confirmed steps, in one statement:
   * false (nothing changed) when it was no longer in review.
   */
  async withdrawJourney(id: number, status: number, from: readonly number[]): Promise<boolean> {
    const [row] = await this.database.query<{ n: number }>(
      `WITH p AS (
         UPDATE messages SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3::smallint[]) RETURNING id
       ), s AS (
         UPDATE messages SET deleted = true, status = $4, updated_at = now()
         WHERE parent_msg_id IN (SELECT id FROM p) AND NOT deleted RETURNING id
       )
       SELECT (SELECT count(*) FROM p)::int AS n, (SELECT count(*) FROM s)::int AS steps`,
      [id, status, from, S.DELETED],
    );
    return (row?.n ?? 0) > 0;
  }

  /** Makes a saved message a step of the journey: its tag, branch, place on the canvas and whether it is gated. */
  async setJourneyStep(
    id: number,
    parentId: number,
    step: { groupTag: string; displayConditions?: unknown; position?: unknown },
  ): Promise<void> {
    await this.database.query(
      `UPDATE messages SET parent_msg_id = $2, group_tag = $3, display_conditions = $4::jsonb,
         canvas_position = $5::jsonb, journey_gated = $4::jsonb IS NOT NULL WHERE id = $1`,
      [id, parentId, step.groupTag, json(step.displayConditions), json(step.position)],
    );
  }

  /**
   * Makes a step of an event-started journey live: gated (its members are its audience, each wave its own), sending
   * until the journey stops, fed from now (modules/journeys journey-feed.repository.ts); `held`: waiting for the
   * journey's review (11) instead of sending.
   */
  async setJourneyLive(id: number, held = false): Promise<void> {
    await this.database.query(
      `UPDATE messages SET journey_gated = true, journey_live = true, journey_entered_at = now(),
         journey_fed_until = now(), status = $2, started_at = COALESCE(started_at, now()), updated_at = now()
       WHERE id = $1`,
      [id, held ? S.PENDING_REVIEW : S.SENDING],
    );
  }

  /** When a waiting step's wait ends (once its source has sent). */
  async setJourneyDue(id: number, dueAt: Date): Promise<void> {
    await this.database.query(
      'UPDATE messages SET journey_due_at = $2 WHERE id = $1 AND journey_entered_at IS NULL',
      [id, dueAt],
    );
  }

  /** A step has entered, in the transition's transaction: waiting, with its members as its audience (their count). */
  async enterJourneyStep(tx: Queryable, id: number): Promise<number> {
    const [row] = await tx.query<{ n: number }>(
      `UPDATE messages SET journey_entered_at = now(), status = ${S.WAITING}, updated_at = now(),
         target_count = (SELECT count(*) FROM journey_members WHERE step_id = $1)::int,
         push_count = GREATEST(1, (SELECT count(*) FROM journey_members WHERE step_id = $1))::int
       WHERE id = $1 RETURNING target_count AS n`,
      [id],
    );
    return row?.n ?? 0;
  }

  // --- reviews (modules/reviews)

  /**
   * A review's decision on one message, in the decision's transaction: its status and reason (and a new schedule),
   * only while it waits for review; false when it no longer did.
   */
  async decideReview(
    tx: Queryable,
    c: {
      id: number;
      status: number;
      schedule?: { type: number; local: string | null; at: Date | null } | undefined;
    },
    reason: string,
  ): Promise<boolean> {
    const s = c.schedule;
    const rows = await tx.query(
      `UPDATE messages SET status = $2, reject_reason = $3, updated_at = now(),
         schedule_type = CASE WHEN $4::boolean THEN $5::smallint ELSE schedule_type END,
         schedule_local = CASE WHEN $4::boolean THEN $6::text ELSE schedule_local END,
         schedule_at = CASE WHEN $4::boolean THEN $7::timestamptz ELSE schedule_at END
       WHERE id = $1 AND status = ${S.PENDING_REVIEW} AND NOT deleted RETURNING id`,
      [c.id, c.status, reason, s !== undefined, s?.type ?? null, s?.local ?? null, s?.at ?? null],
    );
    return rows.length > 0;
  }
}
