import type { Database } from '../db/client';
import { TestClient, type TestApp } from '../test/test-app';

export type Role = 'root' | 'owner' | 'manager' | 'operator' | 'tester' | 'stranger';
export const ROLE_LEVEL: Record<Role, number | undefined> = {
  root: 100,
  owner: 200,
  manager: 300,
  operator: 400,
  tester: 500,
  stranger: undefined,
};

export interface AudienceFixture {
  appId: number;
  /** HTTP Basic header for the device API of the app. */
  sdkAuth: string;
  clients: Record<Role, TestClient>;
}

const PASSWORD = 'Member#2024';

/** An app with a signed-in client per project level (100, owner, 300, 400, 500) and one for a stranger. */
export async function seedAppWithMembers(t: TestApp, pkg = 'com.example.audience'): Promise<AudienceFixture> {
  await t.services.users.upsertAdmin('root@example.com', PASSWORD, 100);
  const root = (await t.repos.users.findByEmail('root@example.com'))!;
  const emails: Record<Exclude<Role, 'root'>, string> = {
    owner: 'owner@example.com',
    manager: 'manager@example.com',
    operator: 'operator@example.com',
    tester: 'tester@example.com',
    stranger: 'stranger@example.com',
  };
  for (const email of Object.values(emails))
    await t.services.users.save({ email, source: 2, ulevel: 0, description: '', password: PASSWORD }, root);
  const owner = (await t.repos.users.findByEmail(emails.owner))!;
  const { app, appSecret } = await t.services.apps.create({
    title: 'Audience',
    pkg,
    owner: { userId: owner.id, email: owner.email },
  });
  for (const role of ['manager', 'operator', 'tester'] as const) {
    const user = (await t.repos.users.findByEmail(emails[role]))!;
    await t.database.query(
      'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, $4, 0)',
      [app.id, user.id, user.email, ROLE_LEVEL[role]],
    );
  }
  const clients = {} as Record<Role, TestClient>;
  for (const [role, email] of Object.entries({ root: 'root@example.com', ...emails }) as Array<
    [Role, string]
  >) {
    clients[role] = new TestClient(t.app);
    const res = await clients[role].login(email, PASSWORD);
    if (res.json<{ status: number }>().status !== 200) throw new Error(`login ${email}: ${res.body}`);
  }
  return {
    appId: app.id,
    sdkAuth: `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`,
    clients,
  };
}

/** Registers a device through the real device API. */
export async function registerDevice(
  t: TestApp,
  sdkAuth: string,
  device: Record<string, unknown>,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sdk/v1/register',
    headers: { authorization: sdkAuth },
    payload: {
      token: `tok-${String(device.gaid)}`,
      country: 'NG',
      language: 'en',
      brand: 'Tecno',
      model: 'Spark 10',
      osVersion: 33,
      appVersion: '3.0.0',
      appVersionCode: 300,
      operator: 'MTN',
      timezone: 'Africa/Lagos',
      notificationsEnabled: true,
      ...device,
    },
  });
  const body = res.json<{ status: number; data: { deviceId: string } }>();
  if (body.status !== 200) throw new Error(`register: ${res.body}`);
  return body.data.deviceId;
}

/** A GAID from a number. */
export const gaid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Seeds `count` devices of an app with set-based SQL, deterministically from the row number (so exact counts are the
 * same on every run): country NG 30 %, IN 20 %, KE 15 %, US 15 %, BR 10 %, GH 10 %; language by country (pt_BR, some
 * pt in NG); brand TECNO / INFINIX / SAMSUNG / XIAOMI; API level 24–35; app version code 100–399; last activity 0–119
 * days ago (skewed recent), first seen up to a year before. With `tagIds`: the first tag on ~20 % of the devices, the
 * second on ~5 %; with `sendsFrom`: two sends (2 and 10 days ago) to ~30 % of the devices each, ~10 % clicked.
 */
export async function seedSyntheticDevices(
  database: Pick<Database, 'query'>,
  appId: number,
  count: number,
  extra: { tagIds?: [number, number]; sendsFrom?: number } = {},
): Promise<void> {
  const h = (salt: string) => `((hashtext(i::text || '${salt}') & 2147483647) % 1000)`;
  for (let from = 0; from < count; from += 100_000) {
    const to = Math.min(count, from + 100_000) - 1;
    await database.query(
      `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, operator, timezone,
                            utc_offset_min, notifications_enabled, first_seen_at, last_active_at)
       SELECT $1::int, md5($1::text || ':' || i)::uuid, country,
         CASE country WHEN 'BR' THEN 'pt_BR' WHEN 'NG' THEN CASE WHEN ${h('l')} < 80 THEN 'pt' ELSE 'en' END WHEN 'IN' THEN 'hi' ELSE 'en' END,
         (ARRAY['TECNO', 'INFINIX', 'SAMSUNG', 'XIAOMI'])[1 + ${h('b')} % 4], 'M' || ${h('m')} % 50, (24 + ${h('o')} % 12)::smallint,
         '3.' || ${h('v')} % 3 || '.0', 100 + ${h('v')} % 300, 'OP' || ${h('p')} % 5, 'UTC', 0, true,
         now() - (${h('a')} * ${h('a')}) * interval '0.1728 minutes' - interval '365 days' * ${h('f')} / 1000.0,
         now() - (${h('a')} * ${h('a')}) * interval '0.1728 minutes'
       FROM (SELECT i, CASE WHEN ${h('c')} < 300 THEN 'NG' WHEN ${h('c')} < 500 THEN 'IN' WHEN ${h('c')} < 650 THEN 'KE'
                           WHEN ${h('c')} < 800 THEN 'US' WHEN ${h('c')} < 900 THEN 'BR' ELSE 'GH' END AS country
             FROM generate_series($2::int, $3::int) AS i) x`,
      [appId, from, to],
    );
  }
  const [sport, payers] = extra.tagIds ?? [];
  if (sport && payers) {
    await database.query(
      `INSERT INTO device_tags (device_id, tag_id, app_id)
       SELECT id, CASE WHEN hashint8(id + 7) & 1023 < 205 THEN $2::int ELSE $3::int END, $1::int FROM devices
       WHERE app_id = $1 AND (hashint8(id + 7) & 1023 < 205 OR hashint8(id + 11) & 1023 < 51)`,
      [appId, sport, payers],
    );
  }
  if (extra.sendsFrom !== undefined) {
    for (const [j, daysAgo] of [2, 10].entries()) {
      await database.query(
        `INSERT INTO send_records (message_id, device_id, outcome, sent_at, event_mask)
         SELECT $2::bigint, id, 1, now() - $3::int * interval '1 day', CASE WHEN hashint8(id + $2::bigint) & 1023 < 103 THEN 7 ELSE 3 END
         FROM devices WHERE app_id = $1 AND hashint8(id * 3 + $2::bigint) & 1023 < 307`,
        [appId, extra.sendsFrom + j, daysAgo],
      );
    }
  }
}
