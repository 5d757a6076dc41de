import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { EngineRepository } from './engine.repository';
import { SpeedLimiter } from './speed-limiter';

/** Takes `n` sends one by one, as BatchSender does, all at once; returns the times (ms since `t0`) each was allowed. */
async function takeAll(limiter: SpeedLimiter, n: number, t0: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      await limiter.take(1);
      return Date.now() - t0;
    }),
  );
}

describe('SpeedLimiter without a shared pace (one process)', () => {
  it('spaces the sends at the rate', async () => {
    const t0 = Date.now();
    const times = await takeAll(new SpeedLimiter(100), 31, t0);
    // 31 sends at 100/s: the last one 300 ms after the first (a busy machine only makes it later)
    expect(Math.max(...times)).toBeGreaterThanOrEqual(290);
  });
});

describe.each(backends('one'))('SpeedLimiter with the shared pace (several processes) [$name]', (backend) => {
  let database: Database;
  let repo: EngineRepository;
  let appId: number;
  beforeAll(async () => {
    database = await backend.open();
    repo = new EngineRepository(database);
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Shop', 'com.example.shop', md5(random()::text), 's')
       RETURNING id`,
    );
    appId = app!.id;
  });
  afterAll(async () => database.close());

  const newMessage = async (): Promise<number> => {
    const [row] = await database.query<{ id: number }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, speed_limit)
       VALUES ($1, 1, 2, 'Sale', 'owner@example.com', '{}', 0, 0, 1, 86400, 50) RETURNING id::int AS id`,
      [appId],
    );
    return row!.id;
  };

  it('keeps three processes sending one message together to its limit, and each alone to its rate', async () => {
    const id = await newMessage();
    // three processes, each with its own limiter of the message (50 a second), share the pace in the database
    const limiters = [0, 1, 2].map(
      () => new SpeedLimiter(50, undefined, (spanMs) => repo.reservePace(id, spanMs)),
    );
    const t0 = Date.now();
    const times = (await Promise.all(limiters.map((l) => takeAll(l, 30, t0)))).flat();
    expect(times).toHaveLength(90);
    // 90 sends at 50 a second take 1.8 s together, less the last reservation's unused slots (a process without the
    // shared pace takes 0.6 s for its 30, so three at once would too)
    expect(Math.max(...times)).toBeGreaterThanOrEqual(1_600);
    // and not much longer: the slots are shared, not each process's own 50 a second in turn (5.4 s); the margin is
    // for a busy machine's late timers
    expect(Math.max(...times)).toBeLessThan(4_000);

    // alone, a process gets the whole rate, starting at once when the pace is behind the clock
    const alone = await newMessage();
    const solo = new SpeedLimiter(50, undefined, (spanMs) => repo.reservePace(alone, spanMs));
    const t1 = Date.now();
    const soloTimes = await takeAll(solo, 25, t1);
    expect(Math.min(...soloTimes)).toBeLessThan(500);
    expect(Math.max(...soloTimes)).toBeGreaterThanOrEqual(450);
    expect(Math.max(...soloTimes)).toBeLessThan(2_000);
  });

  it('forgets a finished message’s pace, and the pace goes with a deleted message', async () => {
    const id = await newMessage();
    await repo.reservePace(id, 100);
    const rows = async (m: number) =>
      (await database.query('SELECT 1 FROM message_pace WHERE message_id = $1', [m])).length;
    expect(await rows(id)).toBe(1);
    await repo.forgetPace(id);
    expect(await rows(id)).toBe(0);
    const other = await newMessage();
    await repo.reservePace(other, 100);
    await database.query('DELETE FROM messages WHERE id = $1', [other]);
    expect(await rows(other)).toBe(0);
  });
});

describe('SpeedLimiter with a shared pace, after a pause', () => {
  it('drops the slots of a reservation whose time passed over a second ago instead of bursting through them', async () => {
    let reserved = 0;
    // a pace of its own: each reservation starts now
    const limiter = new SpeedLimiter(100, undefined, async () => {
      reserved++;
      return 0;
    });
    await limiter.take(1); // reserves 20 slots (a fifth of a second at 100/s), uses one
    expect(reserved).toBe(1);
    await new Promise((r) => setTimeout(r, 1_300));
    // the 19 left are stale: the next send reserves again rather than using them
    await limiter.take(1);
    expect(reserved).toBe(2);
  });

  it('with a short staleness (the project quota), skips the slots a starved sender is late for and spaces the rest', async () => {
    // 10/s, reservations of a second's worth (10 slots) that started 550 ms ago: 5 slots are over 100 ms late
    const limiter = new SpeedLimiter(10, undefined, async (spanMs) => ({ waitMs: -550, spanMs }), 1, 100);
    const t0 = Date.now();
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await limiter.take(1);
      starts.push(Date.now() - t0);
    }
    // the first kept slot is the one 50 ms late (sent now), then one every 100 ms: never the late ones at once
    expect(starts[0]).toBeLessThan(60);
    expect(starts[4]! - starts[0]!).toBeGreaterThanOrEqual(380);
  });
});
