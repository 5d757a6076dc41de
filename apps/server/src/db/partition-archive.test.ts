import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capCounts } from '../delivery/engine';
import type { EventRow } from '../modules/devices';
import { MessagesRepository } from '../modules/messages';
import { StatisticsWriter } from '../modules/statistics';
import { backends } from '../test/databases';
import { at, DAY, sentToEveryDevice, WEEK } from '../test/fixtures/partitions';
import { appDevices, syntheticApp } from '../test/fixtures/synthetic-devices';
import type { Database } from './client';
import { archiveBlock, archiveSettled } from './partition-archive';
import { applyRetention, periodStart, suffixOf } from './partitions';

const DEVICES = 150;
const SEC = 1000;

/** A send record as every reader sees it (send_record_events), its times as ms since the epoch. */
interface Seen {
  message: string;
  device: string;
  outcome: number;
  loss: number;
  attempts: number;
  fcmName: string | null;
  fcmId: string | null;
  sentAt: number | null;
  mask: number;
  receivedAt: number | null;
  shownAt: number | null;
  clickedAt: number | null;
  reason: number | null;
}

/**
 * Migration 0066: a settled block's send records copied into the narrow send_archive and swapped in for its
 * partition, with the device API's writes meanwhile (a late event, a deleted device) applied; every reader sees the
 * same sends and events through send_record_events, times to the second; events go on counting each bit once.
 */
describe.each(backends())('the archive of settled blocks (migration 0066) [$name]', (backend) => {
  let database: Database;
  let appId: number;
  let devices: Array<{ id: string; gaid: string }>;
  let statistics: StatisticsWriter;
  /** the messages of the first test: with places, without, and the odd records' */
  let paged: string;
  let direct: string;
  let odd: string;
  const now = new Date();
  const suffix = suffixOf(periodStart(now));

  beforeAll(async () => {
    database = await backend.open();
    appId = await syntheticApp(database, 'Archive', DEVICES);
    devices = await appDevices(database, appId);
    statistics = new StatisticsWriter(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const sent = (paged: boolean) => sentToEveryDevice(database, appId, paged, 'Archived');

  const event = (
    i: number,
    messageId: string,
    mask: number,
    when: Date,
    reason: number | null = null,
  ): EventRow => ({
    appId,
    gaid: devices[i]!.gaid,
    messageId,
    mask,
    receivedAt: mask & 1 ? when : null,
    shownAt: mask & 2 ? when : null,
    clickedAt: mask & 4 ? when : null,
    showFailedReason: reason,
  });

  const ms = (v: unknown) => (v === null ? null : new Date(v as string).getTime());
  const seen = async (): Promise<Seen[]> =>
    (
      await database.query<Record<string, unknown>>(
        `SELECT s.message_id::text AS message, s.device_id::text AS device, s.outcome, s.loss_code AS loss, s.attempts,
                s.fcm_name AS "fcmName", encode(s.fcm_id, 'hex') AS "fcmId", s.sent_at AS "sentAt", s.event_mask AS mask,
                s.received_at AS "receivedAt", s.shown_at AS "shownAt", s.clicked_at AS "clickedAt",
                s.show_failed_reason AS reason
         FROM send_record_events s JOIN messages m ON m.id = s.message_id WHERE m.app_id = $1
         ORDER BY s.message_id, s.device_id`,
        [appId],
      )
    ).map((r) => ({
      ...(r as unknown as Seen),
      sentAt: ms(r.sentAt),
      receivedAt: ms(r.receivedAt),
      shownAt: ms(r.shownAt),
      clickedAt: ms(r.clickedAt),
    }));

  /** The archive keeps the times to the second: each within a second of what the records said. */
  const toTheSecond = (before: Seen[]) =>
    before.map((r) => ({
      ...r,
      sentAt: r.sentAt === null ? null : expect.closeTo(r.sentAt, -3.31),
      receivedAt: r.receivedAt === null ? null : expect.closeTo(r.receivedAt, -3.31),
      shownAt: r.shownAt === null ? null : expect.closeTo(r.shownAt, -3.31),
      clickedAt: r.clickedAt === null ? null : expect.closeTo(r.clickedAt, -3.31),
    }));

  const exists = async (table: string) =>
    (await database.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]))[0]!.t !== null;

  it('swaps a block’s records for narrow ones that read the same, with the writes made during the copy', async () => {
    paged = await sent(true);
    direct = await sent(false);
    const t0 = new Date(Date.now() - 30 * 60 * SEC);
    const t1 = new Date(t0.getTime() + 61_500);
    // receipts for most, shows for some, clicks for a few, a show failure; on both paths
    for (const m of [paged, direct]) {
      const rows = devices.flatMap((_, i) =>
        i % 5 === 4 ? [] : [event(i, m, i % 3 === 0 ? 3 : 1, new Date(t0.getTime() + i * 37))],
      );
      expect(await statistics.recordEvents(rows, database)).toMatchObject({ stray: 0 });
      expect(
        await statistics.recordEvents([event(6, m, 4, t1), event(8, m, 16, t1, 12)], database),
      ).toMatchObject({ stray: 0 });
    }
    // the odd records: lost (uninstalled), dispatched at the second attempt, FCM names of other shapes
    const [oddRow] = await database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at, finished_at)
       VALUES ($1, 1, 1, 'Odd', 'o@x.test', '{}', 0, 4, 1, 86400, now(), now()) RETURNING id::text AS id`,
      [appId],
    );
    odd = oddRow!.id;
    await database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, loss_code, attempts, sent_at, fcm_id, fcm_name, event_mask, new_bits)
       VALUES ($1, $2, 2, 3, 1, NULL, NULL, NULL, 0, 0),
              ($1, $3, 1, 0, 2, now(), decode('00000000000000ffa1b2c3d4e5f60718', 'hex'), NULL, 5, 0),
              ($1, $4, 1, 0, 1, now(), decode('ff' || encode(convert_to('projects/p/messages/odd', 'UTF8'), 'hex'), 'hex'), NULL, 1, 0),
              ($1, $5, 1, 0, 1, now(), NULL, 'projects/p/messages/0:1500415314455276%31bd1c9631bd1c96', 0, 0)`,
      [odd, devices[0]!.id, devices[1]!.id, devices[2]!.id, devices[3]!.id],
    );

    const before = await seen();
    expect(before).toHaveLength(2 * DEVICES + 4);
    // the readers of the records themselves (not through send_record_events): the frequency caps' counts
    const kept = devices.filter((_, i) => i !== 7).map((d) => d.id);
    const caps = () => capCounts(database, appId, 1, kept, [1, 30], Date.now());
    const capsBefore = await caps();
    expect(capsBefore.get(devices[1]!.id)?.get(30)).toBe(3);
    const late = new Date(t1.getTime() + 5 * SEC);
    const gone = devices[7]!;
    expect(
      await archiveBlock(database, suffix, now, async (conn) => {
        // the device API meanwhile: a click on a record without a place, another on one with; a device deleted
        expect(
          await statistics.recordEvents([event(5, direct, 4, late), event(5, paged, 4, late)], conn),
        ).toEqual({
          counted: 2,
          stray: 0,
        });
        await conn.query('DELETE FROM devices WHERE id = $1::bigint', [gone.id]);
      }),
    ).toBe(true);

    expect(await exists(`send_records_${suffix}`)).toBe(false);
    expect(await exists(`send_archive_${suffix}`)).toBe(true);
    for (const left of ['send_archive_log_', 'send_archive_start_'])
      expect(await exists(`${left}${suffix}`), left).toBe(false);
    const clicked = (r: Seen) =>
      r.device === devices[5]!.id && (r.message === direct || r.message === paged)
        ? { ...r, mask: r.mask | 7, shownAt: r.shownAt ?? late.getTime(), clickedAt: late.getTime() }
        : r;
    expect(await seen()).toEqual(toTheSecond(before.filter((r) => r.device !== gone.id).map(clicked)));
    expect(await caps()).toEqual(capsBefore);
    // a recall of an archived message takes the devices it was dispatched to
    const [recall] = await database.query<{ id: number }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds)
       VALUES ($1, 4, 1, 'Recall', 'o@x.test', '{}', 0, 0, 1, 86400) RETURNING id`,
      [appId],
    );
    expect(await new MessagesRepository(database).selectForRecall(recall!.id, Number(paged))).toMatchObject({
      count: DEVICES - 1,
    });

    // nearly every archived send takes 64 bytes: the 24-byte header and 40 of data
    const [sizes] = await database.query<{ plain: number; n: number }>(
      `SELECT count(*) FILTER (WHERE pg_column_size(ROW(a.message_id, a.device_id, a.sent_s, a.ev, a.state, a.fcm_id,
                                                        a.fcm_other)) = 64)::int AS plain,
              count(*)::int AS n
       FROM send_archive a`,
    );
    expect(sizes).toEqual({ plain: 2 * (DEVICES - 1), n: 2 * (DEVICES - 1) + 4 });
    const [block] = await database.query<{ archived: boolean; compacted: boolean }>(
      `SELECT archived_at IS NOT NULL AS archived, compacted_at IS NOT NULL AS compacted FROM message_id_blocks
       WHERE suffix = $1`,
      [suffix],
    );
    expect(block).toEqual({ archived: true, compacted: true });
    expect(await archiveBlock(database, suffix, now)).toBe(false);
  });

  it('counts the events of archived sends once, keeps strays, and forgets a deleted device’s sends', async () => {
    // the direct path's message: the archive handed out its places (its records had none)
    const [places] = await database.query<{ next: number }>(
      'SELECT ev_next AS next FROM messages WHERE id = $1',
      [direct],
    );
    expect(places!.next).toBe(DEVICES);
    const later = new Date();
    // device 10 was received only: a click counts once on each path (show and click, one row each)
    for (const m of [direct, paged]) {
      expect(await statistics.recordEvents([event(10, m, 4, later)], database)).toEqual({
        counted: 1,
        stray: 0,
      });
      expect(await statistics.recordEvents([event(10, m, 4, later)], database)).toEqual({
        counted: 0,
        stray: 0,
      });
      const [row] = await database.query<{ mask: number }>(
        'SELECT event_mask AS mask FROM send_record_events WHERE message_id = $1 AND device_id = $2::bigint',
        [m, devices[10]!.id],
      );
      expect(row!.mask).toBe(7);
    }
    // the lost send of the odd message: its device was never reached, the event is a stray
    expect(await statistics.recordEvents([event(0, odd, 1, later)], database)).toEqual({
      counted: 0,
      stray: 1,
    });

    await database.query('DELETE FROM devices WHERE id = $1::bigint', [devices[20]!.id]);
    const [left] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_records_all WHERE device_id = $1::bigint',
      [devices[20]!.id],
    );
    expect(left!.n).toBe(0);
  });

  it('archives a block a day after its week ended, and the retention drops an archived block', async () => {
    // this week has not ended: nothing has settled (the legacy block's ids ran until the test began, a day ago at
    // most); this week's is archived already
    expect(await archiveSettled(database, now)).toEqual([]);
    const nextWeek = at(periodStart(now), WEEK);
    const nextEnd = at(nextWeek, WEEK);
    // next week's block (empty), a minute short of a day after its week: not yet; the legacy block has settled
    expect(await archiveSettled(database, at(nextEnd, DAY - 60 * SEC))).toEqual(['legacy']);
    expect(await archiveSettled(database, at(nextEnd, DAY))).toEqual([suffixOf(nextWeek)]);
    await applyRetention(database, at(now, 30 * WEEK), 90);
    expect(await exists(`send_archive_${suffix}`)).toBe(false);
  });
});
