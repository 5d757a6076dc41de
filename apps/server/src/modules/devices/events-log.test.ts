import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERED_BIT, type SystemStatus } from '@beacon/shared';
import { gaid } from '../../test/devices';
import { signedIn } from '../../test/fixtures/team';
import { postgresAt } from '../../test/faults';
import { startNatsCluster, type NatsCluster } from '../../test/nats';
import { startPgServer, type PgServer } from '../../test/pg-server';
import { startTestApp, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { storm, stormCounts, stormExpected, stormScene, type StormScene } from '../../test/event-storm';
import { StatisticsWriter } from '../statistics';
import { DevicesRepository } from './devices.repository';
import { SdkAuth } from './sdk-auth';
import { DEVICE_TOUCH_MS } from './devices.service';
import { EVENTS_STREAM } from './events-log';
import { EVENTS_CONSUMER, EventsLogConsumer } from './events-log.consumer';

/** Devices of each storm: one events call each (the issue's target is 50,000; NATS_STORM_DEVICES raises it). */
const DEVICES = Number(process.env.NATS_STORM_DEVICES ?? 6000);
/** How long PostgreSQL stays stopped in the storm (the issue's target is 60 s; NATS_STORM_PG_DOWN_MS sets it). */
const PG_DOWN_MS = Number(process.env.NATS_STORM_PG_DOWN_MS ?? 8000);
/** The storm with PostgreSQL stopped spreads its calls over at least this long (NATS_STORM_SPAN_MS; 0: at once). */
const SPAN_MS = Number(process.env.NATS_STORM_SPAN_MS ?? 0);
const STORM_TIMEOUT_MS = Math.max(240_000, 2 * PG_DOWN_MS + 4 * DEVICES + SPAN_MS);

/**
 * The device events' log on NATS JetStream (issue 31 §2): a 3-node cluster of real nats-server processes, a
 * PostgreSQL server of its own (stopped in the middle of a storm), the device API of a test app with NATS_URL, and
 * a worker's consumer applying the log to the database.
 */
describe('device events through JetStream [postgres, 3 NATS nodes]', () => {
  let pgServer: PgServer;
  let nats: NatsCluster;
  let t: TestApp;
  let nc: NatsConnection;
  let writer: StatisticsWriter;
  let worker: EventsLogConsumer;
  const errors: unknown[] = [];

  beforeAll(async () => {
    const server = await startPgServer();
    if (!server) throw new Error('PostgreSQL server binaries not found');
    pgServer = server;
    nats = await startNatsCluster(3);
    t = await startTestApp(postgresAt(server.url), { NATS_URL: nats.url, NATS_REPLICAS: '3' });
    // the worker: the statistics writer and the log's consumer, as `beacon worker` builds them (app.ts)
    nc = await connect({ servers: nats.url.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    writer = new StatisticsWriter(t.database, { sweepMs: 1000, delayMs: 200, onError: () => undefined });
    writer.start();
    worker = consumer();
    await worker.start();
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await writer?.close().catch(() => undefined);
    await nc?.drain().catch(() => undefined);
    await t?.close();
    await nats?.stop();
    pgServer?.stop();
  });

  /** The worker's consumer, as devices.module.ts gives it: it also moves the devices' last-active time. */
  const consumer = () => {
    const repo = new DevicesRepository(t.database);
    return new EventsLogConsumer(nc, writer, {
      onError: (e) => errors.push(e),
      touch: (devices) => repo.touch(devices, DEVICE_TOUCH_MS / 1000, undefined, writer.activitySql),
    });
  };

  const settled = (scene: StormScene, what: string, timeoutMs = 60_000) => {
    const want = stormExpected(scene.devices);
    return until(
      what,
      () => stormCounts(t, scene),
      (c) => c?.reach === want.reach && c.show === want.show && c.click === want.click && c.pending === 0,
      timeoutMs,
      250,
    );
  };

  /** After a storm: every call answered 200, and the day's counts exactly the storm's once the log is applied. */
  const caughtUp = async (scene: StormScene, run: { statuses: Record<number, number> }, what: string) => {
    expect(run.statuses).toEqual({ 200: DEVICES });
    const counts = await settled(scene, what, 90_000);
    const want = stormExpected(DEVICES);
    expect(counts).toMatchObject({ day_reach: want.reach, day_show: want.show, day_click: want.click });
  };

  it('counts the events posted with NATS_URL exactly as the database path does', async () => {
    const scene = await stormScene(t, 1000);
    const run = await storm(t, scene);
    expect(run.statuses).toEqual({ 200: 1000 });
    const viaNats = await settled(scene, 'the events counted from the log');
    // today's path, in the same process: the same calls to an app without NATS_URL
    const plain = await startTestApp(postgresAt(pgServer.url));
    try {
      const other = await stormScene(plain, 1000);
      expect((await storm(plain, other)).statuses).toEqual({ 200: 1000 });
      await plain.services.devices.drain();
      const viaDatabase = await stormCounts(plain, other);
      expect(viaNats).toEqual(viaDatabase);
      const want = stormExpected(1000);
      expect(viaNats).toMatchObject({ day_reach: want.reach, day_show: want.show, stray: want.stray });
    } finally {
      await plain.close();
    }
  }, 120_000);

  it("shows in the platform's System status the stream's replicas, its leader, and what waits to be applied", async () => {
    await t.services.users.upsertAdmin('ops@example.com', 'Ops#2024-status', 150);
    const ops = await signedIn(t, 'ops@example.com', 'Ops#2024-status');
    const eventsLog = async () => {
      const res = await ops.call('GET', '/tcm/v1/platform/system/status');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: SystemStatus }>().data.eventsLog;
    };
    // the worker stopped: a storm's calls wait in the stream
    await worker.stop();
    const scene = await stormScene(t, 300);
    expect((await storm(t, scene)).statuses).toEqual({ 200: 300 });
    const waiting = await eventsLog();
    expect(waiting).toMatchObject({ mode: 'nats', oldestSeconds: null, error: null });
    expect(waiting.waiting).toBeGreaterThan(0);
    expect(waiting.replicas).toHaveLength(3);
    expect(waiting.replicas.filter((r) => r.leader)).toHaveLength(1);
    // the worker again: it applies them, and nothing waits
    worker = consumer();
    await worker.start();
    await settled(scene, 'the storm applied by the worker again');
    const drained = await until('the consumer acknowledging the storm', eventsLog, (l) => l.waiting === 0);
    expect(drained.replicas.map((r) => r.current)).toEqual([true, true, true]);
  }, 120_000);

  it('counts a recovered receipt through the log as recovered once: retried, after a plain receipt, or stray', async () => {
    // 20 devices, 18 dispatched (i = 10 and 0 were not: strays); missed-push recovery's receipts (issue 32 §1)
    const scene = await stormScene(t, 20);
    await t.database.query(
      `UPDATE devices SET brand = 'XIAOMI', model = 'REDMI 9' WHERE app_id = $1 AND gaid = ANY($2::uuid[])`,
      [scene.appId, [gaid(1), gaid(2)]],
    );
    const msgId = Number(scene.msgId);
    const post = async (i: number, events: object[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sdk/v1/events',
        headers: { authorization: scene.auth },
        payload: { gaid: gaid(i), events },
      });
      expect(res.json<{ status: number }>().status, res.body).toBe(200);
    };
    const ts = Date.now() - 60_000;
    const recoveredReceipt = { type: 'received', msgId, ts, recovered: true };
    const reach = () =>
      t.database
        .query<{ reach: number }>('SELECT reach_count AS reach FROM messages WHERE id = $1', [msgId])
        .then((r) => r[0]?.reach ?? 0);
    // device 5 had reported its receipt before: a recovered one after it is no recovery
    await post(5, [{ type: 'received', msgId, ts }]);
    await until('the plain receipt counted', reach, (n) => n === 1, 30_000, 100);
    for (const i of [1, 2, 3]) await post(i, [recoveredReceipt, { type: 'shown', msgId, ts: ts + 1000 }]);
    // an SDK retrying the same call, device 5's late recovered receipt, and a device the message never went to
    for (const i of [1, 2, 3, 5, 10]) await post(i, [recoveredReceipt]);
    // device 6's push arrived late, after the heartbeat had recovered it: its first receipt was the plain one, and the
    // two calls may be applied in one batch or two
    await post(6, [{ type: 'received', msgId, ts: ts + 500 }]);
    await post(6, [{ ...recoveredReceipt, ts: ts + 1500 }]);
    const counts = await until(
      'the recovered receipts counted from the log',
      async () => {
        const [row] = await t.database.query<{ reach: number; recovered: number; pending: number }>(
          `SELECT reach_count AS reach, recovered_count AS recovered,
                  (SELECT count(*)::int FROM stat_pending_batches) AS pending
           FROM messages WHERE id = $1`,
          [msgId],
        );
        return row;
      },
      (c) => c?.reach === 5 && c.recovered === 3 && c.pending === 0,
      30_000,
      100,
    );
    expect(counts).toEqual({ reach: 5, recovered: 3, pending: 0 });
    const bits = await t.database.query<{ gaid: string; recovered: boolean }>(
      `SELECT d.gaid::text AS gaid, s.event_mask & ${RECOVERED_BIT} > 0 AS recovered
       FROM send_record_events s JOIN devices d ON d.id = s.device_id WHERE s.message_id = $1 AND s.event_mask > 0
       ORDER BY d.gaid`,
      [msgId],
    );
    expect(bits).toEqual([
      { gaid: gaid(1), recovered: true },
      { gaid: gaid(2), recovered: true },
      { gaid: gaid(3), recovered: true },
      { gaid: gaid(5), recovered: false },
      { gaid: gaid(6), recovered: false },
    ]);
    // what the console reads: the funnel, the loss reasons and the breakdown agree
    const [{ email } = { email: '' }] = await t.database.query<{ email: string }>(
      'SELECT owner_email AS email FROM messages WHERE id = $1',
      [msgId],
    );
    const owner = await signedIn(t, email, 'Owner#2024');
    const read = async <T>(what: string) => {
      const res = await owner.call('GET', `/tcm/v1/app/${scene.appId}/msg/${msgId}/${what}`);
      return res.json<{ data: T }>().data;
    };
    expect(await read('funnel')).toMatchObject({ targetReach: 5, recovered: 3 });
    expect(await read('lose')).toMatchObject({ recovered: 3 });
    expect(await read('recovered')).toEqual({
      total: 3,
      rows: [
        { brand: 'XIAOMI', model: 'REDMI 9', recovered: 2 },
        { brand: 'TECNO', model: 'SPARK 10', recovered: 1 },
      ],
    });
  }, 60_000);

  it('counts nothing twice when the whole log is delivered again (a second durable consumer replays it)', async () => {
    const before = await stormCounts(
      t,
      (
        await t.database.query<StormScene>(
          `SELECT app_id AS "appId", id::text AS "msgId" FROM messages WHERE title = 'Storm' ORDER BY id LIMIT 1`,
        )
      )[0]!,
    );
    // every recovered receipt in the log so far (the case above): replayed, none counts again
    const recoveredNow = () =>
      t.database.query<{ own: number; byModel: number }>(
        `SELECT (SELECT COALESCE(sum(recovered_count), 0)::int FROM messages) AS own,
                (SELECT COALESCE(sum(recovered), 0)::int FROM stat_message_recovered) AS "byModel"`,
      );
    const recoveredBefore = await recoveredNow();
    const info = await jetstreamManager(nc);
    const { state } = await info.streams.info('BEACON_EVENTS');
    const replay = new EventsLogConsumer(nc, writer, { durable: 'replay-test' });
    await replay.start();
    try {
      await until(
        'the replay applied',
        async () => replay.applied,
        (n) => n >= state.messages,
        60_000,
      );
      await writer.settle();
    } finally {
      await replay.stop();
    }
    const scene = (
      await t.database.query<StormScene>(
        `SELECT app_id AS "appId", id::text AS "msgId" FROM messages WHERE title = 'Storm' ORDER BY id LIMIT 1`,
      )
    )[0]!;
    expect(state.messages).toBeGreaterThan(0);
    expect(await stormCounts(t, scene)).toEqual(before);
    expect(await recoveredNow()).toEqual(recoveredBefore);
  }, 120_000);

  it("moves the devices' last-active time from the log's consumer, not from the device API, and counts them active once", async () => {
    const scene = await stormScene(t, 40);
    await t.database.query(
      `UPDATE devices SET last_active_at = now() - interval '2 days' WHERE app_id = $1`,
      [scene.appId],
    );
    const state = async () => {
      const [row] = await t.database.query<{ moved: number; active: number }>(
        `SELECT (SELECT count(*)::int FROM devices WHERE app_id = $1 AND last_active_at > now() - interval '1 hour')
                  AS moved,
                (SELECT COALESCE(sum(effective), 0)::int FROM stat_user_days
                 WHERE app_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date) AS active`,
        [scene.appId],
      );
      return row!;
    };
    // the consumer stopped: the calls are answered from the log, and nothing moves the devices meanwhile
    await worker.stop();
    expect((await storm(t, scene)).statuses).toEqual({ 200: 40 });
    await t.services.devices.drain();
    await new Promise((r) => setTimeout(r, 500));
    expect(await state()).toEqual({ moved: 0, active: 0 });
    // a worker's consumer again: every device moved (the strays' too: their calls were app activity), each counted
    // active once, though each device's call is delivered once and the retried calls below again
    worker = consumer();
    await worker.start();
    await until(
      'the devices moved by the consumer',
      state,
      (s) => s.moved === 40 && s.active === 40,
      30_000,
      100,
    );
    expect((await storm(t, scene)).statuses).toEqual({ 200: 40 });
    const jsm = await jetstreamManager(nc);
    await until(
      'the retried calls applied',
      () => jsm.consumers.info(EVENTS_STREAM, EVENTS_CONSUMER),
      (c) => c.num_pending === 0 && c.num_ack_pending === 0,
      30_000,
      100,
    );
    expect(await state()).toEqual({ moved: 40, active: 40 });
    expect(errors).toEqual([]);
  }, 90_000);

  it("takes a stall of the NATS nodes longer than a pull's heartbeats as a pull that ended, not an error", async () => {
    // CI once failed here on a loaded machine: a pull of 1 s expects the server's heartbeat every 500 ms, and the
    // client ends a pull that missed two with "heartbeats missed"; that is a pull that ended, and the next one asks again
    const scene = await stormScene(t, 40);
    const before = errors.length;
    const pulled = worker.pullsEndedByHeartbeats;
    for (const n of nats.nodes) n.process?.kill('SIGSTOP');
    await new Promise((r) => setTimeout(r, 2500));
    for (const n of nats.nodes) n.process?.kill('SIGCONT');
    expect((await storm(t, scene)).statuses).toEqual({ 200: 40 });
    await settled(scene, 'the storm after the stall', 60_000);
    expect(worker.pullsEndedByHeartbeats).toBeGreaterThan(pulled);
    expect(errors.slice(before)).toEqual([]);
  }, 90_000);

  it("keeps verifying the apps' credentials while PostgreSQL is down past their cache's time, and no others", async () => {
    // the storm below stops PostgreSQL for 8 s, within the 30 s the credentials are kept; the issue's outage is 60 s:
    // the same, with a cache of 300 ms
    const scene = await stormScene(t, 1);
    const auth = new SdkAuth(t.repos.apps, t.box, 300);
    const key = Buffer.from(scene.auth.slice(6), 'base64').toString().split(':')[0]!;
    const wrong = `Basic ${Buffer.from(`${key}:nope`).toString('base64')}`;
    const stranger = `Basic ${Buffer.from('nokey:nosecret').toString('base64')}`;
    expect(await auth.appFor(scene.auth)).toMatchObject({ appId: scene.appId });
    const down = pgServer.restart(3000);
    try {
      await until(
        'PostgreSQL down',
        () =>
          t.database.query('SELECT 1').then(
            () => false,
            () => true,
          ),
        (isDown) => isDown,
        10_000,
        50,
      );
      await new Promise((r) => setTimeout(r, 600)); // past the cache's time
      for (let i = 0; i < 5; i++) {
        expect(await auth.appFor(scene.auth)).toMatchObject({ appId: scene.appId });
        await new Promise((r) => setTimeout(r, 400));
      }
      // a wrong secret is still refused; a key never seen cannot be checked, and is not let in
      await expect(auth.appFor(wrong)).rejects.toMatchObject({ code: 401 });
      await expect(auth.appFor(stranger)).rejects.toThrow();
      expect(
        await t.database.query('SELECT 1').then(
          () => 'up',
          () => 'down',
        ),
      ).toBe('down');
    } finally {
      await down;
    }
    expect(await auth.appFor(scene.auth)).toMatchObject({ appId: scene.appId });
  }, 60_000);

  it(
    `keeps answering 200 through PostgreSQL stopped mid-storm (${DEVICES} devices): nothing lost, nothing twice`,
    async () => {
      const scene = await stormScene(t, DEVICES);
      let downMs = 0;
      const run = await storm(
        t,
        scene,
        64,
        async () => {
          const t0 = Date.now();
          await pgServer.restart(PG_DOWN_MS);
          downMs = Date.now() - t0;
        },
        SPAN_MS,
      );
      await run.fault;
      await caughtUp(scene, run, 'the statistics caught up after PostgreSQL returned');
      console.log(
        `PG stopped ${downMs} ms mid-storm: ${DEVICES} calls in ${run.ms} ms (${Math.round((DEVICES * 1000) / run.ms)}/s), all 200; counts caught up`,
      );
    },
    STORM_TIMEOUT_MS,
  );

  it(`keeps answering 200 with one NATS node killed mid-storm (${DEVICES} devices): nothing lost, nothing twice`, async () => {
    const scene = await stormScene(t, DEVICES);
    const run = await storm(t, scene, 64, () => nats.kill(1));
    await run.fault;
    await caughtUp(scene, run, 'the statistics of the storm with a node down');
    console.log(
      `NATS node killed mid-storm: ${DEVICES} calls in ${run.ms} ms (${Math.round((DEVICES * 1000) / run.ms)}/s), all 200; counts exact`,
    );
    await nats.start(1);
  }, 240_000);
});
