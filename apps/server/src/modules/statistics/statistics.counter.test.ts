import { EVENT_BITS, utcDay } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { EventCounter } from './statistics.counter';
import { UV_DAYS } from './statistics.sql';
import { StatisticsWriter, type CountedEvent } from './statistics.writer';

const DEVICES = 9;

/**
 * The queue between the devices' flush and the counting (stat_pending_batches): what one process queued is counted
 * exactly once by whichever counter takes it — another process's after a crash, two racing counters, a run that
 * failed and was retried. (A database of its own, no app: nothing else counts meanwhile.)
 */
describe.each(backends())('queued events are counted exactly once [$name]', (backend) => {
  let database: Database;
  let messageId: number;
  let sends: CountedEvent[];

  beforeAll(async () => {
    database = await backend.open();
    const [app] = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('Queue', 'com.example.queue', 'k', 's') RETURNING id`,
    );
    const [message] = await database.query<{ id: number }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at)
       VALUES ($1, 1, 1, 'Queue', 'owner@example.com', '{}', 0, 0, 1, 86400, now()) RETURNING id::int`,
      [app!.id],
    );
    messageId = message!.id;
    sends = Array.from({ length: DEVICES }, (_, i) => ({
      messageId: String(messageId),
      deviceId: String(1000 + i),
      newBits: EVENT_BITS.received,
      day: utcDay(new Date()),
      country: 'NG',
      appVersion: '3.1.0',
      receivedAt: new Date(),
      showFailedReason: null,
    }));
  });
  afterAll(async () => {
    await database?.close();
  });

  const totals = async () => {
    const [m] = await database.query<{ reach: number; show: number }>(
      'SELECT reach_count AS reach, show_count AS show FROM messages WHERE id = $1',
      [messageId],
    );
    const [d] = await database.query<{ reach: number; show: number; queued: number }>(
      `SELECT COALESCE(sum(reach), 0)::int AS reach, COALESCE(sum(show), 0)::int AS show,
              (SELECT COALESCE(sum(cardinality(message_ids)), 0)::int FROM stat_pending_batches) AS queued
       FROM stat_message_days WHERE message_id = $1`,
      [messageId],
    );
    return { message: m!, days: d! };
  };
  const drained = async (c: EventCounter) => {
    while ((await c.countOnce()) > 0) {
      /* until the queue is empty */
    }
  };

  it('counts what a process queued and never counted (it died), once, while two counters race in small batches', async () => {
    // the dead process: queued in its flush's transaction, never kicked
    const dead = new StatisticsWriter(database);
    for (const send of sends) await database.transaction((tx) => dead.queueEvents(tx, [send]));
    expect((await totals()).days.queued).toBe(DEVICES);

    const writer = new StatisticsWriter(database);
    const count = (tx: Parameters<StatisticsWriter['countQueued']>[0], limit: number) =>
      writer.countQueued(tx, limit);
    const a = new EventCounter(database, count, { batch: 2 });
    const b = new EventCounter(database, count, { batch: 3 });
    await Promise.all([drained(a), drained(b)]);
    expect(await totals()).toEqual({
      message: { reach: DEVICES, show: 0 },
      days: { reach: DEVICES, show: 0, queued: 0 },
    });
  });

  it('keeps the events queued when counting fails, and the next run counts them once', async () => {
    const writer = new StatisticsWriter(database);
    const shown = sends.map((s) => ({ ...s, newBits: EVENT_BITS.shown }));
    await database.transaction((tx) => writer.queueEvents(tx, shown));
    const errors: unknown[] = [];
    const failing = new EventCounter(
      database,
      async (tx, limit) => {
        await writer.countQueued(tx, limit);
        throw new Error('the database went away mid-count');
      },
      { onError: (err) => errors.push(err) },
    );
    failing.kick();
    await failing.settle();
    expect(errors).toHaveLength(1);
    // rolled back: nothing counted, nothing lost
    expect((await totals()).days).toEqual({ reach: DEVICES, show: 0, queued: DEVICES });

    const ok = new EventCounter(database, (tx, limit) => writer.countQueued(tx, limit));
    ok.kick();
    await ok.settle();
    expect(await totals()).toEqual({
      message: { reach: DEVICES, show: DEVICES },
      days: { reach: DEVICES, show: DEVICES, queued: 0 },
    });
  });
  it(`counts unique devices only for sends of the last ${UV_DAYS} days, and the daily upkeep forgets older days`, async () => {
    const writer = new StatisticsWriter(database);
    const dayAgo = (n: number) => utcDay(Date.now() - n * 86_400_000);
    // the earlier tests' devices showed today: their day is left out
    const uv = async () =>
      database.query<{ day: string; shows: number; devices: number }>(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.show_uv AS shows,
                (SELECT count(*)::int FROM stat_uv u WHERE u.app_id = d.app_id AND u.day = d.day) AS devices
         FROM stat_uv_days d JOIN messages m ON m.app_id = d.app_id
         WHERE m.id = $1 AND d.mode = 0 AND d.day < $2::date ORDER BY d.day`,
        [messageId, dayAgo(0)],
      );
    const before = await totals();
    // a late show for a send of UV_DAYS + 1 days ago (its day's devices are no longer kept), and shows of UV_DAYS and
    // 2 days ago: each counts in the totals; only the two kept days count unique devices
    const late = (n: number, device: number) => ({
      ...sends[0]!,
      deviceId: String(5000 + device),
      newBits: EVENT_BITS.received | EVENT_BITS.shown,
      day: dayAgo(n),
    });
    await database.transaction((tx) =>
      writer.queueEvents(tx, [late(UV_DAYS + 1, 1), late(UV_DAYS, 2), late(2, 3)]),
    );
    const counter = new EventCounter(database, (tx, limit) => writer.countQueued(tx, limit));
    counter.kick();
    await counter.settle();
    const after = await totals();
    expect(after.message.show - before.message.show).toBe(3);
    expect(after.days.show - before.days.show).toBe(3);
    expect(await uv()).toEqual([
      { day: dayAgo(UV_DAYS), shows: 1, devices: 1 },
      { day: dayAgo(2), shows: 1, devices: 1 },
    ]);

    // the upkeep a day later: the day that just left the window loses its devices, its count stays; the other is kept
    expect(await writer.pruneUniqueDevices(new Date(Date.now() + 86_400_000))).toBe(1);
    expect(await uv()).toEqual([
      { day: dayAgo(UV_DAYS), shows: 1, devices: 0 },
      { day: dayAgo(2), shows: 1, devices: 1 },
    ]);
    expect(await writer.pruneUniqueDevices(new Date(Date.now() + 86_400_000))).toBe(0);
  });

  it('counts a device once per day in unique shows and clicks, even when one batch has it in two cells', async () => {
    const writer = new StatisticsWriter(database);
    const today = utcDay(new Date());
    const uniques = async () => {
      const [row] = await database.query<{ shows: number; clicks: number }>(
        `SELECT COALESCE(sum(show_uv), 0)::int AS shows, COALESCE(sum(click_uv), 0)::int AS clicks
         FROM stat_uv_days d JOIN messages m ON m.app_id = d.app_id WHERE m.id = $1 AND d.mode = 0 AND d.day = $2::date`,
        [messageId, today],
      );
      return row!;
    };
    const before = await uniques();
    // the device showed the message, updated the app, then clicked it: two flushes, counted in one batch, each with
    // the version the device had then
    const device = { ...sends[0]!, deviceId: '7000', day: today };
    await database.transaction((tx) =>
      writer.queueEvents(tx, [{ ...device, newBits: EVENT_BITS.received | EVENT_BITS.shown }]),
    );
    await database.transaction((tx) =>
      writer.queueEvents(tx, [{ ...device, newBits: EVENT_BITS.clicked, appVersion: '3.2.0' }]),
    );
    await database.transaction((tx) => writer.countQueued(tx, 10));
    expect(await uniques()).toEqual({ shows: before.shows + 1, clicks: before.clicks + 1 });
    const [kept] = await database.query<{ show: number; click: number }>(
      'SELECT show_modes AS show, click_modes AS click FROM stat_uv WHERE device_id = 7000 AND day = $1::date',
      [today],
    );
    expect(kept!.show & 1).toBe(1);
    expect(kept!.click & 1).toBe(1);
  });
});
