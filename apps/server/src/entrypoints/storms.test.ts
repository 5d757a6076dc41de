import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// the topology is shared with `node scripts/topology.mjs` (plain ESM, typed by its .d.mts)
import { Topology } from '../../../../scripts/lib/topology.mjs';
import {
  NATS_HOSTS,
  startFcmEmulator,
  startNats,
  startPostgres,
  type BeaconHost,
  type NatsHosts,
  type PgHost,
} from '../../../../scripts/lib/topology-roles.mjs';
import { postgresAt } from '../test/faults';
import {
  storm,
  stormCounted,
  stormCounts,
  stormScene,
  type StormPost,
  type StormScene,
} from '../test/event-storm';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/test-app';
import { sdkCallsOf, startApiAndWorkers } from '../test/topology-app';
import { until } from '../test/until';

// The device events' storms of issue 31 §2 on separate hosts (the topology of §1): two API hosts behind the balancer
// append each call's events to JetStream (3 NATS hosts, replicas of 3) and answer once it is acknowledged; two worker
// hosts apply the log to PostgreSQL. In the middle of a storm the PostgreSQL host stops for a while, then, in a
// second storm, one NATS host is killed. Every call is answered 200 by the API hosts, and once the log is applied the
// statistics count each event exactly once. On today's path (no NATS_URL) the calls made while PostgreSQL is down fail.
// The issue's targets are 50,000 devices and 60 s; CI runs a short storm (STORM_DEVICES, STORM_PG_DOWN_MS raise them).

const DEVICES = Number(process.env.STORM_DEVICES ?? 6000);
const PG_DOWN_MS = Number(process.env.STORM_PG_DOWN_MS ?? 8000);
const TIMEOUT_MS = Math.max(300_000, 2 * PG_DOWN_MS + 4 * DEVICES + 120_000);
const t0 = Date.now();
const step = (what: string) =>
  process.stderr.write(`storms.test: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

describe('device events storms on separate hosts: PostgreSQL stopped, a NATS host killed [JetStream]', () => {
  let topo: Topology;
  let primary: PgHost;
  let nats: NatsHosts;
  let t: TestApp;
  let post: StormPost;
  /**
   * 32 kept-alive connections, one an agent, the calls taken by each in turn: the balancer hands connections to the
   * API hosts round-robin as they open, so each host gets half of them and of the calls (one agent of 32 sockets
   * reuses its most recent ones, and a paced storm then goes mostly to one host)
   */
  const agents = Array.from({ length: 32 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const beacons: BeaconHost[] = [];

  beforeAll(async () => {
    topo = await Topology.create(['api1', 'api2', 'worker1', 'worker2', 'pg1', ...NATS_HOSTS, 'fcm']);
    [primary, nats] = await Promise.all([
      startPostgres(topo, 'pg1'),
      startNats(topo, NATS_HOSTS),
      startFcmEmulator(topo, 'fcm'),
    ]);
    // the schema, written by this process through the primary's Unix socket; the storms' apps and devices too
    t = await startTestApp(postgresAt(primary.socketUrl()));
    const dbName = new URL(t.database.url ?? '').pathname.slice(1);
    const env = {
      DATABASE_URL: primary.url(dbName),
      FCM_BASE_URL: `http://${topo.address('fcm')}:4000`,
      PUBLIC_URL: 'http://beacon.test',
      BEACON_SECRET_KEY: TEST_SECRET,
      NATS_URL: nats.url,
    };
    const started = await startApiAndWorkers(topo, env);
    beacons.push(...started.beacons);
    post = httpPost(started.base, agents);
    step('hosts up');
  }, 240_000);
  afterAll(async () => {
    for (const a of agents) a.destroy();
    await t?.close();
    await topo?.destroy();
  });

  /** Every call answered 200, and once the workers applied the log, the storm's counts exactly, each once. */
  const caughtUp = async (scene: StormScene, statuses: Record<number, number>, what: string) => {
    expect(statuses).toEqual({ 200: DEVICES });
    const want = stormCounted(DEVICES);
    const counts = await until(
      what,
      () => stormCounts(t, scene),
      (c) => c?.reach === want.reach && c.show === want.show && c.click === want.click && c.pending === 0,
      120_000,
      250,
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}\n${beacons.map((b) => `--- ${b.host}\n${b.out().slice(-2000)}`).join('\n')}`,
      );
    });
    expect(counts).toMatchObject(want);
    // a second look after the log has had time to be delivered again: nothing counted twice
    await new Promise((r) => setTimeout(r, 3000));
    expect(await stormCounts(t, scene)).toEqual(counts);
  };

  it(
    `answers 200 through the PostgreSQL host stopped mid-storm (${DEVICES} devices, ${PG_DOWN_MS} ms): nothing lost, nothing twice`,
    async () => {
      const scene = await stormScene(t, DEVICES);
      step('scene');
      let downMs = 0;
      // the calls spread over the outage and past it: a third before, the rest while the database is down and after
      const run = await storm(
        post,
        scene,
        32,
        async () => {
          const s = Date.now();
          await primary.restart(PG_DOWN_MS);
          downMs = Date.now() - s;
        },
        PG_DOWN_MS + 6000,
      );
      await run.fault;
      step(`storm done (${run.ms} ms, PostgreSQL down ${downMs} ms)`);
      expect(downMs).toBeGreaterThanOrEqual(PG_DOWN_MS);
      await caughtUp(scene, run.statuses, 'the statistics caught up after PostgreSQL returned');
      // both API hosts took their share of the calls (each one's own /metrics, reached past the balancer)
      const answered = await Promise.all(['api1', 'api2'].map((h) => sdkCallsOf(topo, h, 'events')));
      expect(answered[0]! + answered[1]!).toBe(DEVICES);
      for (const n of answered) expect(n).toBeGreaterThan(DEVICES / 4);
      step(`caught up (calls answered: api1 ${answered[0]}, api2 ${answered[1]})`);
    },
    TIMEOUT_MS,
  );

  it(
    `answers 200 with a NATS host killed mid-storm (${DEVICES} devices): nothing lost, nothing twice`,
    async () => {
      const scene = await stormScene(t, DEVICES);
      const run = await storm(post, scene, 32, async () => nats.kill('nats2'), 6000);
      await run.fault;
      step(`storm with nats2 killed done (${run.ms} ms)`);
      await caughtUp(scene, run.statuses, 'the statistics of the storm with a NATS host down');
      step('caught up');
    },
    TIMEOUT_MS,
  );
});

/** Events calls through the balancer, each on the next of `agents`' kept-alive connections. */
function httpPost(base: string, agents: http.Agent[]): StormPost {
  let next = 0;
  return (body, auth) =>
    new Promise((resolve, reject) => {
      const agent = agents[next++ % agents.length];
      const req = http.request(
        `${base}/sdk/v1/events`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', authorization: auth },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            if (res.statusCode !== 200) return resolve(res.statusCode ?? 0);
            try {
              resolve((JSON.parse(text) as { status: number }).status);
            } catch {
              resolve(0);
            }
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
      req.end(JSON.stringify(body));
    });
}
