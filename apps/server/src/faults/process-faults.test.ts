import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { startPgServer, type PgServer } from '../test/pg-server';
import { until } from '../test/until';
import {
  messageRow,
  postgresAt,
  receivedPerDevice,
  reconcile,
  saveBroadcast,
  startRig,
  tally,
  waitSent,
  Worker,
  type FaultRig,
} from '../test/faults';

const DEVICES = 3000;
const postgres = backends('one').filter((b) => b.name === 'postgres');

/**
 * The database server or a worker failing during a broadcast (issue 17 §5): the API in this process, the delivery
 * worker a `beacon worker` process; every device recorded once, the counters reconcile, the message ends sent.
 */
describe.each(postgres)('the PostgreSQL server restarted mid-broadcast [$name]', () => {
  let server: PgServer | undefined;
  let rig: FaultRig;
  const workers: Worker[] = [];

  beforeAll(async () => {
    // a server of its own: the shared one serves the other test files
    server = await startPgServer();
    if (!server) throw new Error('PostgreSQL server binaries not found');
    rig = await startRig(postgresAt(server.url), DEVICES, { runWorkers: false });
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await rig?.close();
    server?.stop();
  });

  it('the worker reconnects and finishes: every device recorded once, none lost, at most a repeat per unrecorded request', async () => {
    const worker = new Worker(rig);
    workers.push(worker);
    const t0 = Date.now();
    const id = await saveBroadcast(rig, 'PG restart', { speedLimit: 1000 });
    const dispatched = async () => (await messageRow(rig, id))?.dispatched ?? 0;
    await until('sends under way', dispatched, (n) => n >= 600, 60_000, 50).catch((err: Error) => {
      throw new Error(`${err.message}\nworker output:\n${worker.out}`);
    });
    const down = Date.now();
    await server!.restart(1000); // a fast shutdown closes every connection; back after a second
    const downMs = Date.now() - down;
    const atRestart = await dispatched();
    expect(atRestart).toBeLessThan(DEVICES);
    const alive = () => {
      if (!worker.running) throw new Error('the worker process ended');
    };
    await waitSent(rig, id, 90_000, alive).catch((err: Error) => {
      throw new Error(`${err.message}\nworker output:\n${worker.out}`);
    });
    const ms = Date.now() - t0;
    expect(worker.running).toBe(true);

    const { dispatched: total, lostByCode } = await reconcile(rig, id, DEVICES);
    expect({ total, lostByCode }).toEqual({ total: DEVICES, lostByCode: {} });
    // requests whose results could not be written while the server was down are sent again (same collapse key)
    const received = receivedPerDevice(rig, id);
    expect(received.filter((n) => n === 0 || n > 2)).toEqual([]);
    const repeated = received.filter((n) => n === 2).length;
    expect(repeated).toBeLessThanOrEqual(1000);
    expect((await worker.stop('SIGTERM')).code).toBe(0);
    console.log(
      `pg restart: ${atRestart} dispatched when the server went down for ${downMs} ms; sent in ${ms} ms, ${repeated} devices got a repeated request (${JSON.stringify(tally(received))})`,
    );
  }, 120_000);
});

describe.each(postgres)('a worker SIGKILLed while it plans a wave [$name]', (backend) => {
  let rig: FaultRig;
  const workers: Worker[] = [];

  beforeAll(async () => {
    rig = await startRig(backend, DEVICES, { runWorkers: false });
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await rig?.close();
  });

  it('another worker plans it again and sends it: every device exactly once, counters reconcile', async () => {
    const db = rig.t.database;
    const id = await saveBroadcast(rig, 'Killed while planning');
    // Planning is a few statements; to kill the worker inside it every time, the test holds a lock on the batches
    // table so that the worker's planning INSERT waits (its wave is running, no batch written yet), and kills it there.
    const lock = new pg.Client({ connectionString: db.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE message_batches IN SHARE MODE');
    // small batches (100 devices each): 30 of them for the next worker to plan and queue
    const first = new Worker(rig, { BEACON_PAGE_SIZE: '100', BEACON_BATCH_PAGES: '1' });
    workers.push(first);
    await until(
      'the worker planning, waiting on the lock',
      () =>
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'message_batches'::regclass`,
        ),
      (rows) => rows[0]?.n === 1,
      60_000,
      50,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\nworker output:\n${first.out}`);
    });
    expect((await first.stop('SIGKILL')).signal).toBe('SIGKILL');
    await lock.query('ROLLBACK');
    await lock.end();
    const wave = () =>
      db.query<{ status: number; batches: number; records: number }>(
        `SELECT w.status, (SELECT count(*)::int FROM message_batches b WHERE b.wave_id = w.id) AS batches,
                (SELECT count(*)::int FROM send_records s WHERE s.message_id = w.message_id) AS records
         FROM message_waves w WHERE w.message_id = $1`,
        [id],
      );
    // The planning INSERT the worker had sent still runs once the lock is released (PostgreSQL notices the client is
    // gone only when it answers): the wave is left running with its 30 batches planned and no dispatch job queued
    await until('the orphaned planning statement', wave, (w) => w[0]?.batches === 30, 10_000, 50);
    expect(await wave()).toEqual([{ status: 1, batches: 30, records: 0 }]);
    expect(await db.query(`SELECT id FROM pgboss.job WHERE name = 'message-dispatch'`)).toEqual([]);
    expect(rig.requests.size).toBe(0);

    // The dead worker's wave job stays active until pg-boss expires it: JOBS.wave's expireInSeconds is 900, so another
    // worker would take it over after 15 minutes. The test moves the job's start 15 minutes back instead of waiting.
    const moved = await db.query(
      `UPDATE pgboss.job SET started_on = started_on - interval '15 minutes'
       WHERE name = 'message-wave' AND state = 'active' RETURNING id`,
    );
    expect(moved).toHaveLength(1);
    const t0 = Date.now();
    const second = new Worker(rig, { BEACON_PAGE_SIZE: '100', BEACON_BATCH_PAGES: '1' });
    workers.push(second);
    await waitSent(rig, id, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\nworker output:\n${second.out}`);
    });
    const ms = Date.now() - t0;

    expect(await wave()).toEqual([{ status: 2, batches: 30, records: DEVICES }]);
    const { dispatched, lostByCode } = await reconcile(rig, id, DEVICES);
    expect({ dispatched, lostByCode }).toEqual({ dispatched: DEVICES, lostByCode: {} });
    expect(tally(receivedPerDevice(rig, id))).toEqual({ 1: DEVICES });
    const [job] = await db.query<{ state: string; retries: number }>(
      `SELECT state, retry_count AS retries FROM pgboss.job WHERE name = 'message-wave'`,
    );
    expect(job).toEqual({ state: 'completed', retries: 1 });
    await second.stop('SIGTERM');
    console.log(`killed while planning: the second worker planned and sent all ${DEVICES} in ${ms} ms`);
  }, 120_000);
});
