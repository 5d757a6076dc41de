import { CONTROL_GROUP_BUCKETS, EVENT_BITS } from '@beacon/shared';
import type { Database } from '../../db/client';
import { abBucketSql, LOSS, SendOutcome } from '../../delivery/engine';

/** The control groups' reads: the app's devices, a message's send records against the devices' app opens. */
export class ControlGroupsRepository {
  constructor(private readonly database: Database) {}

  /** A message of the app (not deleted) and when it started sending (null: not yet). */
  async message(appId: number, msgId: number): Promise<{ id: number; startedAt: Date | null } | undefined> {
    const [row] = await this.database.query<{ id: number; startedAt: Date | null }>(
      `SELECT id::int AS id, started_at AS "startedAt" FROM messages WHERE id = $1 AND app_id = $2 AND NOT deleted`,
      [msgId, appId],
    );
    return row && { id: row.id, startedAt: row.startedAt && new Date(row.startedAt) };
  }

  /** How many devices the app has (the members are about `share` % of them). */
  async devices(appId: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM devices WHERE app_id = $1',
      [appId],
    );
    return row?.n ?? 0;
  }

  /** The advertising ids of the app's devices in its control group (the stable hash below `buckets`), in id order. */
  async members(appId: number, seed: string, buckets: number): Promise<string[]> {
    if (buckets <= 0) return [];
    const rows = await this.database.query<{ gaid: string }>(
      `SELECT d.gaid::text AS gaid FROM devices d
       WHERE d.app_id = $1 AND ${abBucketSql('d.id', '$2::text')} < $3::int ORDER BY d.id`,
      [appId, seed, Math.min(buckets, CONTROL_GROUP_BUCKETS)],
    );
    return rows.map((r) => r.gaid);
  }

  /**
   * A message's two sides, intention to treat: the targeted devices not held out (whatever became of their send) and
   * the control members it targeted (loss 113, 114), each with how many opened the app since `since` (a registration
   * or heartbeat: `app_active_at`; a click on the push opens it too), and the clicks of the first.
   */
  async lift(
    messageId: number,
    since: Date,
  ): Promise<{ sent: number; sentOpened: number; clicked: number; control: number; controlOpened: number }> {
    const held = `sr.outcome = ${SendOutcome.LOST} AND sr.loss_code IN (${LOSS.CONTROL_GROUP}, ${LOSS.HOLDOUT})`;
    const [row] = await this.database.query<{
      sent: number;
      sentOpened: number;
      clicked: number;
      control: number;
      controlOpened: number;
    }>(
      `SELECT count(*) FILTER (WHERE NOT (${held}))::int AS sent,
              count(*) FILTER (WHERE NOT (${held})
                AND (d.app_active_at >= $2 OR sr.event_mask & ${EVENT_BITS.clicked} <> 0))::int AS "sentOpened",
              count(*) FILTER (WHERE sr.event_mask & ${EVENT_BITS.clicked} <> 0)::int AS clicked,
              count(*) FILTER (WHERE ${held})::int AS control,
              count(*) FILTER (WHERE ${held} AND d.app_active_at >= $2)::int AS "controlOpened"
       FROM send_record_events sr JOIN devices d ON d.id = sr.device_id WHERE sr.message_id = $1`,
      [messageId, since],
    );
    return row ?? { sent: 0, sentOpened: 0, clicked: 0, control: 0, controlOpened: 0 };
  }

  /** The app's devices in its control group (the stable hash below `buckets`) and in all: one pass over its devices. */
  async sides(appId: number, seed: string, buckets: number): Promise<{ control: number; devices: number }> {
    const [row] = await this.database.query<{ control: number; devices: number }>(
      `SELECT count(*) FILTER (WHERE ${abBucketSql('d.id', '$2::text')} < $3::int)::int AS control,
              count(*)::int AS devices
       FROM devices d WHERE d.app_id = $1`,
      [appId, seed, Math.min(buckets, CONTROL_GROUP_BUCKETS)],
    );
    return row ?? { control: 0, devices: 0 };
  }

  /** The devices active each day of [start, end] on each side of the control group (stat_control_days). */
  async activeDays(
    appId: number,
    start: string,
    end: string,
  ): Promise<Array<{ day: string; inControl: boolean; active: number }>> {
    return this.database.query<{ day: string; inControl: boolean; active: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, in_control AS "inControl", active
       FROM stat_control_days WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day, in_control`,
      [appId, start, end],
    );
  }
}
