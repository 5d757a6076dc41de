// The process's Prometheus metrics (docs/operations.md, Metrics): one registry per app instance (tests build many
// apps in one process, so the global default registry is never used), the hooks the engine, the FCM client, the
// device API and the group-commit batchers call, and /metrics on PORT or on METRICS_PORT.
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Database, PoolStats } from '../db/client';
import { eventsLogGauges } from './metrics-events-log';
import type { JobQueueStatus } from '@beacon/shared';
import { JobQueues } from './job-queues';

/** The group-commit batchers of the device API (lib/write-batcher.ts, modules/devices). */
export type BatcherName = 'register' | 'heartbeat' | 'events' | 'touch' | 'user' | 'attributes';

/** Where a send was decided: the filter stage before FCM, or the send itself (FCM's answer, or no request possible). */
export type SendStage = 'filter' | 'send';

/**
 * The loss codes (spec part 2 §8) by what an operator does about them: `device` (uninstalled, notifications off,
 * inactive, stale, new device: nothing), `policy` (bans, banned hours, shielding, daily limits, frequency caps, the control group: intended), `provider` (FCM
 * kept failing: look at FCM), `credentials` (the app's service account: tell its owner), `other` (a message FCM
 * refused, or a payload that could not be built: a bug).
 */
export type LossClass = 'device' | 'policy' | 'provider' | 'credentials' | 'other';

const DEVICE_LOSSES = new Set([1, 26, 106, 107, 108, 111]);
const POLICY_LOSSES = new Set([4, 5, 6, 21, 102, 104, 105, 109, 110, 113, 114]);
const CREDENTIAL_LOSSES = new Set([12, 35]);

/** The class of a loss code; 7 is the daily limit when the filter stage decides it, a refused message at send. */
export function lossClass(stage: SendStage, lossCode: number): LossClass {
  if (DEVICE_LOSSES.has(lossCode)) return 'device';
  if (POLICY_LOSSES.has(lossCode) || (lossCode === 7 && stage === 'filter')) return 'policy';
  if (lossCode === 3) return 'provider';
  if (CREDENTIAL_LOSSES.has(lossCode)) return 'credentials';
  return 'other';
}

/** FCM answers in 10–300 ms; the client gives up after 15 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];
const FLUSH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Observing {
  observe(value: number): void;
}

/**
 * Every metric of one app instance. Hot paths (a send's answer, an SDK call) reach a labelled child cached by its
 * label, so they cost a map lookup and an addition; the gauges read the job queue and the pool on scrape.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly sends: Counter<'result'>;
  private readonly lost: Counter<'stage' | 'loss_class' | 'loss_code'>;
  private readonly fcmLatency: Histogram<'status'>;
  private readonly tokenWaits: Histogram<'bucket'>;
  private readonly sdkRequests: Counter<'route' | 'status'>;
  private readonly sdkEventsTotal: Counter<'type'>;
  private readonly batchSize: Histogram<'batcher'>;
  private readonly flushDuration: Histogram<'batcher'>;
  private readonly fcmByStatus = new Map<string, Observing>();
  /**
   * Device API calls and events counted since the last scrape, added to their counters when one reads them (their
   * `collect`): a prom-client increment hashes its labels, ≈ 3 % of an events call's CPU at the rates of the device API.
   */
  private readonly sdkPending = new Map<string, { route: string; status: string; n: number }>();
  private readonly eventsPending = new Map<string, number>();
  private queueRead: Promise<JobQueueStatus[]> | undefined;
  private readonly queues: JobQueues;
  private server: Server | undefined;

  constructor(private readonly database: Database) {
    this.queues = new JobQueues(database);
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.sends = new Counter({
      name: 'beacon_sends_total',
      help: 'Devices whose send was decided: dispatched (FCM accepted it), lost (with a loss code), or retried (FCM asked to try again later; not final)',
      labelNames: ['result'],
      registers,
    });
    this.lost = new Counter({
      name: 'beacon_sends_lost_total',
      help: 'Devices lost, by stage (filter: before FCM; send: FCM answer or no request possible), loss class and loss code',
      labelNames: ['stage', 'loss_class', 'loss_code'],
      registers,
    });
    for (const result of ['dispatched', 'lost', 'retried']) this.sends.labels(result).inc(0);
    this.fcmLatency = new Histogram({
      name: 'beacon_fcm_request_duration_seconds',
      help: 'FCM HTTP requests from stream open to answer, by HTTP status (or timeout, goaway, reset, network without one)',
      labelNames: ['status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.tokenWaits = new Histogram({
      name: 'beacon_token_bucket_wait_seconds',
      help: "Sends that waited for a token: a message's speed limit (speed_limit) or the app's FCM quota (fcm_quota)",
      labelNames: ['bucket'],
      buckets: WAIT_BUCKETS,
      registers,
    });
    this.sdkRequests = new Counter({
      name: 'beacon_sdk_requests_total',
      help: 'Device API calls (/sdk/v1/register, heartbeat, events, user, attributes) by route and HTTP status',
      labelNames: ['route', 'status'],
      registers,
      collect: () => {
        for (const p of this.sdkPending.values()) this.sdkRequests.labels(p.route, p.status).inc(p.n);
        this.sdkPending.clear();
      },
    });
    this.sdkEventsTotal = new Counter({
      name: 'beacon_sdk_events_total',
      help: 'Events of accepted /sdk/v1/events calls, by type',
      labelNames: ['type'],
      registers,
      collect: () => {
        for (const [type, n] of this.eventsPending) this.sdkEventsTotal.labels(type).inc(n);
        this.eventsPending.clear();
      },
    });
    this.batchSize = new Histogram({
      name: 'beacon_write_batch_size',
      help: 'Items per group-commit flush of the device API, by batcher',
      labelNames: ['batcher'],
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.flushDuration = new Histogram({
      name: 'beacon_write_flush_duration_seconds',
      help: 'Duration of group-commit flushes of the device API (one transaction, or its halves after a failure), by batcher',
      labelNames: ['batcher'],
      buckets: FLUSH_BUCKETS,
      registers,
    });
    const queues = () => this.readQueues();
    const jobs: Gauge<'queue' | 'state'> = new Gauge({
      name: 'beacon_queue_jobs',
      help: 'pg-boss jobs by queue and state: ready (may run now), deferred (start_after in the future: retries, slow batches), active',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        jobs.reset();
        for (const q of await queues()) {
          jobs.labels(q.queue, 'ready').set(q.ready);
          jobs.labels(q.queue, 'deferred').set(q.deferred);
          jobs.labels(q.queue, 'active').set(q.active);
        }
      },
    });
    const age: Gauge<'queue'> = new Gauge({
      name: 'beacon_queue_oldest_ready_age_seconds',
      help: 'Seconds the oldest ready pg-boss job of each queue has waited for a worker (0: none waits)',
      labelNames: ['queue'],
      registers,
      async collect() {
        age.reset();
        for (const q of await queues()) age.labels(q.queue).set(q.oldestSeconds);
      },
    });
    eventsLogGauges(database, registers);
    if (database.poolStats) {
      const poolStats = database.poolStats.bind(database);
      const pool = (name: string, help: string, read: (s: PoolStats) => number) => {
        const gauge: Gauge = new Gauge({
          name,
          help,
          registers,
          collect() {
            gauge.set(read(poolStats()));
          },
        });
      };
      pool('beacon_db_pool_connections', 'Connections the PostgreSQL pool holds open', (s) => s.total);
      pool('beacon_db_pool_idle', 'Open pool connections not in use', (s) => s.idle);
      pool('beacon_db_pool_waiting', 'Queries waiting for a pool connection', (s) => s.waiting);
      pool('beacon_db_pool_max', 'The most connections the pool opens', (s) => s.max);
    }
    if (database.wasmMemoryBytes) {
      const read = database.wasmMemoryBytes.bind(database);
      const wasm: Gauge = new Gauge({
        name: 'beacon_pglite_wasm_memory_bytes',
        help: "The embedded PGlite database's WebAssembly memory: its shared buffers, caches and work memory (it only grows)",
        registers,
        collect() {
          wasm.set(read());
        },
      });
    }
  }

  // the delivery engine's DeliveryMetrics port (delivery/engine/ports.ts) and the FCM client's observer

  sendsDispatched(count: number): void {
    this.sends.labels('dispatched').inc(count);
  }

  sendsLost(stage: SendStage, lossCode: number, count: number): void {
    this.sends.labels('lost').inc(count);
    this.lost.labels(stage, lossClass(stage, lossCode), String(lossCode)).inc(count);
  }

  sendsRetried(count: number): void {
    this.sends.labels('retried').inc(count);
  }

  tokenWait(bucket: 'speed_limit' | 'fcm_quota', seconds: number): void {
    this.tokenWaits.labels(bucket).observe(seconds);
  }

  fcmRequest(status: string, seconds: number): void {
    let child = this.fcmByStatus.get(status);
    if (!child) this.fcmByStatus.set(status, (child = this.fcmLatency.labels(status)));
    child.observe(seconds);
  }

  // the device API's SdkMetrics (modules/devices/sdk.routes.ts) and its batchers' observers

  sdkCall(route: string, statusCode: number): void {
    const key = `${route} ${statusCode}`;
    const pending = this.sdkPending.get(key);
    if (pending) pending.n++;
    else this.sdkPending.set(key, { route, status: String(statusCode), n: 1 });
  }

  sdkEvents(events: ReadonlyArray<{ type: string }>): void {
    for (const e of events) this.eventsPending.set(e.type, (this.eventsPending.get(e.type) ?? 0) + 1);
  }

  flushObserver(batcher: BatcherName): { flushed(items: number, seconds: number): void } {
    const size = this.batchSize.labels(batcher);
    const duration = this.flushDuration.labels(batcher);
    return {
      flushed: (items, seconds) => {
        size.observe(items);
        duration.observe(seconds);
      },
    };
  }

  /** The exposition text of every metric (the job queue and the pool read now). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The port the separate metrics server listens on (METRICS_PORT 0 picks a free one), once it does. */
  get port(): number | undefined {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : undefined;
  }

  /**
   * The job queue's figures, read once per scrape by both queue gauges (prom-client collects them side by side):
   * every queue of the catalogue, 0 when it has no job or pg-boss has not started yet (an API process starts it on
   * its first send); a read that fails reports no queue figure (an absent series) rather than stale ones.
   */
  private readQueues(): Promise<JobQueueStatus[]> {
    this.queueRead ??= this.queues
      .read()
      .catch(() => [])
      .finally(() => (this.queueRead = undefined));
    return this.queueRead;
  }

  /** Whether a request's Authorization header carries the bearer token (always, when no token is configured). */
  authorized(header: string | undefined, token: string | undefined): boolean {
    if (token === undefined) return true;
    const digest = (s: string) => createHash('sha256').update(s).digest();
    return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
  }

  /**
   * Serves GET /metrics (and nothing else) on `port`; worker `i` of `--processes N` (node:cluster, BEACON_WORKER_INDEX)
   * on `port + i`, a port of its own (`exclusive`: not shared through the primary), so that each process is a target.
   */
  async listen(port: number, host: string, token: string | undefined): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
        return;
      }
      if (!this.authorized(req.headers.authorization, token)) {
        res
          .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
          .end('a bearer token is required (METRICS_TOKEN)\n');
        return;
      }
      this.text().then(
        (body) => res.writeHead(200, { 'content-type': this.contentType }).end(body),
        () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('collecting failed\n'),
      );
    });
    this.server = server;
    const index = cluster.isWorker ? Number(process.env.BEACON_WORKER_INDEX) : NaN;
    const own = Number.isInteger(index) && index >= 0;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: own && port > 0 ? port + index : port, host, exclusive: own }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics, when METRICS or METRICS_PORT is set (platform/metrics.ts). */
    metrics?: Metrics;
  }
}

/**
 * Serves the metrics: GET /metrics on PORT when METRICS_PORT is unset, else only on METRICS_PORT (a plain HTTP
 * server that answers nothing else), started with the app (at once in a process that runs the delivery workers,
 * which may never listen on PORT: `beacon worker`) and closed with it. METRICS_TOKEN, when set, is required as
 * `Authorization: Bearer <token>` on either.
 */
export async function serveMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  opts: { settings: NonNullable<Config['metrics']>; host: string; startNow: boolean },
): Promise<void> {
  const { port, token } = opts.settings;
  app.decorate('metrics', metrics);
  if (port === undefined) {
    if (cluster.isWorker)
      app.log.warn(
        {},
        'METRICS=1 with several processes: a scrape of PORT reaches one of them; set METRICS_PORT (one port per process)',
      );
    else if (!token)
      app.log.warn(
        {},
        'METRICS=1 serves /metrics on PORT to anyone who reaches it: set METRICS_TOKEN, or METRICS_PORT on a private interface',
      );
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
      if (!metrics.authorized(req.headers.authorization, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain; charset=utf-8')
          .send('a bearer token is required (METRICS_TOKEN)\n');
      return reply.type(metrics.contentType).send(await metrics.text());
    });
    return;
  }
  const listen = () => metrics.listen(port, opts.host, token);
  if (opts.startNow) await listen();
  else app.addHook('onReady', listen);
  app.addHook('onClose', () => metrics.close());
}
