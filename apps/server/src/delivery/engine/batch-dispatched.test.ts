import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { syntheticApp } from '../../test/fixtures/synthetic-devices';
import { sendCounter } from '../../test/statistics';
import { BatchRepository, type Batch, type Claim, type Drops, type SendResultRow } from './batch.repository';
import { LeaseLost } from './in-flight.repository';
import { LOSS, SendOutcome } from './kinds';

const DEVICES = 20;
const LEASE = 60;

/**
 * Migration 0062: a dispatched send's record leaves its batch id NULL (8 bytes less a record) and its batch counts it
 * in `message_batches.dispatched` instead, once. A batch run again (a crash, a hand-over) counts the devices it has
 * already selected from both, exactly as it counted them from the records' batch ids before.
 */
describe.each(backends())('dispatched sends counted in their batch [$name]', (backend) => {
  let database: Database;
  let appId: number;
  let devices: Array<{ id: string; gaid: string; country: string; appVersion: string }>;
  let batches: BatchRepository;

  beforeAll(async () => {
    database = await backend.open();
    appId = await syntheticApp(database, 'Batches', DEVICES);
    devices = await database.query(
      `SELECT d.id::text AS id, d.gaid::text AS gaid, d.country, d.app_version AS "appVersion" FROM devices d
       WHERE d.app_id = $1 ORDER BY d.id`,
      [appId],
    );
    // the real statistics writer counts what each write decided (messages.dispatch_count among them)
    batches = new BatchRepository(database, sendCounter(database));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A message with `waves` waves over every device, each planned as one batch and leased (a first run). */
  async function message(waves = 1): Promise<{ id: number; batches: Batch[] }> {
    const [m] = await database.query<{ id: number }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at)
       VALUES ($1, 1, 2, 'Batches', 'o@x.test', '{}', 0, $2, 1, 86400, now()) RETURNING id::int AS id`,
      [appId, DEVICES],
    );
    const out: Batch[] = [];
    for (let w = 0; w < waves; w++) {
      const [wave] = await database.query<{ id: number }>(
        'INSERT INTO message_waves (message_id, run_at) VALUES ($1, now()) RETURNING id::int AS id',
        [m!.id],
      );
      const [id] = await batches.plan(m!.id, wave!.id, Number(devices[0]!.id), Number(devices.at(-1)!.id), 1);
      out.push((await batches.lease(id!, LEASE, 0)).batch!);
    }
    return { id: m!.id, batches: out };
  }

  const result = (i: number, outcome: SendResultRow['outcome'], lossCode = 0): SendResultRow => ({
    deviceId: devices[i]!.id,
    outcome,
    lossCode,
    fcmName: null,
    notBefore: null,
    attempted: 1,
    country: devices[i]!.country,
    appVersion: devices[i]!.appVersion,
  });

  /** The message's records: the device's index, outcome and batch id. */
  const records = async (messageId: number) =>
    (
      await database.query<{ id: string; outcome: number; batch: number | null }>(
        `SELECT device_id::text AS id, outcome, batch_id::int AS batch FROM send_records
         WHERE message_id = $1 ORDER BY device_id`,
        [messageId],
      )
    ).map((r) => ({ i: devices.findIndex((d) => d.id === r.id), outcome: r.outcome, batch: r.batch }));
  const counts = async (messageId: number, batchId: number) => {
    const [row] = await database.query<{
      dispatched: number;
      messageDispatched: number;
      selectedBefore: number;
    }>(
      `SELECT b.dispatched, m.dispatch_count AS "messageDispatched",
              -- what selectedInBatch counted before migration 0062: every record of the batch but the filter's drops
              -- (the message has this one batch)
              (SELECT count(*)::int FROM send_records s WHERE s.message_id = m.id
                 AND NOT (s.outcome = ${SendOutcome.LOST} AND s.attempts = 0)) AS "selectedBefore"
       FROM message_batches b JOIN messages m ON m.id = b.message_id WHERE b.id = $2 AND m.id = $1`,
      [messageId, batchId],
    );
    return row!;
  };
  /** The batch's lease runs out (its worker died) and another run takes it over. */
  const takeOver = async (batch: Batch): Promise<Batch> => {
    await database.query(
      `UPDATE message_batches SET lease_until = now() - interval '1 minute' WHERE id = $1`,
      [batch.id],
    );
    const next = (await batches.lease(batch.id, LEASE, 0)).batch!;
    expect(next.attempts).toBe(batch.attempts + 1);
    return next;
  };

  it('leaves a dispatched record without its batch id, counts it in the batch once, and a run again counts what it did before', async () => {
    const m = await message();
    const first = m.batches[0]!;
    // a page: devices 0 and 1 dropped by the filters, 2–10 granted and in the page's intent
    const granted = await batches.reserve(
      first,
      9,
      {
        ids: [devices[0]!.id, devices[1]!.id],
        losses: [LOSS.INACTIVE, LOSS.STALE],
        countries: [devices[0]!.country, devices[1]!.country],
        appVersions: [devices[0]!.appVersion, devices[1]!.appVersion],
      },
      {
        ids: devices.slice(2, 11).map((d) => d.id),
        send: Array(9).fill(true),
        fromCarry: 0,
        leaseSeconds: LEASE,
        windowSeconds: 0,
      },
    );
    expect(granted).toBe(9);
    // FCM's answers: 2–6 dispatched, 7 to retry, 8 refused; 9 and 10 on the wire when the worker dies
    const answers = [
      ...[2, 3, 4, 5, 6].map((i) => result(i, SendOutcome.DISPATCHED)),
      result(7, SendOutcome.PENDING),
      result(8, SendOutcome.LOST, LOSS.PROVIDER_ERROR),
    ];
    await batches.record(first, answers, LEASE);
    const b = first.id;
    expect(await records(m.id)).toEqual([
      { i: 0, outcome: SendOutcome.LOST, batch: b },
      { i: 1, outcome: SendOutcome.LOST, batch: b },
      ...[2, 3, 4, 5, 6].map((i) => ({ i, outcome: SendOutcome.DISPATCHED, batch: null })),
      { i: 7, outcome: SendOutcome.PENDING, batch: b },
      { i: 8, outcome: SendOutcome.LOST, batch: b },
    ]);
    expect(await counts(m.id, b)).toEqual({ dispatched: 5, messageDispatched: 5, selectedBefore: 7 });
    expect(await batches.selectedInBatch(first)).toBe(7);

    // the same results written again (a flush retried): the records refuse them, nothing counts twice
    await batches.record(first, answers, LEASE);
    expect(await counts(m.id, b)).toEqual({ dispatched: 5, messageDispatched: 5, selectedBefore: 7 });

    // the worker dies; the next run resolves its sends on the wire by their receipts: 9 reported the message
    const second = await takeOver(first);
    await database.query(
      `INSERT INTO stat_stray_events (app_id, gaid, message_id, mask) VALUES ($1, $2::uuid, $3, 1)`,
      [appId, devices[9]!.gaid, m.id],
    );
    expect(await batches.inFlight.resolveAmbiguous(second, LEASE, 0)).toEqual({
      received: 1,
      resend: 1,
      deferred: 0,
    });
    expect((await records(m.id)).filter((r) => r.i >= 9)).toEqual([
      { i: 9, outcome: SendOutcome.DISPATCHED, batch: null },
      { i: 10, outcome: SendOutcome.PENDING, batch: b },
    ]);
    expect(await counts(m.id, b)).toEqual({ dispatched: 6, messageDispatched: 6, selectedBefore: 9 });
    // what the run again reserves from: as before the change
    expect(await batches.selectedInBatch(second)).toBe(9);
    // resolved once: a second pass finds nothing in flight
    expect(await batches.inFlight.resolveAmbiguous(second, LEASE, 0)).toEqual({
      received: 0,
      resend: 0,
      deferred: 0,
    });
    expect((await counts(m.id, b)).dispatched).toBe(6);

    // its waiting devices (7's retry, 10) sent: their records leave the batch id as they are dispatched
    const waiting = await batches.inFlight.claimWaiting(second, first.fromId - 1, 100, 0, LEASE);
    expect(waiting.map((w) => w.id)).toEqual([devices[7]!.id, devices[10]!.id]);
    await batches.record(
      second,
      [result(7, SendOutcome.DISPATCHED), result(10, SendOutcome.DISPATCHED)],
      LEASE,
    );
    expect(
      (await records(m.id)).filter((r) => r.outcome === SendOutcome.DISPATCHED && r.batch !== null),
    ).toEqual([]);
    expect(await counts(m.id, b)).toEqual({ dispatched: 8, messageDispatched: 8, selectedBefore: 9 });
    expect(await batches.selectedInBatch(await takeOver(second))).toBe(9);
  });

  it('fences a reservation: a run whose batch was taken over grants, drops and claims nothing, the run that holds it renews its lease', async () => {
    const m = await message();
    const first = m.batches[0]!;
    const page = (from: number): [Drops, Claim] => [
      {
        ids: [devices[from]!.id],
        losses: [LOSS.INACTIVE],
        countries: [devices[from]!.country],
        appVersions: [devices[from]!.appVersion],
      },
      {
        ids: devices.slice(from + 1, from + 4).map((d) => d.id),
        send: [true, true, true],
        fromCarry: 0,
        leaseSeconds: LEASE,
        windowSeconds: 0,
      },
    ];
    const state = async () => {
      const [row] = await database.query<Record<string, number>>(
        `SELECT (SELECT selected_count FROM messages WHERE id = $1)::int AS selected,
                (SELECT reserved FROM message_batches WHERE id = $2)::int AS reserved,
                (SELECT count(*) FROM send_intents WHERE message_id = $1)::int AS intents,
                (SELECT count(*) FROM send_records WHERE message_id = $1)::int AS records`,
        [m.id, first.id],
      );
      return row!;
    };
    const second = await takeOver(first);
    // the run that lost the batch: its reservation is refused whole
    await expect(batches.reserve(first, 3, ...page(0))).rejects.toBeInstanceOf(LeaseLost);
    expect(await state()).toEqual({ selected: 0, reserved: 0, intents: 0, records: 0 });
    // the run that holds it: granted, its drop recorded, its intent written, and its lease renewed
    await database.query(
      `UPDATE message_batches SET lease_until = now() + interval '1 second' WHERE id = $1`,
      [second.id],
    );
    expect(await batches.reserve(second, 3, ...page(0))).toBe(3);
    expect(await state()).toEqual({ selected: 3, reserved: 3, intents: 1, records: 1 });
    const [lease] = await database.query<{ left: number }>(
      `SELECT extract(epoch FROM lease_until - now())::float8 AS left FROM message_batches WHERE id = $1`,
      [second.id],
    );
    expect(lease!.left).toBeGreaterThan(LEASE - 5);
  });

  it("keeps another batch's id on a record it dispatches: that batch still counts it, this one does not", async () => {
    // a device of two waves (its time zone changed between them): waiting in the first wave's batch for a window
    const m = await message(2);
    const [one, two] = m.batches as [Batch, Batch];
    await batches.record(
      one,
      [{ ...result(0, SendOutcome.PENDING), attempted: 0, notBefore: new Date(Date.now() + 3_600_000) }],
      LEASE,
    );
    await batches.record(two, [result(0, SendOutcome.DISPATCHED), result(1, SendOutcome.DISPATCHED)], LEASE);
    expect(await records(m.id)).toEqual([
      { i: 0, outcome: SendOutcome.DISPATCHED, batch: one.id },
      { i: 1, outcome: SendOutcome.DISPATCHED, batch: null },
    ]);
    expect(await batches.selectedInBatch(one)).toBe(1);
    expect(await batches.selectedInBatch(two)).toBe(1);
  });
});
