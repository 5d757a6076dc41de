import { addDays, utcDay } from '@beacon/shared';
import { seedDevices } from './devices';
import type { Database } from '../db/client';
import type { AppsService } from '../modules/apps';
import { rebuildDayTotals } from '../modules/statistics';

/** The days the platform statistics tests seed: today, and yesterday and the two days before (the default range's). */
export function seedDays(today = utcDay()) {
  const y = addDays(today, -1);
  return { today, y, y2: addDays(today, -2), d3: addDays(today, -3) };
}

export interface PlatformSeed {
  days: ReturnType<typeof seedDays>;
  /** Shop (A) and News (B) with figures; Idle pushes nothing; Gone's SDK was destroyed */
  apps: { a: number; b: number; idle: number; gone: number };
  /** M1 Shop notification, M2 Shop AI pass-through, M3 News AI notification */
  msgs: { m1: number; m2: number; m3: number };
}

/**
 * Hand-made rollup rows (the figures the platform reports read), consistent with each other:
 *
 * | msg | app | day | type | ai | country | push | dispatch | noticeOff | reach | show | click | conv |
 * | M1  | A   | y   | 1    | no | NG      | 100  | 80       | 5         | 60    | 30   | 6     | 3    |
 * | M1  | A   | y2  | 1    | no | NG      | 40   | 40       | 0         | 20    | 10   | 5     | 1    |
 * | M2  | A   | y   | 2    | ai | KE      | 50   | 40       | 0         | 20    | 10   | 2     | 0    |
 * | M3  | B   | y   | 1    | ai | NG      | 10   | 5        | 1         | 5     | 5    | 1     | 0    |
 * | M3  | B   | d3  | 1    | ai | FR      | 200  | 100      | 0         | 50    | 25   | 5     | 0    |
 *
 * Unique devices on y (mode 0): A NG 25 shown / 5 clicked, A KE 8 / 2, B NG 4 / 1 (mode 1: A NG; mode 2: A KE, B NG;
 * mode 3: B NG). Users: A y NG 50 effective / 10 new, A y KE 20 / 5, A y2 NG 40 / 8, B y NG 7 / 7, B d3 FR 3 / 3.
 * M2's 10 shows are what an app may report of a cross message: counted in `show`, never in a show rate (over the
 * notifications only, docs/statistics.md). Devices now: A 3, B 1. A stale app id 999999 (deleted app) has a row on y that no report may show. News has an
 * open FCM-credentials alert.
 */
export async function seedPlatformStatistics(
  t: { database: Database; services: { apps: AppsService } },
  shop: number,
  news: number,
  owner: { id: number; email: string },
): Promise<PlatformSeed> {
  const days = seedDays();
  const { y, y2, d3 } = days;
  const q = (sql: string, params: unknown[] = []) => t.database.query(sql, params);
  const ownerRef = { userId: owner.id, email: owner.email };
  const idle = (await t.services.apps.create({ title: 'Idle', pkg: 'com.example.idle', owner: ownerRef })).app
    .id;
  const gone = (await t.services.apps.create({ title: 'Gone', pkg: 'com.example.gone', owner: ownerRef })).app
    .id;
  await q('UPDATE apps SET destroy = 2 WHERE id = $1', [gone]);

  const message = async (
    appId: number,
    type: number,
    title: string,
    ai: boolean,
    dispatch: number,
    lost: number,
  ) => {
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, content_create_type, dispatch_count, lost_count)
       VALUES ($1, $2, 1, $3, 'owner@example.com', '{}'::jsonb, 0, 0, 1, 3600, $4, $5, $6) RETURNING id::text`,
      [appId, type, title, ai ? 1 : 0, dispatch, lost],
    );
    return Number(row!.id);
  };
  const m1 = await message(shop, 1, 'Flash sale', false, 120, 20);
  const m2 = await message(shop, 2, 'Cross sync', true, 40, 10);
  const m3 = await message(news, 1, 'News daily', true, 105, 105);

  const rows: Array<[number, number, string, number, boolean, string, string, ...number[]]> = [
    [m1, shop, y, 1, false, 'NG', '1.0', 100, 80, 5, 60, 30, 6, 3],
    [m1, shop, y2, 1, false, 'NG', '1.0', 40, 40, 0, 20, 10, 5, 1],
    [m2, shop, y, 2, true, 'KE', '1.0', 50, 40, 0, 20, 10, 2, 0],
    [m3, news, y, 1, true, 'NG', '2.0', 10, 5, 1, 5, 5, 1, 0],
    [m3, news, d3, 1, true, 'FR', '2.0', 200, 100, 0, 50, 25, 5, 0],
  ];
  for (const [msg, app, day, type, ai, country, version, ...n] of rows) {
    await q(
      `INSERT INTO stat_message_days (message_id, day, country, app_version, app_id, push, dispatch, notice_off,
                                      reach, show, click, conversion)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [msg, day, country, version, app, ...n],
    );
    await q(
      `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch, notice_off, reach,
                                  show, click, conversion)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [app, day, type, ai, country, version, ...n],
    );
  }
  await q(
    `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch)
     VALUES (999999, $1, 1, false, 'NG', '1.0', 1000, 1000)`,
    [y],
  );
  const uv: Array<[number, number, string, string, number, number]> = [
    [shop, 0, 'NG', '1.0', 25, 5],
    [shop, 0, 'KE', '1.0', 8, 2],
    [news, 0, 'NG', '2.0', 4, 1],
    [shop, 1, 'NG', '1.0', 25, 5],
    [shop, 2, 'KE', '1.0', 8, 2],
    [news, 2, 'NG', '2.0', 4, 1],
    [news, 3, 'NG', '2.0', 4, 1],
  ];
  for (const [app, mode, country, version, show, click] of uv)
    await q(
      `INSERT INTO stat_uv_days (app_id, day, mode, country, app_version, show_uv, click_uv)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [app, y, mode, country, version, show, click],
    );
  // the per-day totals, as the writer keeps them beside its rows
  await rebuildDayTotals(t.database, [shop, news, 999999]);
  const users: Array<[number, string, string, string, number, number]> = [
    [shop, y, 'NG', '1.0', 50, 10],
    [shop, y, 'KE', '1.0', 20, 5],
    [shop, y2, 'NG', '1.0', 40, 8],
    [news, y, 'NG', '2.0', 7, 7],
    [news, d3, 'FR', '2.0', 3, 3],
  ];
  for (const u of users)
    await q(
      `INSERT INTO stat_user_days (app_id, day, country, app_version, effective, new_users)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      u,
    );
  await seedDevices(t, shop, 1, 3);
  await seedDevices(t, news, 1, 1);
  await q(
    `INSERT INTO alerts (app_id, kind, severity, params) VALUES ($1, 'fcm_credentials', 'error', '{}'::jsonb)`,
    [news],
  );
  return { days, apps: { a: shop, b: news, idle, gone }, msgs: { m1, m2, m3 } };
}
