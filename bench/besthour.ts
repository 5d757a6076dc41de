// Planning a best-hour send (issue 32 §2, docs/api.md "Each device's best hour"): N devices of one app, a share of them
// with a learned best hour (devices.best_hour, as the statistics' counting leaves it), the rest on the app's hour; the
// engine's own planBestHourWaves (the app's hour, the one scan counting the audience by the start of each device's
// hour, the waves written) timed against the target, and the shared rule's spread of the plan under the app's quota.
// Run: npm run bench -- besthour [--devices 100000] [--learned 0.6] [--backend postgres|pglite] [--out besthour]
// The target's size: npm run bench -- besthour --devices 10000000 --backend postgres (≈ 10 GB of disk, 18 minutes of
// seeding on two cores, a third of it the learned hours' UPDATE).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bestHourSpread, BEST_HOUR } from '@beacon/shared';
import { audienceOf, planWaves } from '../apps/server/src/delivery/engine';
import { EngineRepository } from '../apps/server/src/delivery/engine/engine.repository';
import { here, load, numArg, openBenchDb, round, strArg } from './src/harness';
import { seedDevices } from './src/seed-devices';

const N = numArg('devices', 100_000);
const LEARNED = numArg('learned', 0.6);
const BACKEND = strArg('backend', 'postgres') as 'pglite' | 'postgres';
if (BACKEND !== 'pglite' && BACKEND !== 'postgres') throw new Error('--backend pglite|postgres');
const OUT = strArg('out', 'besthour');
/** issue 32 §2: planning a 10M-device audience takes ≤ 60 s */
const TARGET_S = 60;
const TARGET_DEVICES = 10_000_000;
const say = (s: string): void =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${load().toFixed(1)}] ${s}`);

const db = await openBenchDb(BACKEND);
const { database } = db;
try {
  const [app] = await database.query<{ id: number }>(
    `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Bench', 'com.example.bench', 'bench-k', 's')
     RETURNING id`,
  );
  const appId = app!.id;
  const t0 = performance.now();
  await seedDevices(database, appId, N, { allSendable: false }, 250_000, (done) => say(`seeded ${done}`));
  // learned hours: evenings dominate (18–22 local), as apps' histories do; the rest have too little history
  await database.query(
    `UPDATE devices SET best_hour = CASE WHEN id % 10 < 7 THEN 18 + (id % 5) ELSE (id * 7) % 24 END
     WHERE app_id = $1 AND (id * 40503) % 1024 < $2::int`,
    [appId, Math.round(LEARNED * 1024)],
  );
  await database.query(`INSERT INTO app_hours (app_id, hour, weight) VALUES ($1, 20, 100), ($1, 9, 40)`, [
    appId,
  ]);
  await database.query('ANALYZE devices');
  const seedS = (performance.now() - t0) / 1000;
  say(`seeded ${N} devices (${round(LEARNED * 100)} % learned) in ${round(seedS, 1)} s`);

  const [msg] = await database.query<{ id: number }>(
    `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count, schedule_type,
                           ttl_seconds, control_share)
     VALUES ($1, 1, 0, 'Best hour', 'bench@example.com', '{}', 0, $2, 4, 43200, $3) RETURNING id::int`,
    [appId, N, BEST_HOUR.controlShareDefault],
  );
  const repo = new EngineRepository(database);
  const audience = audienceOf({ appId, targetingType: 0, conditions: [], userIds: [] });
  const p0 = performance.now();
  const waves = await planWaves(
    repo,
    { id: msg!.id, scheduleType: 4, scheduleLocal: null, scheduleUtc: '+0000' },
    audience,
    new Date(),
  );
  const planS = (performance.now() - p0) / 1000;
  // the plan's figures, as the forecast states them (the whole audience here, no sample)
  const [m] = await database.query<{ fallback: number; start: number }>(
    'SELECT best_fallback_hour AS fallback, best_start_min AS start FROM messages WHERE id = $1',
    [msg!.id],
  );
  const { slots, control } = await repo.bestSlots(audience, {
    seed: msg!.id,
    controlBuckets: BEST_HOUR.controlShareDefault * 100,
    fallbackHour: m!.fallback,
    startMin: m!.start,
  });
  const spread = bestHourSpread(slots, 600_000);
  const perDevice = (planS / N) * 1e6;
  const projectedS = (planS / N) * TARGET_DEVICES;
  say(
    `planned ${waves.length} waves (control ${control}) in ${round(planS, 2)} s: ${round(perDevice, 2)} µs a device, ` +
      `${round(projectedS, 1)} s projected for ${TARGET_DEVICES / 1e6}M (target ≤ ${TARGET_S} s)`,
  );
  say(
    `spread at 600,000/min: crowded ${spread.crowded}, ${spread.spreadHours} h, finish +${spread.finishMinutes} min, ` +
      `busiest hour ${spread.peakDevices}`,
  );
  const result = {
    bench: 'besthour',
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, load: load() },
    backend: BACKEND,
    devices: N,
    learnedShare: LEARNED,
    seedSeconds: round(seedS, 1),
    planSeconds: round(planS, 3),
    waves: waves.length,
    control,
    microsecondsPerDevice: round(perDevice, 3),
    projectedSecondsFor10M: round(projectedS, 1),
    targetSeconds: TARGET_S,
    projectedWithinTarget: projectedS <= TARGET_S,
    spreadAt600kPerMin: spread,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `${OUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await db.close();
}
