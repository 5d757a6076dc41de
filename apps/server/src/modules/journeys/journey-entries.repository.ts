import {
  JOURNEY_TYPE,
  MessageStatus as S,
  type Condition,
  type JourneyEntry,
  type PropertyCondition,
} from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';
import { audienceOf } from '../../delivery/engine';

/** Advisory lock of the entries' transaction: one at a time across processes (the re-entry rules read earlier rows). */
const ENTRIES_LOCK = 727_047;

export const TRIGGER = { entry: 1, exit: 2 } as const;

type EventEntry = Extract<JourneyEntry, { kind: 'event' }>;

interface LiveJourney {
  id: number;
  appId: number;
  targetingType: number;
  conditions: Condition[];
  userIds: string[];
  entry: EventEntry;
  role: number;
  nameId: number;
}

/** A property condition in SQL over `ce.properties` (jsonb), its value a parameter: another type meets nothing. */
function propertySql(c: PropertyCondition, p: (v: unknown) => string): string {
  const key = p(c.key);
  const typed = `jsonb_typeof(ce.properties -> ${key}::text) = ${p(typeof c.value)}::text`;
  if (typeof c.value === 'number') {
    const v = `${p(c.value)}::float8`;
    const x = `(CASE WHEN ${typed} THEN (ce.properties ->> ${key}::text)::float8 END)`;
    const op = { eq: '=', neq: '<>', gt: '>', lt: '<', contains: '=' }[c.op];
    return `COALESCE(${x} ${op} ${v}, false)`;
  }
  const x = `(ce.properties -> ${key}::text)`;
  if (c.op === 'contains') return `(${typed} AND strpos(${x} #>> '{}', ${p(String(c.value))}::text) > 0)`;
  return `(${typed} AND ${x} ${c.op === 'neq' ? '<>' : '='} to_jsonb(${p(c.value)}::${typeof c.value === 'boolean' ? 'boolean' : 'text'}))`;
}

/**
 * The entries and exits of journeys started by an event (docs/journeys.md "Entry on an event"): the ingest's flush
 * queues the newly stored events of listened names (journey_event_pending, in its own statement); this takes them in
 * batches, one transaction each that deletes what it takes, under one advisory lock across processes, so each event
 * acts exactly once and the re-entry rules see every earlier entry. An entry is a row of journey_entries, unique per
 * (journey, device, entry_key): a device enters a "once" journey once whatever the deliveries.
 */
export class JourneyEntries {
  constructor(private readonly database: Database) {}

  /** Takes up to `limit` queued flushes and makes their devices enter or exit; returns how many it took. */
  async take(tx: Queryable, limit: number): Promise<number> {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ENTRIES_LOCK]);
    const taken = await tx.query<{
      device_ids: string[];
      name_ids: number[];
      ats: Date[];
      accepted_at: Date;
    }>(
      `DELETE FROM journey_event_pending WHERE id IN (
         SELECT id FROM journey_event_pending ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING device_ids::text[] AS device_ids, name_ids, ats, accepted_at`,
      [limit],
    );
    if (taken.length === 0) return 0;
    const devices: string[] = [];
    const names: number[] = [];
    const ats: string[] = [];
    const accepted: string[] = [];
    for (const t of taken)
      t.device_ids.forEach((d, i) => {
        devices.push(d);
        names.push(t.name_ids[i]!);
        ats.push(new Date(t.ats[i]!).toISOString());
        accepted.push(new Date(t.accepted_at).toISOString());
      });
    const journeys = await this.live(tx, [...new Set(names)]);
    // entries first, then exits: an exit event at or after an entry's event (of this batch too) ends that entry
    for (const j of journeys.filter((x) => x.role === TRIGGER.entry))
      await this.enter(tx, j, devices, names, ats, accepted);
    for (const j of journeys.filter((x) => x.role === TRIGGER.exit))
      await this.exit(tx, j, devices, names, ats);
    return taken.length;
  }

  /** The running journeys listening to these names (a stopped one's triggers are gone, or its status says so). */
  private async live(tx: Queryable, nameIds: number[]): Promise<LiveJourney[]> {
    const rows = await tx.query<LiveJourney & { data: { entry?: JourneyEntry } }>(
      `SELECT p.id::int AS id, p.app_id AS "appId", p.targeting_type AS "targetingType", p.conditions,
              p.user_ids AS "userIds", p.data, t.role, t.name_id AS "nameId"
       FROM journey_triggers t JOIN messages p ON p.id = t.journey_id
       WHERE t.name_id = ANY($1::int[]) AND p.msg_type = ${JOURNEY_TYPE} AND p.status = ${S.SENDING} AND NOT p.deleted
       ORDER BY p.id, t.role`,
      [nameIds],
    );
    return rows.flatMap((r) => (r.data.entry?.kind === 'event' ? [{ ...r, entry: r.data.entry }] : []));
  }

  private async enter(
    tx: Queryable,
    j: LiveJourney,
    devices: string[],
    names: number[],
    ats: string[],
    accepted: string[],
  ): Promise<void> {
    let audience;
    try {
      audience = audienceOf({
        appId: j.appId,
        targetingType: j.targetingType,
        conditions: j.conditions,
        userIds: j.userIds,
        id: j.id,
      });
    } catch {
      return; // an audience the engine cannot compile (a user group): no device matches it
    }
    const params: unknown[] = [...audience.params];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const journey = p(j.id);
    const nameId = p(j.nameId);
    const events = `unnest(${p(devices)}::bigint[], ${p(names)}::int[], ${p(ats)}::timestamptz[], ${p(accepted)}::timestamptz[])
                    AS e(device_id, name_id, at, accepted_at)`;
    const props = j.entry.properties.map((c) => propertySql(c, p));
    const r = j.entry.reEntry;
    const key = r.kind === 'once' ? '0' : `(extract(epoch FROM e.at) * 1000)::bigint`;
    const earlier = (within: string) =>
      `SELECT count(*) FROM journey_entries x WHERE x.journey_id = ${journey}::bigint AND x.device_id = e.device_id
         AND x.event_at > e.at - ${within}`;
    const rule =
      r.kind === 'after'
        ? `AND (${earlier(`make_interval(hours => ${p(r.hours)}::int)`)}) = 0`
        : r.kind === 'every'
          ? `AND (${earlier(`interval '24 hours'`)}) < ${p(r.perDay)}::int`
          : '';
    // one entry a device per batch (its first matching event), then the key and the rule against earlier entries; a
    // device that enters is a member of the entry step, given a wave by the step's next feed (journey-feed.repository)
    await tx.query(
      `WITH entered AS (
       INSERT INTO journey_entries (journey_id, device_id, entry_key, event_at, accepted_at)
       SELECT ${journey}::bigint, e.device_id, ${key}, e.at, e.accepted_at
       FROM (
         SELECT DISTINCT ON (e.device_id) e.device_id, e.at, e.accepted_at
         FROM ${events}
         JOIN custom_events ce ON ce.device_id = e.device_id AND ce.name_id = e.name_id AND ce.at = e.at
         JOIN devices ${audience.alias} ON ${audience.alias}.id = e.device_id
         WHERE e.name_id = ${nameId}::int AND ${audience.sql} ${props.map((s) => `AND ${s}`).join(' ')}
         ORDER BY e.device_id, e.at
       ) e
       WHERE true ${rule}
       ON CONFLICT (journey_id, device_id, entry_key) DO NOTHING
       RETURNING device_id)
       INSERT INTO journey_members (source_id, device_id, step_id)
       SELECT ${journey}::bigint, e.device_id, s.id FROM entered e
       JOIN messages s ON s.parent_msg_id = ${journey}::bigint AND s.journey_live AND s.display_conditions IS NULL
                      AND NOT s.deleted
       ON CONFLICT (source_id, device_id) DO NOTHING`,
      params,
    );
  }

  private async exit(tx: Queryable, j: LiveJourney, devices: string[], names: number[], ats: string[]) {
    await tx.query(
      `UPDATE journey_entries x SET exited_at = e.at
       FROM (SELECT device_id, min(at) AS at FROM unnest($2::bigint[], $3::int[], $4::timestamptz[]) AS u(device_id, name_id, at)
             WHERE name_id = $5 GROUP BY device_id) e
       WHERE x.journey_id = $1 AND x.device_id = e.device_id AND x.exited_at IS NULL AND x.event_at <= e.at`,
      [j.id, devices, names, ats, j.nameId],
    );
  }

  /** Makes a confirmed event journey live: the names it listens to (its entry and exit events, by the app's ids). */
  async listen(journeyId: number, appId: number, entry: EventEntry): Promise<void> {
    await this.database.query(
      `INSERT INTO journey_triggers (name_id, journey_id, role)
       SELECT n.id, $1, CASE WHEN n.name = $3 THEN ${TRIGGER.entry} ELSE ${TRIGGER.exit} END
       FROM app_event_names n WHERE n.app_id = $2 AND n.name IN ($3, $4)
       ON CONFLICT DO NOTHING`,
      [journeyId, appId, entry.name, entry.exitName ?? entry.name],
    );
  }

  /** A stopped journey listens no more. */
  async forget(journeyId: number): Promise<void> {
    await this.database.query('DELETE FROM journey_triggers WHERE journey_id = $1', [journeyId]);
  }

  /** Entries and exits of journeys so far. */
  async counts(journeyIds: number[]): Promise<Map<number, { entries: number; exits: number }>> {
    if (journeyIds.length === 0) return new Map();
    const rows = await this.database.query<{ id: number; entries: number; exits: number }>(
      `SELECT journey_id::int AS id, count(*)::int AS entries, count(exited_at)::int AS exits
       FROM journey_entries WHERE journey_id = ANY($1::bigint[]) GROUP BY journey_id`,
      [journeyIds],
    );
    return new Map(rows.map((r) => [r.id, { entries: r.entries, exits: r.exits }]));
  }

  /** The app's event names (the service checks an entry against them). */
  async names(appId: number): Promise<Map<string, { types: Record<string, string> }>> {
    const rows = await this.database.query<{ name: string; types: Record<string, string> }>(
      'SELECT name, property_types AS types FROM app_event_names WHERE app_id = $1',
      [appId],
    );
    return new Map(rows.map((r) => [r.name, { types: r.types }]));
  }
}
