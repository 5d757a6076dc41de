import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { EngineRepository } from './engine.repository';
import { ClockOffset, ProjectQuotas } from './project-quotas';
import type { SpeedLimiter } from './speed-limiter';

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

/** A process's pace of `project` at `perMinute`, as the engine builds it (ProjectQuotas, one per sending process). */
const quotaOf = (repo: EngineRepository, project: string, perMinute: number) =>
  new ProjectQuotas(repo, (err) => {
    throw err;
  }).paceOf(project, perMinute)!;

describe('a project pace places its reserved span on its own clock', () => {
  afterEach(() => vi.useRealTimers());

  it('estimates the database clock from the shortest round trip, and lets a fresher one replace it in time', () => {
    const clock = new ClockOffset();
    // answered at 1,000 on the database's clock, sent at 0 and read at 10 here: 995 ahead, within 5 ms
    expect(clock.sample(1_000, 0, 10)).toBe(995);
    // a round trip read late (a busy event loop) says little: the kept estimate stands
    expect(clock.sample(1_400, 300, 500)).toBe(995);
    // a shorter one replaces it
    expect(clock.sample(1_600, 600, 602)).toBe(999);
    // a longer one replaces it only once the kept one has aged (its bound grows 1 ms a second)
    expect(clock.sample(3_600, 2_600, 2_610)).toBe(999);
    expect(clock.sample(11_600, 10_600, 10_606)).toBe(997);
  });

  it('does not start a span later because its answer was read late', async () => {
    vi.useFakeTimers({ now: 0 });
    // the database's clock runs 5 s ahead; it answers each reservation at once, each span starting 50 ms later
    const reads: number[] = [];
    let delay = 0;
    const repo = {
      reserveProjectPace: async (_p: string, slots: number, perMinute: number) => {
        const answer = { waitMs: 50, spanMs: (slots * 60_000) / perMinute, dbNowMs: Date.now() + 5_000 };
        // the answer is read `delay` ms after the database gave it
        await new Promise((r) => setTimeout(r, delay));
        reads.push(Date.now());
        return answer;
      },
      lowerProjectPace: async () => undefined,
    };
    const pace = new ProjectQuotas(repo, () => undefined).paceOf('p-clock', 60_000)!;
    // a quick round trip first: the clocks' offset is known
    const first = pace.take(100);
    await vi.advanceTimersByTimeAsync(50);
    await first;
    expect(Date.now()).toBe(50);
    // the next answer is read 80 ms late: its span still starts 50 ms after the database gave it, not 50 ms after
    // the read (which would have been 130 ms after the call), so the send goes at the read, 80 ms after the call
    delay = 80;
    const t0 = Date.now();
    let at = -1;
    const second = pace.take(120).then(() => (at = Date.now()));
    await vi.advanceTimersByTimeAsync(200);
    await second;
    // (the reservations: the first, the one made while it was used, this one, and the next one made while it is used)
    expect(reads).toHaveLength(4);
    expect(reads[2]! - t0).toBe(80);
    expect(at - t0).toBe(80);
  });
});

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
