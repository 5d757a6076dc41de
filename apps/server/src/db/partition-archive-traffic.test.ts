import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../modules/devices';
import { StatisticsWriter } from '../modules/statistics';
import { backends } from '../test/databases';
import { sentToEveryDevice } from '../test/fixtures/partitions';
import { appDevices, syntheticApp } from '../test/fixtures/synthetic-devices';
import type { Database } from './client';
import { archiveBlock } from './partition-archive';
import { periodStart, suffixOf } from './partitions';

/**
 * The archive beside the device API (PostgreSQL: other connections write while it copies and swaps): events keep
 * coming for the block's records, those kept on themselves (the direct path) and those in pages, before, during and
 * after the copy. None is lost and none counted twice: each record ends with every bit its events set, and the bits
 * queued for counting are those bits, once each.
 */
describe.each(backends().filter((b) => b.name === 'postgres'))(
  'the archive while events come in [$name]',
  (backend) => {
    const N = 1500;
    let database: Database;
    let appId: number;
    let devices: Array<{ id: string; gaid: string }>;
    const now = new Date();

    beforeAll(async () => {
      database = await backend.open();
      appId = await syntheticApp(database, 'Traffic', N);
      devices = await appDevices(database, appId);
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    it('loses no event and counts none twice', async () => {
      const messages: string[] = [];
      for (const paged of [false, true]) {
        messages.push(await sentToEveryDevice(database, appId, paged, 'Traffic'));
      }
      const statistics = new StatisticsWriter(database);
      // what each (message, device) should end with: a click implies a show, a show a receipt
      const expected = new Map<string, number>();
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed % n;
      };
      let stop = false;
      let batches = 0;
      let deadlocks = 0;
      const traffic = async () => {
        while (!stop) {
          // a batch as the device API's flushes give it: one row a device and message, its events merged
          const batch = new Map<string, EventRow>();
          for (let k = 0; k < 40; k++) {
            const i = random(N);
            const messageId = messages[random(2)]!;
            const mask = [1, 2, 4][random(3)]!;
            const at = new Date(Date.now() - random(600_000));
            const row = batch.get(`${i}:${messageId}`) ?? {
              appId,
              gaid: devices[i]!.gaid,
              messageId,
              mask: 0,
              receivedAt: null,
              shownAt: null,
              clickedAt: null,
              showFailedReason: null,
            };
            row.mask |= mask;
            if (mask & 1) row.receivedAt = at;
            if (mask & 2) row.shownAt = at;
            if (mask & 4) row.clickedAt = at;
            batch.set(`${i}:${messageId}`, row);
          }
          const rows = [...batch.values()];
          // a flush that fails (a deadlock, should a plan ever lock in another order) is applied again by its callers
          // (the device API's batcher, the log's consumers), and so by this
          for (;;) {
            try {
              await statistics.recordEvents(rows, database);
              break;
            } catch (err) {
              if ((err as { code?: string }).code !== '40P01') throw err;
              deadlocks++;
            }
          }
          for (const r of rows) {
            const key = `${r.messageId}:${devices.find((d) => d.gaid === r.gaid)!.id}`;
            const implied = r.mask | (r.mask & 4 ? 3 : r.mask & 2 ? 1 : 0);
            expected.set(key, (expected.get(key) ?? 0) | implied);
          }
          batches++;
        }
      };
      const loops = [traffic(), traffic()];
      await until(() => batches >= 10);
      const suffix = suffixOf(periodStart(now));
      expect(await archiveBlock(database, suffix, now)).toBe(true);
      const atSwap = batches;
      await until(() => batches >= atSwap + 10);
      stop = true;
      await Promise.all(loops);

      const rows = await database.query<{ m: string; d: string; mask: number }>(
        `SELECT message_id::text AS m, device_id::text AS d, event_mask AS mask FROM send_record_events
         WHERE message_id = ANY($1::bigint[])`,
        [messages],
      );
      expect(rows).toHaveLength(2 * N);
      const wrong = rows.filter((r) => r.mask !== (expected.get(`${r.m}:${r.d}`) ?? 0));
      expect(wrong.map((r) => ({ ...r, want: expected.get(`${r.m}:${r.d}`) }))).toEqual([]);
      // each bit queued for counting once: as many as the records hold
      const [bits] = await database.query<{ queued: number; held: number }>(
        `SELECT (SELECT COALESCE(sum(length(replace(x.b::int::bit(8)::text, '0', ''))), 0)::int
                 FROM stat_pending_batches p, unnest(p.message_ids, p.bits) AS x(m, b) WHERE x.m = ANY($1::bigint[])) AS queued,
                (SELECT COALESCE(sum(length(replace(event_mask::int::bit(8)::text, '0', ''))), 0)::int
                 FROM send_record_events WHERE message_id = ANY($1::bigint[])) AS held`,
        [messages],
      );
      expect(bits!.queued).toBe(bits!.held);
      expect(bits!.held).toBeGreaterThan(400);
      expect(deadlocks).toBeLessThan(batches);
    }, 120_000);
  },
);

async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
}
