// Set-based seeding of an app's devices: one INSERT … SELECT FROM generate_series per batch, with the emulator
// fleet's distributions (packages/fcm-emulator/src/fleet/fleet-data.ts) drawn by weighted random in SQL.
import type { Database } from '../../apps/server/src/db/client';
import {
  API_LEVELS,
  APP_VERSIONS,
  BRANDS_BY_REGION,
  COUNTRIES,
  MODELS,
} from '../../packages/fcm-emulator/src/fleet/fleet-data';

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

const lit = (v: string | number): string =>
  typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

/** `ARRAY[...]` with every value repeated by its (whole-number) weight. */
function weightedArray<T extends string | number>(items: Weighted<T>): { sql: string; n: number } {
  const out: string[] = [];
  for (const [v, w] of items) for (let k = 0; k < Math.max(1, Math.round(w)); k++) out.push(lit(v));
  return { sql: `(ARRAY[${out.join(',')}])`, n: out.length };
}

/** `(ARRAY…)[1 + floor(r·n)]`: a weighted draw from the random column `r`. */
const draw = <T extends string | number>(items: Weighted<T>, r: string): string => {
  const a = weightedArray(items);
  return `${a.sql}[1 + floor(${r} * ${a.n})::int]`;
};

/** Minutes east of UTC of an IANA zone, now. */
function offsetMinutes(zone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

function caseOf(column: string, branches: Array<[string, string]>, otherwise: string): string {
  return `CASE ${column} ${branches.map(([k, v]) => `WHEN ${lit(k)} THEN ${v}`).join(' ')} ELSE ${otherwise} END`;
}

export interface SeedMode {
  /** every device sendable: notifications on, active in the last 30 days (the delivery benchmark) */
  allSendable: boolean;
}

/**
 * `INSERT INTO devices … SELECT … FROM generate_series($2, $3)` for app `$1`: country by the fleet's weights, then
 * language, brand (by region), time zone and operator by country, model by brand, API level and app version by their
 * global shares; last activity skewed to recent days (up to 120 days ago), 6 % notifications off.
 */
export function seedDevicesSql(mode: SeedMode): string {
  const allZones = [...new Set(COUNTRIES.flatMap((c) => c.zones.map(([z]) => z)))];
  const models = Object.entries(MODELS).map(([brand, list]): [string, string] => [
    brand,
    draw(
      list.map(([m]) => [m, 1] as const),
      'r4',
    ),
  ]);
  const active = mode.allSendable
    ? `now() - r6 * interval '30 days'`
    : `now() - (r6 * r6) * interval '120 days'`;
  const notifications = mode.allSendable ? 'true' : 'r7 >= 0.06';
  return `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, operator,
      timezone, utc_offset_min, notifications_enabled, status, invalid_reason, first_seen_at, last_active_at, app_active_at)
    SELECT $1::int, gaid, country, language, brand, ${caseOf('brand', models, "'Generic'")}, os_version, app_version,
      split_part(app_version, '.', 1)::int * 10000 + split_part(app_version, '.', 2)::int * 100 + split_part(app_version, '.', 3)::int,
      operator, timezone, ${caseOf(
        'timezone',
        allZones.map((z) => [z, String(offsetMinutes(z))]),
        '0',
      )}::smallint, ${notifications}, 1, 0,
      last_active - r8 * interval '365 days', last_active, last_active
    FROM (
      SELECT gaid, country, r4, r6, r7, r8, ${active} AS last_active,
        ${caseOf(
          'country',
          COUNTRIES.map((c) => [c.code, draw(c.languages, 'r1')]),
          "'en'",
        )} AS language,
        ${caseOf(
          'country',
          COUNTRIES.map((c) => [c.code, draw(BRANDS_BY_REGION[c.region], 'r2')]),
          "'SAMSUNG'",
        )} AS brand,
        ${caseOf(
          'country',
          COUNTRIES.map((c) => [c.code, draw(c.zones, 'r3')]),
          "'UTC'",
        )} AS timezone,
        ${caseOf(
          'country',
          COUNTRIES.map((c) => [c.code, draw(c.operators, 'r5')]),
          "''",
        )} AS operator,
        ${draw(API_LEVELS, 'r9')}::smallint AS os_version,
        ${draw(APP_VERSIONS, 'r10')} AS app_version
      FROM (
        SELECT md5($1::text || ':' || i)::uuid AS gaid, ${draw(
          COUNTRIES.map((c) => [c.code, c.weight] as const),
          'random()',
        )} AS country,
          random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6, random() AS r7,
          random() AS r8, random() AS r9, random() AS r10
        FROM generate_series($2::int, $3::int) AS i
      ) x
    ) y`;
}

/** Seeds `count` devices of `appId` in batches of `batch` rows; calls `onBatch` after each. Returns the id range. */
export async function seedDevices(
  database: Database,
  appId: number,
  count: number,
  mode: SeedMode,
  batch = 250_000,
  onBatch?: (done: number) => void,
): Promise<{ minId: number; maxId: number }> {
  const sql = seedDevicesSql(mode);
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch) - 1;
    await database.query(sql, [appId, from, to]);
    onBatch?.(to + 1);
  }
  const [r] = await database.query<{ lo: string; hi: string; n: string }>(
    'SELECT min(id)::text AS lo, max(id)::text AS hi, count(*)::text AS n FROM devices WHERE app_id = $1',
    [appId],
  );
  if (Number(r?.n) !== count) throw new Error(`seeded ${r?.n} devices, expected ${count}`);
  return { minId: Number(r?.lo), maxId: Number(r?.hi) };
}

/** The sizes benches' app (`title`, its package and key from it) with `rows` sendable devices; returns its id. */
export async function seedSendingApp(database: Database, title: string, rows: number): Promise<number> {
  const key = title.toLowerCase();
  const [app] = await database.query<{ id: number }>(
    `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ($1, $2, $3, 's') RETURNING id`,
    [title, `com.example.${key}`, key],
  );
  await seedDevices(database, app!.id, rows, { allSendable: true });
  return app!.id;
}

/** A notification of app `appId` that started now, to `devices` devices (its send records are the caller's). */
export async function startedMessage(
  database: Pick<Database, 'query'>,
  appId: number,
  devices: number,
  title: string,
): Promise<string> {
  const [m] = await database.query<{ id: string }>(
    `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                           schedule_type, ttl_seconds, started_at)
     VALUES ($1, 1, 1, $3, 'owner@bench.test', '{}', 0, $2, 1, 86400, now()) RETURNING id::text AS id`,
    [appId, devices, title],
  );
  return m!.id;
}
