// Audience estimate latency: POST /tcm/v1/app/{appId}/msg/target/max (MessagesService.estimate → compileAudience →
// count) for five condition mixes, on 1M devices (PGlite, PostgreSQL) and 10M (PostgreSQL); then the same with the
// proposed indexes, and a proposed 1/64 sample estimate, each clearly labelled.
// Run: npm run bench -- audience [--sizes 1000000,10000000] [--backend pglite|postgres|both] [--repeats 20]
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Condition } from '@beacon/shared';
import { buildApp, type BeaconApp } from '../apps/server/src/app';
import { compileAudience } from '../apps/server/src/audience/compile-conditions';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { here, load, numArg, openBenchDb, percentile, round, strArg } from './src/harness';
import { seedDevices } from './src/seed-devices';

const SIZES = strArg('sizes', '1000000,10000000').split(',').map(Number);
const BACKEND = strArg('backend', 'both');
const REPEATS = numArg('repeats', 20);
const MIX_BUDGET_MS = numArg('mix-budget-s', 40) * 1000;
const SAMPLE = 64;
const say = (s: string): void => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load().toFixed(1)}] ${s}`);

const c = (label: string, op: string, values: string[]): Condition => ({ label, op, values, allSelected: 0 }) as Condition;
const MIXES: Array<{ name: string; conditions: Condition[] }> = [
  { name: 'all devices', conditions: [] },
  { name: 'country in [NG, KE]', conditions: [c('country', 'in', ['NG', 'KE'])] },
  { name: 'country in [NG, KE] + osVersion >= 30', conditions: [c('country', 'in', ['NG', 'KE']), c('osVersion', 'gte', ['30'])] },
  { name: 'language pt + appVersionCode between 30200 and 30400', conditions: [c('language', 'in', ['pt']), c('appVersionCode', 'between', ['30200', '30400'])] },
  { name: 'brand in [TECNO, INFINIX, ITEL] + active 7 days', conditions: [c('brand', 'in', ['TECNO', 'INFINIX', 'ITEL']), c('active', 'in', ['7'])] },
];

/** Proposed: every mix becomes an index-only scan narrowed by country when there is one. */
const PROPOSED_INDEXES = [
  'CREATE INDEX devices_app_country_cover_idx ON devices (app_id, country, brand) INCLUDE (language, os_version, app_version_code, last_active_at)',
];
/** Proposed estimate: a partial covering index over 1 device in 64, the count scaled up (exact count below 200,000). */
const SAMPLE_INDEX = `CREATE INDEX devices_app_sample_idx ON devices (app_id, country, brand) INCLUDE (language, os_version, app_version_code, last_active_at) WHERE id % ${SAMPLE} = 0`;

interface MixResult { mix: string; count: number; runs: number; p50: number; p95: number; max: number; errorPct?: number; plan: string[] }

async function timeEstimate(built: BeaconApp, cookie: string, appId: number, conditions: Condition[]): Promise<{ ms: number; count: number }> {
  const t0 = performance.now();
  const res = await built.app.inject({
    method: 'POST', url: `/tcm/v1/app/${appId}/msg/target/max`, headers: { cookie },
    payload: { targetingType: conditions.length ? 1 : 0, conditions },
  });
  const ms = performance.now() - t0;
  const body = res.json<{ status: number; data: { newCount: number } }>();
  if (body.status !== 200) throw new Error(`target/max: ${res.body}`);
  return { ms, count: body.data.newCount };
}

async function explain(database: Database, sql: string, params: unknown[]): Promise<string[]> {
  const rows = await database.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  return rows.map((r) => Object.values(r)[0] ?? '').filter((l) => !/^\s*(Planning|Buffers: shared hit=\d+$)/.test(l));
}

async function measure(run: () => Promise<{ ms: number; count: number }>): Promise<{ count: number; times: number[] }> {
  for (let i = 0; i < 2; i++) await run();
  const times: number[] = [];
  let count = 0;
  const start = performance.now();
  while (times.length < REPEATS && (times.length < 5 || performance.now() - start < MIX_BUDGET_MS)) {
    const r = await run();
    times.push(r.ms);
    count = r.count;
  }
  return { count, times };
}

const stat = (mix: string, count: number, times: number[], plan: string[]): MixResult => ({
  mix, count, runs: times.length, p50: round(percentile(times, 50), 1), p95: round(percentile(times, 95), 1), max: round(Math.max(...times), 1), plan,
});

async function runBackend(backend: 'pglite' | 'postgres', sizes: number[]): Promise<object[]> {
  const db = await openBenchDb(backend, 4);
  const out: object[] = [];
  try {
    const config = loadConfig({ BEACON_SECRET_KEY: 'ef'.repeat(32), PUBLIC_URL: 'http://beacon.bench', LOG_LEVEL: 'silent', ...(db.url ? { DATABASE_URL: db.url } : {}) });
    const built = await buildApp({ config, database: db.database, logger: false, mailer: { send: async () => undefined }, runWorkers: false });
    await built.services.users.upsertAdmin('owner@bench.test', 'Owner#2024', 150);
    const user = (await built.repos.users.findByEmail('owner@bench.test'))!;
    const login = await built.app.inject({ method: 'POST', url: '/tcm/v1/user/login', payload: { email: 'owner@bench.test', password: 'Owner#2024' } });
    const cookie = `beacon_session=${login.cookies.find((k) => k.name === 'beacon_session')?.value ?? ''}`;
    const apps: Array<{ size: number; appId: number; seedS: number }> = [];
    // bulk load: the devices table's secondary indexes are dropped and rebuilt with their own definitions afterwards
    const indexes = await db.database.query<{ indexname: string; indexdef: string }>("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'devices' AND indexname <> 'devices_pkey'");
    for (const ix of indexes) await db.database.query(`DROP INDEX ${ix.indexname}`);
    for (const size of sizes) {
      const { app } = await built.services.apps.create({ title: `Audience ${size}`, pkg: `com.example.audience${size}`, owner: { userId: user.id, email: user.email } });
      const t = performance.now();
      await seedDevices(db.database, app.id, size, { allSendable: false }, 500_000, (done) => done % 2_000_000 === 0 && say(`${backend} app ${app.id}: ${done}/${size}`));
      apps.push({ size, appId: app.id, seedS: round((performance.now() - t) / 1000, 1) });
    }
    let t = performance.now();
    for (const ix of indexes) await db.database.query(ix.indexdef);
    await db.database.exec('VACUUM ANALYZE devices');
    const indexS = round((performance.now() - t) / 1000, 1);
    say(`${backend}: seeded ${apps.map((a) => `${a.size} in ${a.seedS} s`).join(', ')}; indexes + VACUUM ANALYZE ${indexS} s`);

    // the floor: the same call on an app with no devices (session, access check, validation, compile, envelope)
    const { app: empty } = await built.services.apps.create({ title: 'Empty', pkg: 'com.example.audience.empty', owner: { userId: user.id, email: user.email } });
    const floor = await measure(() => timeEstimate(built, cookie, empty.id, MIXES[4]!.conditions));
    out.push({ backend, devices: 0, variant: 'HTTP floor (app with no devices)', p50: round(percentile(floor.times, 50), 1), p95: round(percentile(floor.times, 95), 1), loadAverage: load() });
    const exact = new Map<string, number>();
    const measureAll = async (label: string, sample: boolean): Promise<void> => {
      for (const a of apps) {
        const results: MixResult[] = [];
        for (const mix of MIXES) {
          const audience = compileAudience(a.appId, mix.conditions);
          let sql = `SELECT count(*)::text AS n FROM devices d WHERE ${audience.sql}`;
          let run = () => timeEstimate(built, cookie, a.appId, mix.conditions);
          if (sample) {
            sql = `SELECT (count(*) * ${SAMPLE})::text AS n FROM devices d WHERE ${audience.sql} AND d.id % ${SAMPLE} = 0`;
            run = async () => {
              const t0 = performance.now();
              const [r] = await db.database.query<{ n: string }>(sql, audience.params);
              return { ms: performance.now() - t0, count: Number(r?.n ?? 0) };
            };
          }
          const m = await measure(run);
          const plan = await explain(db.database, sql, audience.params);
          const key = `${a.appId}:${mix.name}`;
          if (!exact.has(key)) exact.set(key, m.count);
          const r = stat(mix.name, m.count, m.times, plan);
          if (sample) r.errorPct = round(((m.count - exact.get(key)!) / Math.max(1, exact.get(key)!)) * 100, 2);
          results.push(r);
          say(`${backend} ${a.size} [${label}] ${mix.name}: count ${m.count}, p50 ${results.at(-1)!.p50} ms, p95 ${results.at(-1)!.p95} ms (${m.times.length} runs)${r.errorPct !== undefined ? `, error ${r.errorPct} %` : ''}`);
        }
        const target = a.size >= 10_000_000 ? 250 : 50;
        out.push({ backend, devices: a.size, variant: label, path: sample ? 'direct SQL (compiled conditions + sample predicate)' : 'HTTP POST …/msg/target/max (inject)', seedS: a.seedS, targetP95Ms: target, met: results.every((r) => r.p95 <= target), loadAverage: load(), mixes: results });
      }
    };
    await measureAll('as shipped (migrations 0001–0011)', false);
    t = performance.now();
    for (const q of PROPOSED_INDEXES) await db.database.query(q);
    await db.database.exec('VACUUM ANALYZE devices');
    say(`${backend}: proposed index built in ${round((performance.now() - t) / 1000, 1)} s`);
    await measureAll('with proposed index', false);
    for (const q of PROPOSED_INDEXES) await db.database.query(`DROP INDEX ${q.split(' ')[2]}`);
    await db.database.query(SAMPLE_INDEX);
    await db.database.exec('VACUUM ANALYZE devices');
    await measureAll(`with proposed 1/${SAMPLE} sample index (estimate = sample count × ${SAMPLE})`, true);
    await built.app.close();
  } finally {
    await db.close();
  }
  return out;
}

async function main(): Promise<void> {
  const runs: object[] = [];
  if (BACKEND === 'pglite' || BACKEND === 'both') {
    const sizes = SIZES.filter((s) => s <= 1_000_000);
    if (sizes.length) runs.push(...(await runBackend('pglite', sizes)));
  }
  if (BACKEND === 'postgres' || BACKEND === 'both') runs.push(...(await runBackend('postgres', SIZES)));
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const result = { date: new Date().toISOString(), sizes: SIZES, repeats: REPEATS, cpus: os.cpus().length, node: process.version, loadAverageEnd: load(), runs };
  writeFileSync(path.join(here, 'results/audience.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const r of runs as Array<{ backend: string; devices: number; variant: string; met: boolean; loadAverage: number; mixes?: MixResult[] }>) {
    if (!r.mixes) continue;
    console.log(`${r.backend} ${r.devices} ${r.variant} (load ${r.loadAverage}): ${r.mixes.map((m) => `p95 ${m.p95}`).join(', ')} → ${r.met ? 'met' : 'MISSED'}`);
  }
}

await main();
process.exit(0);
