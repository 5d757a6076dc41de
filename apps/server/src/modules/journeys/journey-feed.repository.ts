import { MessageStatus as S, type Condition, type JourneyBranch, type JourneyWait } from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';
import { compileAudience } from '../../audience/compile-conditions';
import { SendOutcome, WaveStatus } from '../../delivery/engine';
import { OUTCOME_SQL } from './journeys.repository';

/** A live step of a running event-started journey, as its feed reads it. */
interface LiveStep {
  id: number;
  appId: number;
  journeyId: number;
  groupTag: string;
  branch: JourneyBranch | null;
  conditions: Condition[];
  zone: string;
}

/** Minutes east of UTC of a schedule zone `+hhmm` / `-hhmm`. */
function zoneMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)) || 0);
}

/**
 * When a device's wait ends, in SQL, from the instant its source step was sent to it (`sent`): the shared rule
 * waitEnd — N hours or days later, or the next HH:mm wall time in the journey's zone.
 */
function dueSql(wait: JourneyWait, sent: string, zone: string, p: (v: unknown) => string): string {
  if (wait.unit !== 'at')
    return `(${sent} + make_interval(hours => ${p(wait.unit === 'days' ? wait.value * 24 : wait.value)}::int))`;
  const [h, m] = wait.time.split(':').map(Number) as [number, number];
  const offset = `make_interval(mins => ${p(zoneMinutes(zone))}::int)`;
  const local = `((${sent} AT TIME ZONE 'UTC') + ${offset})`;
  const at = `(date_trunc('day', ${local}) + make_interval(mins => ${p(h * 60 + m)}::int))`;
  return `(((CASE WHEN ${at} <= ${local} THEN ${at} + interval '1 day' ELSE ${at} END) - ${offset}) AT TIME ZONE 'UTC')`;
}

/**
 * The feed of event-started journeys' live steps (docs/journeys.md "Entry on an event"): each step is one message
 * that keeps sending while its journey runs. A feed gives each step its new members in one transaction — the entry
 * step the devices that entered since (written by the entry itself, waiting for a wave), a later step its source's
 * devices whose own wait ended since the step's last feed, with the branch's outcome, the step's conditions and an
 * entry not exited — and one wave that sends to exactly those members. A device is a member of a source's branches
 * once (the members' key), so a device is sent each step at most once whatever the feeds, processes and crashes.
 */
export class JourneyFeed {
  constructor(private readonly database: Database) {}

  /** The live steps of running event-started journeys (few rows: an index on the live steps). */
  async liveSteps(): Promise<LiveStep[]> {
    return this.database.query<LiveStep>(
      `SELECT m.id::int AS id, m.app_id AS "appId", m.parent_msg_id::int AS "journeyId", m.group_tag AS "groupTag",
              m.display_conditions AS branch, m.conditions, p.schedule_utc AS zone
       FROM messages m JOIN messages p ON p.id = m.parent_msg_id
       WHERE m.journey_live AND m.status = ${S.SENDING} AND NOT m.deleted AND p.status = ${S.SENDING} AND NOT p.deleted
       ORDER BY m.parent_msg_id, m.id`,
    );
  }

  /**
   * Feeds one step, in its own transaction (the step's row locked: one feed of a step at a time across processes):
   * the wave to queue, or undefined when no device was due.
   */
  async feed(tx: Queryable, step: LiveStep, siblings: LiveStep[]): Promise<number | undefined> {
    const [locked] = await tx.query<{ fedUntil: Date | null; now: Date }>(
      `SELECT journey_fed_until AS "fedUntil", now() AS now FROM messages
       WHERE id = $1 AND journey_live AND status = ${S.SENDING} FOR UPDATE`,
      [step.id],
    );
    if (!locked) return undefined;
    const [{ id: waveId } = { id: 0 }] = await tx.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('message_waves', 'id'))::int AS id`,
    );
    const added = step.branch
      ? await this.addFollowers(tx, step, siblings, waveId, locked.fedUntil ?? locked.now)
      : await this.addEntrants(tx, step, waveId);
    await tx.query(
      `UPDATE messages SET journey_fed_until = now(), target_count = target_count + $2,
         push_count = GREATEST(1, target_count + $2), updated_at = now() WHERE id = $1`,
      [step.id, added],
    );
    if (added === 0) return undefined;
    await tx.query(
      `INSERT INTO message_waves (id, message_id, utc_offset_min, run_at, status)
       VALUES ($1, $2, NULL, now(), ${WaveStatus.QUEUED})`,
      [waveId, step.id],
    );
    return waveId;
  }

  /** The entry step: the devices that entered (members without a wave) and have not exited since. */
  private async addEntrants(tx: Queryable, step: LiveStep, waveId: number): Promise<number> {
    await tx.query(
      `DELETE FROM journey_members jm WHERE jm.step_id = $1 AND jm.wave_id IS NULL AND NOT EXISTS (
         SELECT 1 FROM journey_entries x WHERE x.journey_id = $2 AND x.device_id = jm.device_id AND x.exited_at IS NULL)`,
      [step.id, step.journeyId],
    );
    const rows = await tx.query(
      'UPDATE journey_members SET wave_id = $2 WHERE step_id = $1 AND wave_id IS NULL RETURNING device_id',
      [step.id, waveId],
    );
    return rows.length;
  }

  /**
   * A later step: its source's dispatched devices whose wait ended in (from, now], with the outcome by then, the
   * step's conditions and an open entry. A residue takes a device once every other branch of its source could have.
   */
  private async addFollowers(
    tx: Queryable,
    step: LiveStep,
    siblings: LiveStep[],
    waveId: number,
    from: Date,
  ): Promise<number> {
    const branch = step.branch!;
    const source = siblings.find((s) => s.groupTag === branch.from);
    if (!source) return 0;
    const audience = compileAudience(step.appId, step.conditions);
    const params: unknown[] = [...audience.params];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const sent = 'sr.sent_at';
    const waits =
      branch.outcome === 'residue'
        ? [
            branch.wait,
            ...siblings.flatMap((s) =>
              s.id !== step.id && s.branch?.from === branch.from ? [s.branch.wait] : [],
            ),
          ]
        : [branch.wait];
    const dues = waits.map((w) => dueSql(w, sent, step.zone, p));
    const due = dues.length === 1 ? dues[0]! : `GREATEST(${dues.join(', ')})`;
    const rows = await tx.query(
      `INSERT INTO journey_members (source_id, device_id, step_id, wave_id)
       SELECT sr.message_id, sr.device_id, ${p(step.id)}::bigint, ${p(waveId)}::bigint
       FROM send_record_events sr JOIN devices ${audience.alias} ON ${audience.alias}.id = sr.device_id
       WHERE sr.message_id = ${p(source.id)}::bigint AND sr.outcome = ${SendOutcome.DISPATCHED}
         AND ${OUTCOME_SQL[branch.outcome]} AND ${audience.sql}
         AND ${due} > ${p(from.toISOString())}::timestamptz AND ${due} <= now()
         AND EXISTS (SELECT 1 FROM journey_entries x WHERE x.journey_id = ${p(step.journeyId)}::bigint
                     AND x.device_id = sr.device_id AND x.exited_at IS NULL)
       ON CONFLICT (source_id, device_id) DO NOTHING
       RETURNING device_id`,
      params,
    );
    return rows.length;
  }

  /** Waves of live steps queued a while ago and not run (a crash between a feed's commit and queueing its job). */
  async strandedWaves(): Promise<Array<{ id: number; runAt: Date }>> {
    const rows = await this.database.query<{ id: number; runAt: Date }>(
      `SELECT w.id::int AS id, w.run_at AS "runAt" FROM message_waves w JOIN messages m ON m.id = w.message_id
       WHERE m.journey_live AND m.status = ${S.SENDING} AND w.status = ${WaveStatus.QUEUED}
         AND w.run_at < now() - interval '30 seconds'`,
    );
    return rows.map((r) => ({ id: r.id, runAt: new Date(r.runAt) }));
  }
}
