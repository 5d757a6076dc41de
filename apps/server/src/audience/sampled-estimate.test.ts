import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '@beacon/shared';
import type { Database } from '../db/client';
import { backends } from '../test/databases';
import { compileAudience, countQuery } from './compile-conditions';
import { estimateAudience, inEstimateSession, roundEstimate } from './sampled-estimate';
import { seedSyntheticDevices } from '../test/fixtures/synthetic-devices';

const LARGE = 200_000;
const SMALL = 5_000;

const c = (label: Condition['label'], op: Condition['op'], values: string[]): Condition => ({
  label,
  op,
  values,
  allSelected: 0,
});
type Tags = { sport: string; payers: string };
/** The benchmark's five mixes (on this fleet's values) and the join conditions. */
const MIXES: Array<[string, (t: Tags) => Condition[]]> = [
  ['all devices', () => []],
  ['country NG, KE', () => [c('country', 'in', ['NG', 'KE'])]],
  [
    'country NG, KE + osVersion ≥ 30',
    () => [c('country', 'in', ['NG', 'KE']), c('osVersion', 'gte', ['30'])],
  ],
  [
    'language pt + appVersionCode 150–200',
    () => [c('language', 'in', ['pt']), c('appVersionCode', 'between', ['150', '200'])],
  ],
  [
    'brand TECNO, INFINIX + active 7 days',
    () => [c('brand', 'in', ['TECNO', 'INFINIX']), c('active', 'in', ['7'])],
  ],
  ['tags sport + osVersion ≥ 30', (t) => [c('tags', 'in', [t.sport]), c('osVersion', 'gte', ['30'])]],
  ['noclick 7 days + country nin IN', () => [c('noclick', 'in', ['7']), c('country', 'nin', ['IN'])]],
  [
    'serverInactiveUser + dmpCustomize nin payers',
    (t) => [c('serverInactiveUser', '', []), c('dmpCustomize', 'nin', [t.payers])],
  ],
  // a lookup of the device's user (issue 33 §3): the sample index carries user_id, so only the user row is read
  [
    'attribute plan in [pro] + country NG, IN, KE',
    () => [
      { label: 'attribute', key: 'plan', attributeType: 'string', op: 'in', values: ['pro'], allSelected: 0 },
      c('country', 'in', ['NG', 'IN', 'KE']),
    ],
  ],
];

describe('roundEstimate', () => {
  it('keeps 3 significant digits', () => {
    expect([0, 7, 999, 1234, 12_345, 987_654, 1_234_567, 9_996_000].map(roundEstimate)).toEqual([
      0, 7, 999, 1230, 12_300, 988_000, 1_230_000, 10_000_000,
    ]);
  });
});

describe.each(backends())('sampled audience estimate [$name]', (backend) => {
  let database: Database;
  let large: number;
  let small: number;
  let tags: Tags;
  const exact = async (appId: number, conditions: Condition[]) => {
    const q = countQuery(compileAudience(appId, conditions));
    return Number((await database.query<{ n: string }>(q.sql, q.params))[0]?.n);
  };

  beforeAll(async () => {
    database = await backend.open();
    const app = async (pkg: string) =>
      (
        await database.query<{ id: number }>(
          "INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('A', $1, $1, 'x') RETURNING id",
          [pkg],
        )
      )[0]!.id;
    const tag = async (name: string, flag: string) =>
      (
        await database.query<{ id: number }>(
          'INSERT INTO tags (app_id, name, code, flag) VALUES ($1, $2, $2, $3) RETURNING id',
          [large, name, flag],
        )
      )[0]!.id;
    large = await app('com.estimate.large');
    small = await app('com.estimate.small');
    const ids: [number, number] = [await tag('sport', 'LABEL'), await tag('payers', 'GROUP')];
    tags = { sport: String(ids[0]), payers: String(ids[1]) };
    await seedSyntheticDevices(database, large, LARGE, { tagIds: ids, sendsFrom: 1 });
    await seedSyntheticDevices(database, small, SMALL);
    // a user (its own, id = the device's) for 60 % of the large app's devices, half of them on plan pro
    await database.query(
      `INSERT INTO app_users (id, app_id, attributes)
       SELECT id, app_id, jsonb_build_object('plan', CASE WHEN hashint8(id + 3) & 1 = 0 THEN 'pro' ELSE 'free' END)
       FROM devices WHERE app_id = $1 AND hashint8(id + 5) & 1023 < 614`,
      [large],
    );
    await database.query(
      'UPDATE devices SET user_id = id WHERE app_id = $1 AND hashint8(id + 5) & 1023 < 614',
      [large],
    );
    // what autovacuum does on PostgreSQL after a bulk load (statistics, visibility map)
    for (const table of ['devices', 'device_tags', 'send_records', 'app_users'])
      await database.exec(`VACUUM ANALYZE ${table}`);
  }, 600_000);
  afterAll(async () => database?.close());

  it('counts a small app exactly, whatever the conditions', async () => {
    for (const [name, mix] of MIXES.slice(0, 5)) {
      const conditions = mix(tags);
      const estimate = await estimateAudience(database, compileAudience(small, conditions));
      expect(estimate, name).toMatchObject({
        exact: true,
        reason: 'small app',
        relativeError: 0,
        count: await exact(small, conditions),
      });
    }
  });

  it('estimates a large app from its sample within the stated error, for column and join conditions', async () => {
    for (const [name, mix] of MIXES) {
      const conditions = mix(tags);
      const truth = await exact(large, conditions);
      const estimate = await estimateAudience(database, compileAudience(large, conditions));
      const error = Math.abs(estimate.count - truth) / truth;
      const label = `${name}: ≈${estimate.count} vs ${truth} (±${(estimate.relativeError * 100).toFixed(1)} %, 1/${Math.round(1 / estimate.fraction)})`;
      expect(estimate.exact, label).toBe(false);
      expect(estimate.count, label).toBe(roundEstimate(estimate.count));
      // the sample is 1/8 of the app at most, and each mix found enough matches for a standard error ≤ 4 %
      expect(estimate.fraction, label).toBeLessThanOrEqual(1 / 8);
      expect(estimate.relativeError, label).toBeLessThanOrEqual(0.04);
      // within 3 standard errors (plus the rounding to 3 digits), and never more than 8 % off
      expect(error, label).toBeLessThanOrEqual(3 * estimate.relativeError + 0.005);
      expect(error, label).toBeLessThanOrEqual(0.08);
    }
  });

  it('reads the sample through the partial index only, with tag and user lookups per sampled device', async () => {
    for (const [name, mix] of [MIXES[2]!, MIXES[5]!, MIXES[7]!, MIXES[8]!]) {
      const estimate = await estimateAudience(database, compileAudience(large, mix(tags)));
      const plan = (
        await inEstimateSession(database, (q) =>
          q.query<Record<string, string>>(`EXPLAIN ${estimate.query.sql}`, estimate.query.params),
        )
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
      // index-only: no devices page is read for a sampled device (0056 includes user_id), whatever its lookups
      expect(plan, name).toContain('Index Only Scan using devices_app_sample_idx');
      expect(plan, name).not.toMatch(/Seq Scan on (devices|device_tags|app_users)|Hash/);
    }
  });

  it('runs many estimates at once on a pool smaller than their sessions, each as it runs alone', async () => {
    // on PostgreSQL a sampled count runs as two halves on two connections: a step that held one connection while it
    // waited for another would deadlock here, 12 estimates on a pool of 5
    const conditions = MIXES[8]![1](tags);
    const alone = await estimateAudience(database, compileAudience(large, conditions));
    expect(alone.exact).toBe(false);
    const together = await Promise.all(
      Array.from({ length: 12 }, () => estimateAudience(database, compileAudience(large, conditions))),
    );
    for (const e of together) expect(e).toMatchObject({ count: alone.count, matches: alone.matches });
  });

  it('counts a rare audience exactly instead of scaling up a handful of matches', async () => {
    const rare = [
      c('country', 'in', ['GH']),
      c('brand', 'in', ['XIAOMI']),
      c('osVersion', 'in', ['35']),
      c('appVersionCode', 'between', ['100', '110']),
    ];
    const truth = await exact(large, rare);
    expect(truth).toBeGreaterThan(0);
    expect(truth).toBeLessThan(50);
    const estimate = await estimateAudience(database, compileAudience(large, rare));
    expect(estimate).toMatchObject({ exact: true, count: truth });
    expect(['none in sample', 'rare and cheap']).toContain(estimate.reason);
    const nobody = await estimateAudience(database, compileAudience(large, [c('country', 'in', ['FR'])]));
    expect(nobody).toMatchObject({ exact: true, count: 0, reason: 'none in sample' });
  });
});
