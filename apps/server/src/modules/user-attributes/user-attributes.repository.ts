import { ATTRIBUTE_LIMITS, type AttributeType, type AttributeValue } from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';

/** A transaction of this repository's statements (the attribute flushes run several). */
export type AttributesTx = Queryable;

/** One device's naming: the app's external id for its user, or null (signed out). */
export interface NameRow {
  appId: number;
  gaid: string;
  externalId: string | null;
}

/** What a flush writes on one user: the values to set and the keys to unset (disjoint). */
export interface UserPatch {
  userId: string;
  set: Record<string, AttributeValue>;
  unset: string[];
}

export interface DefinitionRow {
  appId: number;
  key: string;
  type: AttributeType;
}

export interface DefinitionListRow {
  key: string;
  type: AttributeType;
  createdAt: Date | string;
  lastWrittenAt: Date | string;
}

/** A device's user as troubleshooting shows it. */
export interface DeviceUserRow {
  externalId: string | null;
  attributes: Record<string, unknown>;
}

/** The namespace of the advisory locks on an app's attribute definitions (the second key is the app's id). */
const DEFINITIONS_LOCK = 727_033;

/** Users and attributes: set-based statements for the device API's group commits, and the settings' reads. */
export class UserAttributesRepository {
  constructor(private readonly database: Database) {}

  /** Whether transactions run in parallel (PostgreSQL's pool), so that flushes may overlap. */
  get parallelTransactions(): boolean {
    return this.database.kind === 'postgres';
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.database.transaction(fn);
  }

  /**
   * Points each device at its named user (created when new), or at none when signed out (null); a device already so
   * is not written. An anonymous user of a device being named is merged into the named user (the named user's own
   * values win) and deleted. Devices are locked in (app, gaid) order, as registrations lock them. Returns the devices
   * found.
   */
  async name(rows: NameRow[], q: Queryable = this.database): Promise<Array<{ appId: number; gaid: string }>> {
    if (rows.length === 0) return [];
    return q.query(
      `WITH v AS (SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[]) AS t(app_id, gaid, external_id)),
       dev AS (
         SELECT d.id, d.app_id, d.gaid, d.user_id, v.external_id FROM devices d
         JOIN v ON v.app_id = d.app_id AND v.gaid = d.gaid
         ORDER BY d.app_id, d.gaid FOR NO KEY UPDATE OF d
       ), cur AS (
         SELECT dev.id AS device_id, u.id AS user_id, u.external_id, u.attributes FROM dev
         JOIN app_users u ON u.id = dev.user_id
       ), changing AS (
         SELECT dev.id, dev.app_id, dev.external_id, cur.user_id AS cur_user, cur.external_id AS cur_external,
                cur.attributes AS cur_attributes
         FROM dev LEFT JOIN cur ON cur.device_id = dev.id
         WHERE CASE WHEN dev.external_id IS NULL THEN cur.external_id IS NOT NULL
                    ELSE cur.external_id IS DISTINCT FROM dev.external_id END
       ), anon AS (
         SELECT cur_user, app_id, external_id, cur_attributes FROM changing
         WHERE external_id IS NOT NULL AND cur_user IS NOT NULL AND cur_external IS NULL
       ), carried AS (
         SELECT anon.app_id, anon.external_id, jsonb_object_agg(e.key, e.value) AS attributes
         FROM anon CROSS JOIN LATERAL jsonb_each(anon.cur_attributes) e GROUP BY anon.app_id, anon.external_id
       ), named AS (
         INSERT INTO app_users AS u (app_id, external_id, attributes)
         SELECT n.app_id, n.external_id, coalesce(c.attributes, '{}'::jsonb)
         FROM (SELECT DISTINCT app_id, external_id FROM changing WHERE external_id IS NOT NULL) n
         LEFT JOIN carried c ON c.app_id = n.app_id AND c.external_id = n.external_id
         ORDER BY n.app_id, n.external_id
         ON CONFLICT (app_id, external_id) WHERE external_id IS NOT NULL
         DO UPDATE SET attributes = EXCLUDED.attributes || u.attributes, updated_at = now()
         RETURNING u.id, u.app_id, u.external_id
       ), dropped AS (
         DELETE FROM app_users WHERE id IN (SELECT cur_user FROM anon)
       ), moved AS (
         UPDATE devices d SET user_id = named.id
         FROM changing ch LEFT JOIN named ON named.app_id = ch.app_id AND named.external_id = ch.external_id
         WHERE d.id = ch.id
       )
       SELECT dev.app_id AS "appId", dev.gaid::text AS gaid FROM dev`,
      [rows.map((r) => r.appId), rows.map((r) => r.gaid), rows.map((r) => r.externalId)],
      { prepared: true },
    );
  }

  /**
   * Takes the apps' definition locks for this transaction, in app order (no deadlock between flushes): exclusive for
   * the apps whose definitions it changes (a new key, a deletion), shared for the others (writes of known keys run
   * side by side).
   */
  async lockDefinitions(tx: AttributesTx, apps: Array<{ appId: number; exclusive: boolean }>): Promise<void> {
    for (const { appId, exclusive } of [...apps].sort((a, b) => a.appId - b.appId))
      await tx.query(
        exclusive
          ? 'SELECT pg_advisory_xact_lock($1::int, $2::int)'
          : 'SELECT pg_advisory_xact_lock_shared($1::int, $2::int)',
        [DEFINITIONS_LOCK, appId],
      );
  }

  async definitions(appIds: number[], q: Queryable = this.database): Promise<DefinitionRow[]> {
    return q.query<DefinitionRow>(
      'SELECT app_id AS "appId", key, type FROM app_attributes WHERE app_id = ANY($1::int[])',
      [appIds],
    );
  }

  async define(tx: AttributesTx, rows: DefinitionRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO app_attributes (app_id, key, type)
       SELECT * FROM unnest($1::int[], $2::text[], $3::smallint[]) ON CONFLICT DO NOTHING`,
      [rows.map((r) => r.appId), rows.map((r) => r.key), rows.map((r) => r.type)],
    );
  }

  /**
   * Locks the devices (in (app, gaid) order, as registrations lock them, until the transaction ends) and reads their
   * users; devices not found are absent, a device with no user has `userId` null.
   */
  async lockDevices(
    tx: AttributesTx,
    devices: Array<{ appId: number; gaid: string }>,
  ): Promise<Array<{ appId: number; gaid: string; deviceId: string; userId: string | null }>> {
    if (devices.length === 0) return [];
    return tx.query(
      `SELECT d.app_id AS "appId", d.gaid::text AS gaid, d.id::text AS "deviceId", d.user_id::text AS "userId"
       FROM devices d JOIN unnest($1::int[], $2::uuid[]) AS v(app_id, gaid) ON v.app_id = d.app_id AND v.gaid = d.gaid
       ORDER BY d.app_id, d.gaid FOR NO KEY UPDATE OF d`,
      [devices.map((d) => d.appId), devices.map((d) => d.gaid)],
      { prepared: true },
    );
  }

  /** Gives each device (locked, with no user) an anonymous user of its own; returns device → user. */
  async makeAnonymous(
    tx: AttributesTx,
    devices: Array<{ appId: number; deviceId: string }>,
  ): Promise<Array<{ deviceId: string; userId: string }>> {
    if (devices.length === 0) return [];
    return tx.query(
      `WITH bare AS (
         SELECT device_id, app_id, nextval(pg_get_serial_sequence('app_users', 'id')) AS user_id
         FROM unnest($1::bigint[], $2::int[]) AS t(device_id, app_id)
       ), made AS (
         INSERT INTO app_users (id, app_id) SELECT user_id, app_id FROM bare
       ), pointed AS (
         UPDATE devices d SET user_id = bare.user_id FROM bare WHERE d.id = bare.device_id
       )
       SELECT device_id::text AS "deviceId", user_id::text AS "userId" FROM bare`,
      [devices.map((d) => d.deviceId), devices.map((d) => d.appId)],
      { prepared: true },
    );
  }

  /** Applies one patch per user, users locked in id order; the keys' last write moves at most once a minute. */
  async patch(tx: AttributesTx, patches: UserPatch[], written: Array<{ appId: number; key: string }>) {
    if (patches.length === 0) return;
    await tx.query(
      `WITH p AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS t("userId" bigint, set jsonb, unset jsonb)
       ), locked AS (
         SELECT u.id FROM app_users u JOIN p ON p."userId" = u.id ORDER BY u.id FOR NO KEY UPDATE OF u
       )
       UPDATE app_users u
       SET attributes = (u.attributes - ARRAY(SELECT jsonb_array_elements_text(p.unset))) || p.set, updated_at = now()
       FROM p WHERE u.id = p."userId" AND u.id IN (SELECT id FROM locked)`,
      [JSON.stringify(patches)],
      { prepared: true },
    );
    if (written.length === 0) return;
    await tx.query(
      `UPDATE app_attributes a SET last_written_at = now()
       FROM (
         SELECT x.app_id, x.key FROM app_attributes x
         JOIN unnest($1::int[], $2::text[]) AS w(app_id, key) ON w.app_id = x.app_id AND w.key = x.key
         WHERE x.last_written_at < now() - interval '1 minute'
         ORDER BY x.app_id, x.key FOR UPDATE OF x SKIP LOCKED
       ) s
       WHERE a.app_id = s.app_id AND a.key = s.key`,
      [written.map((w) => w.appId), written.map((w) => w.key)],
      { prepared: true },
    );
  }

  /** The app's attributes, by key. */
  async list(appId: number): Promise<DefinitionListRow[]> {
    return (this.database.reads ?? this.database).query<DefinitionListRow>(
      `SELECT key, type, created_at AS "createdAt", last_written_at AS "lastWrittenAt"
       FROM app_attributes WHERE app_id = $1 ORDER BY key`,
      [appId],
    );
  }

  /** The app's users, counted up to ATTRIBUTE_LIMITS.usersCounted + 1 (more: "over" it). */
  async countUsers(appId: number): Promise<number> {
    const [row] = await (this.database.reads ?? this.database).query<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT 1 FROM app_users WHERE app_id = $1 LIMIT $2) s',
      [appId, ATTRIBUTE_LIMITS.usersCounted + 1],
    );
    return row?.n ?? 0;
  }

  /**
   * Deletes an attribute: its definition and its value on every user of the app, in one transaction holding the app's
   * definitions exclusively (no write of the key slips in between). Returns whether it existed.
   */
  async remove(appId: number, key: string): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      await this.lockDefinitions(tx, [{ appId, exclusive: true }]);
      const gone = await tx.query('DELETE FROM app_attributes WHERE app_id = $1 AND key = $2 RETURNING key', [
        appId,
        key,
      ]);
      await tx.query(
        `UPDATE app_users SET attributes = attributes - $2::text, updated_at = now()
         WHERE app_id = $1 AND attributes ? $2::text`,
        [appId, key],
      );
      return gone.length > 0;
    });
  }

  /** The device's user, or undefined when it has none (or no such device). */
  async ofDevice(appId: number, gaid: string): Promise<DeviceUserRow | undefined> {
    const [row] = await this.database.query<DeviceUserRow>(
      `SELECT u.external_id AS "externalId", u.attributes FROM devices d JOIN app_users u ON u.id = d.user_id
       WHERE d.app_id = $1 AND d.gaid = $2::uuid`,
      [appId, gaid],
    );
    return row;
  }
}
