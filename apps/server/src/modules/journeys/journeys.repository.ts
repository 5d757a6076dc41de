import {
  EVENT_BITS,
  JOURNEY_TYPE,
  MessageStatus as S,
  type Condition,
  type JourneyBranch,
  type JourneyEntry,
  type JourneyListRequest,
  type JourneyOutcome,
  type JourneyStep,
  type MultiLangEntry,
} from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';
import { compileAudience } from '../../audience/compile-conditions';
import { SendOutcome, WaveStatus } from '../../delivery/engine';
import { parentListWhere } from '../messages';

/** What a journey's parent row keeps in `data` (docs/journeys.md): its steps as saved, and their estimate. */
export interface JourneyDefinition {
  steps: JourneyStep[];
  /** each step's expected audience, in step order (null: not computed yet, or no history to project from) */
  estimates: Array<number | null> | null;
  /** why the estimate failed (status 20) */
  error: string;
  /** how it starts (absent before issue 33: when sent, to its audience) */
  entry: JourneyEntry;
}

/** A confirmed journey's step: a child message with its branch and its figures. */
export interface JourneyStepRecord {
  id: number;
  appId: number;
  parentMsgId: number;
  groupTag: string;
  title: string;
  msgType: number;
  status: number;
  data: Record<string, unknown>;
  multiLangEnable: boolean;
  multiLangContent: MultiLangEntry[];
  conditions: Condition[];
  displayConditions: JourneyBranch | null;
  position: { x: number; y: number } | null;
  gated: boolean;
  targetCount: number;
  pushCount: number;
  dispatchCount: number;
  reachCount: number;
  showCount: number;
  clickCount: number;
  enteredAt: Date | null;
  dueAt: Date | null;
  finishedAt: Date | null;
}

/** The devices of a source step an outcome takes: its send record's event bits (a click implies a show). */
export const OUTCOME_SQL: Record<JourneyOutcome, string> = {
  clicked: `sr.event_mask & ${EVENT_BITS.clicked} <> 0`,
  shownNotClicked: `sr.event_mask & ${EVENT_BITS.shown} <> 0 AND sr.event_mask & ${EVENT_BITS.clicked} = 0`,
  notShown: `sr.event_mask & ${EVENT_BITS.shown | EVENT_BITS.clicked} = 0`,
  everyone: 'true',
  // what the other branches of the source left: the members' key refuses a device taken before
  residue: 'true',
};

const STEP = `m.id::int AS id, m.app_id AS "appId", m.parent_msg_id::int AS "parentMsgId", m.group_tag AS "groupTag", m.title,
  m.msg_type AS "msgType", m.status, m.data, m.multi_lang_enable AS "multiLangEnable",
  m.multi_lang_content AS "multiLangContent", m.conditions, m.display_conditions AS "displayConditions",
  m.canvas_position AS position, m.journey_gated AS gated, m.target_count AS "targetCount",
  m.push_count AS "pushCount", m.dispatch_count AS "dispatchCount", m.reach_count AS "reachCount",
  m.show_count AS "showCount", m.click_count AS "clickCount", m.journey_entered_at AS "enteredAt",
  m.journey_due_at AS "dueAt", m.finished_at AS "finishedAt"`;

/** The journeys' SQL: parents, steps, members and the transition of a step (set-based, never one statement a device). */
export class JourneysRepository {
  constructor(private readonly database: Database) {}

  async list(appId: number, q: JourneyListRequest): Promise<{ ids: number[]; total: number }> {
    const { clause, params } = parentListWhere(appId, JOURNEY_TYPE, q);
    const [rows, [count]] = await Promise.all([
      this.database.query<{ id: number }>(
        `SELECT m.id::int AS id FROM messages m WHERE ${clause} ORDER BY m.id DESC
         LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
        params,
      ),
      this.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages m WHERE ${clause}`, params),
    ]);
    return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
  }

  /** The steps of the given journeys (confirmed ones; a journey not confirmed has none yet), in id order. */
  async steps(parentIds: number[]): Promise<JourneyStepRecord[]> {
    if (parentIds.length === 0) return [];
    return this.stepRows(`m.parent_msg_id = ANY($1::bigint[])`, [parentIds]);
  }

  /** Every step of the journey message `id` is a step of (none when it is not one), in one statement. */
  async journeyStepsOf(id: number): Promise<JourneyStepRecord[]> {
    return this.stepRows(
      `m.parent_msg_id = (SELECT s.parent_msg_id FROM messages s JOIN messages p ON p.id = s.parent_msg_id
                          WHERE s.id = $1 AND p.msg_type = ${JOURNEY_TYPE})`,
      [id],
    );
  }

  private async stepRows(where: string, params: unknown[]): Promise<JourneyStepRecord[]> {
    const rows = await this.database.query<JourneyStepRecord>(
      `SELECT ${STEP} FROM messages m WHERE ${where} AND NOT m.deleted ORDER BY m.id`,
      params,
    );
    return rows.map((r) => ({
      ...r,
      enteredAt: r.enteredAt && new Date(r.enteredAt),
      dueAt: r.dueAt && new Date(r.dueAt),
      finishedAt: r.finishedAt && new Date(r.finishedAt),
    }));
  }

  /**
   * A transition's first step, in its transaction: locks the step; true when it has not entered (a repeated job or
   * a sweep that met the job finds it entered).
   */
  async lockUnentered(tx: Queryable, stepId: number): Promise<boolean> {
    const [locked] = await tx.query<{ entered: boolean }>(
      'SELECT journey_entered_at IS NOT NULL AS entered FROM messages WHERE id = $1 FOR UPDATE',
      [stepId],
    );
    return locked !== undefined && !locked.entered;
  }

  /**
   * Writes a step's members, in the transition's transaction: the source step's dispatched devices with the
   * outcome's events and the step's conditions, each device at most once per source (ON CONFLICT).
   */
  async addMembers(
    tx: Queryable,
    step: { id: number; appId: number; sourceId: number; outcome: JourneyOutcome; conditions: Condition[] },
  ): Promise<void> {
    const audience = compileAudience(step.appId, step.conditions);
    const params = [...audience.params, step.sourceId, step.id];
    const source = `$${params.length - 1}::bigint`;
    const stepId = `$${params.length}::bigint`;
    await tx.query(
      `INSERT INTO journey_members (source_id, device_id, step_id)
       SELECT sr.message_id, sr.device_id, ${stepId}
       FROM send_record_events sr JOIN devices ${audience.alias} ON ${audience.alias}.id = sr.device_id
       WHERE sr.message_id = ${source} AND sr.outcome = ${SendOutcome.DISPATCHED} AND ${OUTCOME_SQL[step.outcome]}
         AND ${audience.sql}
       ON CONFLICT (source_id, device_id) DO NOTHING`,
      params,
    );
  }

  /** Plans an entered step's one wave (send now), in the transition's transaction: the wave to queue. */
  async planWave(tx: Queryable, stepId: number): Promise<number> {
    const [wave] = await tx.query<{ id: number }>(
      `INSERT INTO message_waves (message_id, utc_offset_min, run_at, status) VALUES ($1, NULL, now(), ${WaveStatus.QUEUED})
       RETURNING id::int AS id`,
      [stepId],
    );
    return wave!.id;
  }

  /**
   * Fresh planner statistics for the members after a large transition: the step's pages probe them right away, and
   * with statistics from before the insert PostgreSQL plans those probes for an empty table (the first seconds of a
   * 400,000-device step sent at a third of the usual rate).
   */
  async analyzeMembers(): Promise<void> {
    await this.database.query('ANALYZE journey_members');
  }

  /** A step's waves not run yet (a crash between the transition's commit and queueing its job leaves one). */
  async queuedWaves(id: number): Promise<Array<{ id: number; runAt: Date }>> {
    const rows = await this.database.query<{ id: number; runAt: Date }>(
      `SELECT id::int AS id, run_at AS "runAt" FROM message_waves WHERE message_id = $1 AND status = ${WaveStatus.QUEUED}`,
      [id],
    );
    return rows.map((r) => ({ id: r.id, runAt: new Date(r.runAt) }));
  }

  /**
   * The sweep's question, over every journey of every app: steps waiting for their turn whose source has ended (sent:
   * their wait may be due; not sent: they never enter), and steps that entered whose wave has not run (its job may
   * have been lost to a crash between the transition's commit and queueing it).
   */
  async waitingSteps(): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT m.id::int AS id
       FROM messages m
       JOIN messages src ON src.parent_msg_id = m.parent_msg_id AND src.group_tag = m.display_conditions->>'from'
                        AND NOT src.deleted
       WHERE m.journey_gated AND m.journey_entered_at IS NULL AND m.status = ${S.WAITING_SCHEDULED} AND NOT m.deleted
         AND src.status NOT IN (${[S.WAITING, S.WAITING_SCHEDULED, S.WAITING_LOCAL, S.SENDING, S.PENDING_REVIEW, S.AWAITING_AUDIT].join(', ')})
       UNION ALL
       SELECT m.id::int FROM messages m
       WHERE m.journey_gated AND m.journey_entered_at IS NOT NULL AND m.status = ${S.WAITING} AND NOT m.deleted
         AND EXISTS (SELECT 1 FROM message_waves w WHERE w.message_id = m.id AND w.status = ${WaveStatus.QUEUED})`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * The app's rates over its last 30 days of sends (the statistics rollups' per-day totals): what later steps'
   * estimates project from.
   */
  async rates(appId: number): Promise<{ push: number; dispatch: number; show: number; click: number }> {
    const [row] = await this.database.query<{ push: number; dispatch: number; show: number; click: number }>(
      `SELECT COALESCE(sum(push), 0)::float8 AS push, COALESCE(sum(dispatch), 0)::float8 AS dispatch,
              COALESCE(sum(show), 0)::float8 AS show, COALESCE(sum(click), 0)::float8 AS click
       FROM stat_app_day_totals WHERE app_id = $1 AND day >= (now() AT TIME ZONE 'UTC')::date - 30`,
      [appId],
    );
    return row ?? { push: 0, dispatch: 0, show: 0, click: 0 };
  }

  /** The zone of a journey's schedule. */
  async zone(journeyId: number): Promise<string | undefined> {
    const [row] = await this.database.query<{ zone: string }>(
      'SELECT schedule_utc AS zone FROM messages WHERE id = $1',
      [journeyId],
    );
    return row?.zone;
  }

  async statusOf(id: number): Promise<number | undefined> {
    const [row] = await this.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [
      id,
    ]);
    return row?.status;
  }
}
