import { RECOVERED_BIT } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { sentToEveryDevice } from '../../test/fixtures/partitions';
import { syntheticApp } from '../../test/fixtures/synthetic-devices';
import type { EventRow } from '../devices';
import { EventsRepository } from './events.repository';
import { PAGE_SLOTS } from '../../db/send-pages';

const DEVICES = 150;
const SEC = 1000;

/**
 * Migration 0060: a send the engine dispatches has a place (`ev`) in its message's pages of sends, and its events set
 * bits in the page's row of send_events, one write a page; a record without a place keeps its events on itself. Both
 * through the device API's one events statement, both read through send_record_events.
 */
describe.each(backends())('send event pages [$name]', (backend) => {
  let database: Database;
  let appId: number;
  let gaids: string[];
  let repo: EventsRepository;

  beforeAll(async () => {
    database = await backend.open();
    appId = await syntheticApp(database, 'Pages', DEVICES);
    gaids = (
      await database.query<{ gaid: string }>(
        'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id',
        [appId],
      )
    ).map((r) => r.gaid);
    repo = new EventsRepository(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A message sent to every device: with pages (ev in device order, as the engine's result write) or without. */
  const sent = (paged: boolean) => sentToEveryDevice(database, appId, paged, 'Pages');

  const event = (
    i: number,
    messageId: string,
    mask: number,
    at: Date,
    reason: number | null = null,
  ): EventRow => ({
    appId,
    gaid: gaids[i]!,
    messageId,
    mask,
    receivedAt: mask & 1 ? at : null,
    shownAt: mask & 2 ? at : null,
    clickedAt: mask & 4 ? at : null,
    showFailedReason: reason,
  });

  const states = (messageId: string) =>
    database.query<{
      i: number;
      mask: number;
      receivedAt: Date | null;
      shownAt: Date | null;
      reason: number | null;
    }>(
      `SELECT (row_number() OVER (ORDER BY s.device_id))::int - 1 AS i, s.event_mask AS mask,
              s.received_at AS "receivedAt", s.shown_at AS "shownAt", s.show_failed_reason AS reason
       FROM send_record_events s WHERE s.message_id = $1 ORDER BY s.device_id`,
      [messageId],
    );

  it('writes a row a page, counts each new bit once, and a batch applied again counts nothing', async () => {
    const m = await sent(true);
    const at = new Date();
    const receipts = gaids.map((_, i) => event(i, m, 1, at));
    expect(await repo.apply(receipts)).toEqual({ counted: DEVICES, stray: 0 });
    const [pages] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_events WHERE message_id = $1',
      [m],
    );
    expect(pages!.n).toBe(Math.ceil(DEVICES / PAGE_SLOTS));
    // the records are not written by their events
    const [records] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_records WHERE message_id = $1 AND (event_mask <> 0 OR received_at IS NOT NULL)',
      [m],
    );
    expect(records!.n).toBe(0);

    expect(await repo.apply(receipts)).toEqual({ counted: 0, stray: 0 });
    // a click on some: a click implies a show; only the new bits count
    const clicks = [3, 64, 149].map((i) => event(i, m, 4, new Date(at.getTime() + 5 * SEC)));
    expect(await repo.apply(clicks)).toEqual({ counted: 3, stray: 0 });
    expect(await repo.apply(clicks)).toEqual({ counted: 0, stray: 0 });

    const s = await states(m);
    expect(s.filter((r) => r.mask === 7).map((r) => r.i)).toEqual([3, 64, 149]);
    expect(s.filter((r) => r.mask === 1)).toHaveLength(DEVICES - 3);
    // what was queued for counting: each device's receipt once, and the three shows and clicks once
    const [queued] = await database.query<{ receipts: number; clicks: number }>(
      `SELECT count(*) FILTER (WHERE b & 1 <> 0)::int AS receipts, count(*) FILTER (WHERE b & 4 <> 0)::int AS clicks
       FROM stat_pending_batches p, unnest(p.message_ids, p.bits) AS x(mid, b) WHERE x.mid = $1::bigint`,
      [m],
    );
    expect(queued).toEqual({ receipts: DEVICES, clicks: 3 });
  });

  it('keeps the first time of each event (to the second) across writes with other bases, and the first failure reason', async () => {
    const m = await sent(true);
    const t0 = new Date(Date.now() - 3600 * SEC);
    // device 1 first, then device 0 of the same page with an earlier receipt (the page's base is device 1's)
    await repo.apply([event(1, m, 1, t0)]);
    await repo.apply([event(0, m, 1, new Date(t0.getTime() - 100 * SEC))]);
    await repo.apply([event(1, m, 1, new Date(t0.getTime() + 999 * SEC))]);
    await repo.apply([event(1, m, 3, new Date(t0.getTime() + 20 * SEC))]);
    await repo.apply([event(2, m, 16, t0, 301), event(2, m, 16, t0, 302)]);
    await repo.apply([event(2, m, 16, t0, 303)]);
    const s = await states(m);
    const near = (d: Date | null, want: number) => Math.abs(new Date(d!).getTime() - want) <= SEC;
    expect(near(s[1]!.receivedAt, t0.getTime())).toBe(true);
    expect(near(s[1]!.shownAt, t0.getTime() + 20 * SEC)).toBe(true);
    expect(near(s[0]!.receivedAt, t0.getTime() - 100 * SEC)).toBe(true);
    expect(s[0]!.shownAt).toBeNull();
    expect(s[1]!.mask).toBe(3);
    expect(s[2]).toMatchObject({ mask: 16, reason: 301 });
    expect(s[3]).toMatchObject({ mask: 0, receivedAt: null, reason: null });
  });

  it('sets recovered only with the receipt that sets received, as on a record without a page', async () => {
    for (const paged of [true, false]) {
      const m = await sent(paged);
      const at = new Date();
      // device 0: recovered with its first receipt; device 1: received before, so not won back
      await repo.apply([event(1, m, 1, at)]);
      expect(
        await repo.apply([event(0, m, 1 | RECOVERED_BIT, at), event(1, m, 1 | RECOVERED_BIT, at)]),
      ).toEqual({
        counted: 1,
        stray: 0,
      });
      const s = await states(m);
      expect([s[0]!.mask, s[1]!.mask]).toEqual([1 | RECOVERED_BIT, 1]);
    }
  });

  it('applies one batch to records with pages and without, and keeps the events of unsent devices as strays', async () => {
    const paged = await sent(true);
    const plain = await sent(false);
    const [other] = await database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds)
       VALUES ($1, 1, 1, 'Not sent', 'o@x.test', '{}', 0, 1, 1, 86400) RETURNING id::text AS id`,
      [appId],
    );
    const at = new Date();
    const batch = [event(5, paged, 2, at), event(5, plain, 2, at), event(6, other!.id, 1, at)];
    expect(await repo.apply(batch)).toEqual({ counted: 2, stray: 1 });
    expect((await states(paged))[5]!.mask).toBe(3);
    expect((await states(plain))[5]!.mask).toBe(3);
  });

  it.runIf(backend.name === 'postgres')(
    'runs flushes of the same pages side by side without deadlock, each new bit counted once',
    async () => {
      const m = await sent(true);
      const at = new Date();
      // eight flushes, each a shuffled overlapping half of the devices
      const flushes = Array.from({ length: 8 }, (_, f) =>
        gaids
          .map((_, i) => i)
          .filter((i) => (i * 7 + f) % 2 === 0 || i % 5 === f % 5)
          .sort((a, b) => ((a * 31 + f) % 17) - ((b * 31 + f) % 17))
          .map((i) => event(i, m, 1, at)),
      );
      const results = await Promise.all(flushes.map((rows) => new EventsRepository(database).apply(rows)));
      const touched = new Set(flushes.flat().map((e) => e.gaid)).size;
      expect(results.reduce((n, r) => n + r.counted, 0)).toBe(touched);
      expect((await states(m)).filter((r) => r.mask === 1)).toHaveLength(touched);
    },
  );
  it.skipIf(backend.name !== 'postgres')(
    'flushes writing the same pages at once wait for each other, never deadlock',
    async () => {
      // four flushes at once (as four workers' consumers of the log), each over most of a message's 24 pages
      const many = 1500;
      const app = await syntheticApp(database, 'Deadlocks', many);
      const gaidsOf = (
        await database.query<{ gaid: string }>('SELECT gaid::text AS gaid FROM devices WHERE app_id = $1', [
          app,
        ])
      ).map((r) => r.gaid);
      const m = await sentToEveryDevice(database, app, true, 'Pages');
      let seed = 3;
      const random = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed % n;
      };
      const flushes = async () => {
        for (let b = 0; b < 30; b++) {
          // one row a device, as the callers merge them
          const rows = new Map<number, EventRow>();
          for (let k = 0; k < 60; k++) {
            const i = random(many);
            const mask = [1, 2, 4][random(3)]!;
            rows.set(i, { ...event(0, m, mask, new Date()), appId: app, gaid: gaidsOf[i]! });
          }
          await repo.apply([...rows.values()]);
        }
      };
      // without the pages locked in key order first, this deadlocked in each of four runs
      await Promise.all([flushes(), flushes(), flushes(), flushes()]);
    },
    60_000,
  );
});
