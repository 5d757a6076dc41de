// Set-based seeding of what attribute and event conditions read for one app (issue 33 §3): a user for ~80 % of the
// devices (its own; id = the device's) with five typed attributes, the app's attribute definitions, and one event name
// `purchase` reported by ~30 % of the devices on one to three of the last 30 UTC days (custom_event_days).
import type { Database } from '../../apps/server/src/db/client';

export interface UserSeed {
  users: number;
  eventDays: number;
}

/** Seeds users, attributes and event counts; run while the devices' secondary indexes are dropped (bulk load). */
export async function seedAudienceUsers(database: Database, appId: number): Promise<UserSeed> {
  await database.query(
    `INSERT INTO app_attributes (app_id, key, type) VALUES ($1, 'plan', 1), ($1, 'score', 2), ($1, 'vip', 3),
       ($1, 'signup', 4), ($1, 'genres', 5)`,
    [appId],
  );
  const [name] = await database.query<{ id: number }>(
    "INSERT INTO app_event_names (app_id, name) VALUES ($1, 'purchase') RETURNING id",
    [appId],
  );
  await database.query(
    `INSERT INTO app_users (id, app_id, attributes)
     SELECT id, app_id, jsonb_build_object(
       'plan', (ARRAY['free', 'pro', 'team', 'enterprise'])[1 + id % 4],
       'score', (id * 37 % 200) / 4.0,
       'vip', id % 5 = 0,
       'signup', to_char((now() - (id % 400) * interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'genres', CASE id % 3 WHEN 0 THEN '["jazz"]'::jsonb WHEN 1 THEN '["rock", "pop"]'::jsonb ELSE '[]'::jsonb END)
     FROM devices WHERE app_id = $1 AND abs(hashint8(id * 7)) % 10 < 8`,
    [appId],
  );
  await database.query(
    "SELECT setval(pg_get_serial_sequence('app_users', 'id'), (SELECT max(id) FROM app_users))",
  );
  await database.query(
    'UPDATE devices d SET user_id = d.id WHERE d.app_id = $1 AND abs(hashint8(d.id * 7)) % 10 < 8',
    [appId],
  );
  await database.query(
    `INSERT INTO custom_event_days (device_id, name_id, day, events)
     SELECT id, $2::int, (now() AT TIME ZONE 'UTC')::date - ((id + g * 11) % 30)::int, 1 + (id + g) % 3
     FROM devices, generate_series(0, 2) g
     WHERE app_id = $1 AND abs(hashint8(id * 13)) % 10 < 3 AND g <= id % 3`,
    [appId, name!.id],
  );
  const [u] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app_users WHERE app_id = $1',
    [appId],
  );
  const [e] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM custom_event_days WHERE name_id = $1',
    [name!.id],
  );
  return { users: u?.n ?? 0, eventDays: e?.n ?? 0 };
}
