import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, EVENT_BITS, StatMode, utcDay } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { migrate, migrationsDir } from '../../db/migrate';
import { SendOutcome } from '../../delivery/engine';
import { backends } from '../../test/databases';
import { StatisticsRepository, type CountsRow } from './statistics.repository';
import { StatisticsWriter, type CountedEvent } from './statistics.writer';

const COUNTRIES = ['NG', 'KE', 'FR'];
const VERSIONS = ['1.0', '2.0'];
const MODES = [StatMode.ALL, StatMode.BACKEND, StatMode.AI_ALL, StatMode.AI_PUSH];
const FIGURES = [
  'push',
  'dispatch',
  'reach',
  'show',
  'click',
  'conversion',
  'noticeOff',
  'showableReach',
  'showableShow',
  'showUv',
  'clickUv',
] as const;

/** Rows of the totals that differ from the sums of the detail rows (none when they agree). */
async function totalsDiffering(database: Database) {
  const diff = async (a: string, b: string) =>
    database.query(`(${a} EXCEPT ${b}) UNION ALL (${b} EXCEPT ${a})`, []);
  const counters = 'push, dispatch, notice_off, reach, show, click, conversion';
  const appTotals = `SELECT app_id, day, msg_type, ai, ${counters} FROM stat_app_day_totals`;
  const appSums = `SELECT app_id, day, msg_type, ai, ${counters
    .split(', ')
    .map((c) => `sum(${c})::bigint`)
    .join(', ')} FROM stat_app_days GROUP BY 1, 2, 3, 4`;
  const uvTotals = 'SELECT app_id, day, mode, show_uv, click_uv FROM stat_uv_day_totals';
  const uvSums =
    'SELECT app_id, day, mode, sum(show_uv)::bigint, sum(click_uv)::bigint FROM stat_uv_days GROUP BY 1, 2, 3';
  return { app: await diff(appTotals, appSums), uv: await diff(uvTotals, uvSums) };
}

/** Rows of several reads added up by day, figure by figure. */
const byDay = (reads: CountsRow[][]) => {
  const out = new Map<string, Record<string, number>>();
  for (const rows of reads)
    for (const r of rows) {
      const sum = out.get(r.key) ?? Object.fromEntries(FIGURES.map((k) => [k, 0]));
      for (const k of FIGURES) sum[k]! += r[k];
      out.set(r.key, sum);
    }
  return Object.fromEntries([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
};

/**
 * The per-day totals (stat_app_day_totals, stat_uv_day_totals, migration 0036) the unfiltered by-day read uses: kept
 * by the writer's own statements (sends and events over several days, message types, AI or not, countries and
 * versions) equal to the sums of the detail rows, so that the project trend shows the figures the filtered reads add
 * up to ("every screen, export and report shows the same figure").
 */
describe.each(backends())('per-day totals of the app rollups [$name]', (backend) => {
  let database: Database;
  let appId: number;
  const today = utcDay();
  const start = addDays(today, -6);

  beforeAll(async () => {
    database = await backend.open();
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Totals', 'com.example.totals', 'k', 's') RETURNING id`,
    );
    appId = app!.id;
    // a notification by hand, an AI notification, an AI cross message, a test preview (not in the app rollups)
    const messages: number[] = [];
    for (const [type, ai] of [
      [1, 0],
      [1, 1],
      [2, 1],
      [98, 0],
    ]) {
      const [m] = await database.query<{ id: number }>(
        `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                               schedule_type, ttl_seconds, started_at, content_create_type)
         VALUES ($1, $2, 1, 'Totals', 'owner@example.com', '{}', 0, 0, 1, 86400, now(), $3) RETURNING id::int`,
        [appId, type, ai],
      );
      messages.push(m!.id);
    }

    const writer = new StatisticsWriter(database);
    // today's sends, per cell: dispatched, notifications off (107), another loss
    for (const [i, id] of messages.entries())
      await database.transaction((tx) =>
        writer.countSends(
          tx,
          id,
          COUNTRIES.flatMap((country, c) =>
            VERSIONS.flatMap((appVersion, v) => [
              {
                outcome: SendOutcome.DISPATCHED,
                lossCode: 0,
                country,
                appVersion,
                count: 20 + i * 7 + c * 3 + v,
              },
              { outcome: SendOutcome.LOST, lossCode: 107, country, appVersion, count: 1 + ((i + c + v) % 3) },
              { outcome: SendOutcome.LOST, lossCode: 108, country, appVersion, count: 2 + c },
            ]),
          ),
        ),
      );
    // events over the last days (the days of their sends), in several batches: devices reached, shown, clicked,
    // some twice (unique devices count once a day), in every cell
    let device = 1000;
    const bits = [
      EVENT_BITS.received,
      EVENT_BITS.received | EVENT_BITS.shown,
      EVENT_BITS.received | EVENT_BITS.shown | EVENT_BITS.clicked,
      EVENT_BITS.received | EVENT_BITS.shown | EVENT_BITS.clicked | EVENT_BITS.converted,
    ];
    for (let ago = 0; ago <= 5; ago++) {
      const batch: CountedEvent[] = [];
      for (const [i, id] of messages.entries())
        for (const [c, country] of COUNTRIES.entries())
          for (const [v, appVersion] of VERSIONS.entries())
            for (let n = 0; n < 1 + ((ago + i + c + v) % 4); n++)
              batch.push({
                messageId: String(id),
                // the same devices across messages: a device shows several messages of a day and counts once
                deviceId: String(device + ((c * 10 + v * 5 + n) % 23)),
                newBits: bits[(ago + i + n) % bits.length]!,
                day: addDays(today, -ago),
                country,
                appVersion,
                receivedAt: new Date(),
                showFailedReason: null,
              });
      device += 100;
      const half = Math.floor(batch.length / 2);
      for (const part of [batch.slice(0, half), batch.slice(half)])
        await database.transaction(async (tx) => {
          await writer.queueEvents(tx, part);
          await writer.countQueued(tx, 100);
        });
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it('the totals are the sums of the detail rows (stat_app_days, stat_uv_days)', async () => {
    expect(await totalsDiffering(database)).toEqual({ app: [], uv: [] });
    // and there is something to compare: every day of events, sends and unique devices in every mode
    const [n] = await database.query<{ days: number; uvModes: number; push: number }>(
      `SELECT (SELECT count(DISTINCT day)::int FROM stat_app_day_totals) AS days,
              (SELECT count(DISTINCT mode)::int FROM stat_uv_day_totals) AS "uvModes",
              (SELECT sum(push)::int FROM stat_app_day_totals) AS push`,
    );
    expect(n).toEqual({ days: 6, uvModes: 4, push: expect.any(Number) as number });
    expect(n!.push).toBeGreaterThan(0);
  });

  it.each(MODES)(
    'the trend by day (the totals) = Σ of the by-country reads = the by-day read of every country, mode %i',
    async (mode) => {
      const repo = new StatisticsRepository(database);
      const filter = { appId, start, end: today, mode, countries: [] as string[], versions: [] as string[] };
      const trend = await repo.counts(filter);
      const perCountry = await Promise.all(
        COUNTRIES.map((country) => repo.counts({ ...filter, countries: [country] })),
      );
      const perVersion = await Promise.all(
        VERSIONS.map((version) => repo.counts({ ...filter, versions: [version] })),
      );
      // the detail rows read by day (a filter that keeps every row)
      const detail = await repo.counts({ ...filter, countries: COUNTRIES });
      expect(trend.length).toBe(6);
      expect(byDay([trend])).toEqual(byDay(perCountry));
      expect(byDay([trend])).toEqual(byDay(perVersion));
      expect(trend).toEqual(detail);
      // the range's total equals the by-country and the by-version reports' (the dimension report's tables), read
      // in one pass of both groupings; each country's row is its own by-day read summed
      const total = byDay([trend.map((r) => ({ ...r, key: 'all' }))]);
      const { countries, versions } = await repo.countsByCountryAndVersion(filter);
      expect(countries.map((r) => r.key)).toEqual([...COUNTRIES].sort());
      expect(versions.map((r) => r.key)).toEqual([...VERSIONS].sort());
      expect(total).toEqual(byDay([countries.map((r) => ({ ...r, key: 'all' }))]));
      expect(total).toEqual(byDay([versions.map((r) => ({ ...r, key: 'all' }))]));
      for (const [i, country] of COUNTRIES.entries())
        expect(byDay([[{ ...countries.find((r) => r.key === country)!, key: 'all' }]])).toEqual(
          byDay([perCountry[i]!.map((r) => ({ ...r, key: 'all' }))]),
        );
    },
  );
});

describe.each(backends())('migration 0036 on a database with rollups [$name]', (backend) => {
  let database: Database;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'beacon-migrations-'));
    for (const f of readdirSync(migrationsDir()).filter((name) => name < '0036'))
      copyFileSync(path.join(migrationsDir(), f), path.join(dir, f));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backfills the totals with the sums of the rows written before it', async () => {
    database = await backend.open(); // fully migrated: start again from an empty schema
    await database.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(database, dir);
    const day = utcDay();
    await database.query(
      `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch, notice_off, reach,
                                  show, click, conversion)
       VALUES (1, $1, 1, false, 'NG', '1.0', 100, 90, 5, 80, 60, 10, 2), (1, $1, 1, false, 'KE', '2.0', 50, 40, 1, 30, 20, 5, 1),
              (1, $1, 1, true, 'NG', '1.0', 7, 7, 0, 7, 7, 7, 7), (1, $2, 2, false, 'NG', '1.0', 3, 3, 0, 3, 0, 0, 0),
              (2, $1, 1, false, 'NG', '1.0', 2147483000, 2147483000, 0, 0, 0, 0, 0),
              (2, $1, 1, false, 'FR', '1.0', 2147483000, 2147483000, 0, 0, 0, 0, 0)`,
      [day, addDays(day, -1)],
    );
    await database.query(
      `INSERT INTO stat_uv_days (app_id, day, mode, country, app_version, show_uv, click_uv)
       VALUES (1, $1, 0, 'NG', '1.0', 40, 8), (1, $1, 0, 'KE', '2.0', 15, 4), (1, $1, 2, 'NG', '1.0', 5, 5)`,
      [day],
    );
    expect(await migrate(database)).toContain('0036_stat-day-totals.sql');
    expect(await totalsDiffering(database)).toEqual({ app: [], uv: [] });
    const [n] = await database.query<{ app: number; uv: number; big: string }>(
      `SELECT (SELECT count(*)::int FROM stat_app_day_totals) AS app, (SELECT count(*)::int FROM stat_uv_day_totals) AS uv,
              (SELECT push::text FROM stat_app_day_totals WHERE app_id = 2) AS big`,
    );
    // a day's total over every country may pass 2³¹ where no cell does
    expect(n).toEqual({ app: 4, uv: 2, big: '4294966000' });
  });
});
