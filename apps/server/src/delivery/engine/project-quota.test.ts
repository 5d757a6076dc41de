import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { EngineRepository } from './engine.repository';
import { SpeedLimiter } from './speed-limiter';

// One FCM quota per Firebase project (issue 31 §3): every sending process reserves its slots from one timeline per
// project in the database, so P processes together keep to the quota, and a 429 one of them saw slows all of them.

/** Takes `n` sends one by one, all at once; returns the times (ms since `t0`) each was allowed. */
async function takeAll(limiter: SpeedLimiter, n: number, t0: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      await limiter.take(1);
      return Date.now() - t0;
    }),
  );
}

/** A process's pace of `project` at `perMinute`, as the engine builds it (engine.ts, quotaFor). */
const quotaOf = (repo: EngineRepository, project: string, perMinute: number) =>
  new SpeedLimiter(
    perMinute / 60,
    undefined,
    (spanMs) =>
      repo.reserveProjectPace(project, Math.max(1, Math.round((spanMs * perMinute) / 60_000)), perMinute),
    0.05,
  );

describe.each(backends('one'))('the FCM quota of a project, shared by every sender [$name]', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => database.close());

  it('keeps four processes sending for one project to its quota together', async () => {
    // four processes, each with its own repository (its own connection on PostgreSQL) and pace of the project
    const processes = [0, 1, 2, 3].map(() => quotaOf(new EngineRepository(database), 'p-shared', 3_000));
    const t0 = Date.now();
    const times = (await Promise.all(processes.map((q) => takeAll(q, 25, t0)))).flat();
    expect(times).toHaveLength(100);
    // 100 sends at 3,000 a minute (50 a second) take 2 s together, less the last reservations' unused slots; each
    // process alone at the whole quota would have taken 0.5 s
    expect(Math.max(...times)).toBeGreaterThanOrEqual(1_500);
    expect(Math.max(...times)).toBeLessThan(4_500);
  });

  it('gives a process alone the whole quota, and another project its own', async () => {
    const repo = new EngineRepository(database);
    const t0 = Date.now();
    const [a, b] = await Promise.all([
      takeAll(quotaOf(repo, 'p-alone', 3_000), 25, t0),
      takeAll(quotaOf(repo, 'p-other', 3_000), 25, t0),
    ]);
    // 25 at 50 a second: half a second each, side by side (not one second one after the other)
    for (const times of [a, b]) {
      expect(Math.max(...times)).toBeGreaterThanOrEqual(400);
      expect(Math.max(...times)).toBeLessThan(1_000);
    }
  });

  it('halves the rate of every sender after a 429, once a second however many saw it, and grows it back', async () => {
    const repo = new EngineRepository(database);
    await repo.reserveProjectPace('p-429', 1, 6_000);
    const factor = async () =>
      (
        await database.query<{ f: number }>(
          `SELECT factor AS f FROM fcm_project_pace WHERE project_id = 'p-429'`,
        )
      )[0]!.f;
    await Promise.all([repo.lowerProjectPace('p-429'), repo.lowerProjectPace('p-429')]);
    await repo.lowerProjectPace('p-429');
    expect(await factor()).toBeCloseTo(0.5, 1);
    // at half the rate, 10 slots of a 6,000 a minute quota take 200 ms of the timeline, not 100
    const { spanMs } = await repo.reserveProjectPace('p-429', 10, 6_000);
    expect(spanMs).toBeGreaterThan(180);
    expect(spanMs).toBeLessThan(200);
    // 2 % of the quota a second back: after a second and a half, 0.5 → about 0.53
    await database.query(
      `UPDATE fcm_project_pace SET touched_at = touched_at - interval '1.5 seconds', lowered_at = lowered_at - interval '2 seconds'
       WHERE project_id = 'p-429'`,
    );
    await repo.reserveProjectPace('p-429', 1, 6_000);
    expect(await factor()).toBeGreaterThan(0.52);
    // a 429 more than a second after the last halves it again
    await repo.lowerProjectPace('p-429');
    expect(await factor()).toBeLessThan(0.3);
  });
});
