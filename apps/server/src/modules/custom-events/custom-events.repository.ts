import type { DeviceCustomEvent, PropertyType } from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';

/** One accepted event of a flush: its call (`item`), device by (app, gaid), name id, time and properties. */
export interface CustomEventRow {
  item: number;
  appId: number;
  gaid: string;
  nameId: number;
  at: Date;
  properties: Record<string, string | number | boolean>;
}

/** An event the flush newly stored (not a repeat): what the counting counts and a later hook may act on. */
export interface StoredCustomEvent {
  deviceId: string;
  nameId: number;
  /** ISO time */
  at: string;
}

/** An app's event name as the ingest caches it. */
export interface NameRecord {
  id: number;
  name: string;
  types: Record<string, PropertyType>;
}

/** Advisory lock class of the names' registration (one app at a time; db/partitions.ts holds 727_003). */
const NAMES_LOCK = 727_043;

/**
 * Custom events' SQL (migration 0043): the app's names, the ingest's one statement per flush (events stored once by
 * their key, the new ones queued for counting), the counting of the queue, and the reads of the console.
 */
export class CustomEventsRepository {
  constructor(private readonly database: Database) {}

  /** Whether transactions run in parallel (PostgreSQL's pool), so that flushes may overlap. */
  get parallelTransactions(): boolean {
    return this.database.kind === 'postgres';
  }

  /** Whether the app has a device with this advertising id. */
  async hasDevice(appId: number, gaid: string): Promise<boolean> {
    const rows = await this.database.query('SELECT 1 FROM devices WHERE app_id = $1 AND gaid = $2::uuid', [
      appId,
      gaid,
    ]);
    return rows.length > 0;
  }

  async names(appId: number): Promise<NameRecord[]> {
    return this.database.query<NameRecord>(
      `SELECT id, name, property_types AS types FROM app_event_names WHERE app_id = $1`,
      [appId],
    );
  }

  /**
   * Adds names and property keys (with their types) to an app, one app at a time (an advisory lock): a new name only
   * while the app has fewer than `maxNames`; a key already typed keeps its type. Returns every name of the app after
   * it, and the new names refused for the limit.
   */
  async addNames(
    appId: number,
    additions: ReadonlyMap<string, Record<string, PropertyType>>,
    maxNames: number,
  ): Promise<{ names: NameRecord[]; refused: string[] }> {
    return this.database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [NAMES_LOCK, appId]);
      const have = new Set((await this.namesIn(tx, appId)).map((n) => n.name));
      let room = maxNames - have.size;
      const refused: string[] = [];
      const names: string[] = [];
      const types: string[] = [];
      for (const [name, t] of additions) {
        if (!have.has(name)) {
          if (room <= 0) {
            refused.push(name);
            continue;
          }
          room--;
        }
        names.push(name);
        types.push(JSON.stringify(t));
      }
      if (names.length > 0)
        await tx.query(
          `INSERT INTO app_event_names AS n (app_id, name, property_types)
           SELECT $1, t.name, t.types::jsonb FROM unnest($2::text[], $3::text[]) AS t(name, types) ORDER BY t.name
           ON CONFLICT (app_id, name) DO UPDATE SET property_types = EXCLUDED.property_types || n.property_types`,
          [appId, names, types],
        );
      return { names: await this.namesIn(tx, appId), refused };
    });
  }

  private namesIn(q: Queryable, appId: number): Promise<NameRecord[]> {
    return q.query<NameRecord>(
      `SELECT id, name, property_types AS types FROM app_event_names WHERE app_id = $1`,
      [appId],
    );
  }

  /**
   * The flush: stores the events of known devices and live names once each (a repeat of a stored (device, name, at)
   * is nothing), queues the newly stored ones for counting (one stat_custom_pending row) and those a live journey
   * listens to for its entries (one journey_event_pending row), in one statement. Returns
   * the items whose device was found, and the events newly stored.
   */
  async insert(rows: CustomEventRow[]): Promise<{ found: Set<number>; stored: StoredCustomEvent[] }> {
    if (rows.length === 0) return { found: new Set(), stored: [] };
    const [out] = await this.database.query<{ found: number[]; stored: StoredCustomEvent[] | null }>(
      `WITH t AS (
         SELECT * FROM unnest($1::int[], $2::int[], $3::uuid[], $4::int[], $5::timestamptz[], $6::text[])
           AS t(item, app_id, gaid, name_id, at, properties)
       ), v AS MATERIALIZED (
         SELECT t.item, d.id AS device_id, t.name_id, t.at, t.properties::jsonb AS properties
         FROM t JOIN devices d ON d.app_id = t.app_id AND d.gaid = t.gaid
         -- a name deleted since the caller's cache read it: its events are not stored
         JOIN app_event_names n ON n.id = t.name_id AND n.app_id = t.app_id
       ), ins AS (
         INSERT INTO custom_events (device_id, name_id, at, properties)
         SELECT DISTINCT ON (device_id, name_id, at) device_id, name_id, at, properties FROM v
         ORDER BY device_id, name_id, at
         ON CONFLICT (device_id, name_id, at) DO NOTHING
         RETURNING device_id, name_id, at
       ), queued AS (
         INSERT INTO stat_custom_pending (device_ids, name_ids, ats)
         SELECT array_agg(device_id), array_agg(name_id), array_agg(at) FROM ins HAVING count(*) > 0
       ), journeys AS (
         -- the events of names a live journey listens to (migration 0047), for its entries and exits
         INSERT INTO journey_event_pending (device_ids, name_ids, ats)
         SELECT array_agg(device_id), array_agg(name_id), array_agg(at) FROM ins
         WHERE name_id IN (SELECT t.name_id FROM journey_triggers t) HAVING count(*) > 0
       )
       SELECT ARRAY(SELECT DISTINCT item FROM v) AS found,
              (SELECT json_agg(json_build_object('deviceId', device_id::text, 'nameId', name_id, 'at', at)) FROM ins)
                AS stored`,
      [
        rows.map((r) => r.item),
        rows.map((r) => r.appId),
        rows.map((r) => r.gaid),
        rows.map((r) => r.nameId),
        rows.map((r) => r.at),
        rows.map((r) => JSON.stringify(r.properties)),
      ],
      { prepared: true },
    );
    return { found: new Set(out?.found ?? []), stored: out?.stored ?? [] };
  }

  /**
   * Counts up to `limit` queued flushes and deletes them, in the caller's transaction: each (device, name, UTC day)
   * adds its events to custom_event_days, whose first row of a day counts the device once; stat_custom_events gets the
   * events and the new devices by (app, day, name); the names' last_seen moves. Names deleted meanwhile count
   * nothing. Rows are written in key order, so concurrent runs wait for each other, never deadlock. Returns the
   * queue rows taken.
   */
  async countQueued(tx: Queryable, limit: number): Promise<number> {
    const [out] = await tx.query<{ taken: number }>(
      `WITH taken AS (
         DELETE FROM stat_custom_pending WHERE id IN (
           SELECT id FROM stat_custom_pending ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING device_ids, name_ids, ats
       ), g AS MATERIALIZED (
         SELECT n.app_id, u.device_id, u.name_id, (u.at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS events,
                max(u.at) AS last_at
         FROM taken, unnest(taken.device_ids, taken.name_ids, taken.ats) AS u(device_id, name_id, at)
         JOIN app_event_names n ON n.id = u.name_id
         GROUP BY n.app_id, u.device_id, u.name_id, day
       ), per AS (
         INSERT INTO custom_event_days AS c (device_id, name_id, day, events)
         SELECT device_id, name_id, day, events FROM g ORDER BY device_id, name_id, day
         ON CONFLICT (device_id, name_id, day) DO UPDATE SET events = c.events + EXCLUDED.events
         RETURNING c.device_id, c.name_id, c.day, (c.xmax = 0) AS inserted
       ), s AS (
         SELECT g.app_id, g.day, g.name_id, sum(g.events)::bigint AS events,
                count(*) FILTER (WHERE per.inserted)::bigint AS devices
         FROM g JOIN per ON per.device_id = g.device_id AND per.name_id = g.name_id AND per.day = g.day
         GROUP BY g.app_id, g.day, g.name_id
       ), st AS (
         INSERT INTO stat_custom_events AS x (app_id, day, name_id, events, devices)
         SELECT app_id, day, name_id, events, devices FROM s ORDER BY app_id, day, name_id
         ON CONFLICT (app_id, day, name_id) DO UPDATE
           SET events = x.events + EXCLUDED.events, devices = x.devices + EXCLUDED.devices
       ), seen AS (
         UPDATE app_event_names n SET last_seen = GREATEST(n.last_seen, l.last_at)
         FROM (SELECT name_id, max(last_at) AS last_at FROM g GROUP BY name_id) l
         WHERE n.id = l.name_id
       )
       SELECT count(*)::int AS taken FROM taken`,
      [limit],
      { prepared: true },
    );
    return out?.taken ?? 0;
  }

  /** A page of the app's names, by name, with their events counted over the kept days, and how many it has. */
  async listNames(appId: number, offset: number, limit: number) {
    const [rows, [count]] = await Promise.all([
      this.database.query<{
        id: number;
        name: string;
        types: Record<string, PropertyType>;
        firstSeen: Date;
        lastSeen: Date;
        events: number;
      }>(
        `SELECT n.id, n.name, n.property_types AS types, n.first_seen AS "firstSeen", n.last_seen AS "lastSeen",
                COALESCE((SELECT sum(s.events) FROM stat_custom_events s
                          WHERE s.app_id = n.app_id AND s.name_id = n.id), 0)::float8 AS events
         FROM app_event_names n WHERE n.app_id = $1 ORDER BY n.name LIMIT $2 OFFSET $3`,
        [appId, limit, offset],
      ),
      this.database.query<{ n: number }>('SELECT count(*)::int AS n FROM app_event_names WHERE app_id = $1', [
        appId,
      ]),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** Deletes a name of the app and its counts; false when the app has no such name. */
  async deleteName(appId: number, nameId: number): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [NAMES_LOCK, appId]);
      const gone = await tx.query('DELETE FROM app_event_names WHERE app_id = $1 AND id = $2 RETURNING id', [
        appId,
        nameId,
      ]);
      if (gone.length === 0) return false;
      await tx.query('DELETE FROM stat_custom_events WHERE app_id = $1 AND name_id = $2', [appId, nameId]);
      return true;
    });
  }

  /** The counts by UTC day and name over [start, end]. */
  async days(appId: number, start: string, end: string) {
    return this.database.query<{ date: string; name: string; events: number; devices: number }>(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS date, n.name, s.events::int AS events, s.devices::int AS devices
       FROM stat_custom_events s JOIN app_event_names n ON n.id = s.name_id
       WHERE s.app_id = $1 AND s.day BETWEEN $2::date AND $3::date
       ORDER BY s.day, n.name`,
      [appId, start, end],
    );
  }

  /** A device's latest custom events (by its primary key's device prefix), newest first. */
  async recentOf(appId: number, gaid: string, limit: number): Promise<DeviceCustomEvent[]> {
    const rows = await this.database.query<{
      name: string;
      at: Date;
      properties: DeviceCustomEvent['properties'];
    }>(
      `SELECT n.name, e.at, e.properties
       FROM devices d JOIN custom_events e ON e.device_id = d.id JOIN app_event_names n ON n.id = e.name_id
       WHERE d.app_id = $1 AND d.gaid = $2::uuid
       ORDER BY e.at DESC, n.name LIMIT $3`,
      [appId, gaid, limit],
    );
    return rows.map((r) => ({ name: r.name, at: new Date(r.at).toISOString(), properties: r.properties }));
  }
}
